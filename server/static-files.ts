/**
 * The built client (build/client) in production. It is indexed once at startup, like the server build
 * that server.ts imports once: only files found then are served (no path from a request ever reaches the
 * file system), and each gets its type, size and ETag (a hash of its bytes) computed that one time.
 *
 * Files come with the .br/.gz siblings written at build time (scripts/precompress.ts); the best one the
 * request accepts is sent in the original's place. Nothing here is compressed per request.
 *
 * The bytes are kept in memory (a build's client is a few megabytes): an asset is answered without a
 * file handle or a stream, at close to the pace of a route that touches nothing.
 */
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, sep } from "node:path";
import type { MiddlewareHandler } from "hono";
import { getMimeType } from "hono/utils/mime";
import { acceptedCodings, varyOnAcceptEncoding, type Coding } from "./compression.ts";
import { applySecurityHeaders } from "./security-headers.ts";

/** Vite names everything under /assets/ after a hash of its content: a new build means a new URL. */
export const IMMUTABLE = "public, max-age=31536000, immutable";
/** Other files (favicon.svg) keep their name across builds: reuse only after asking (an ETag makes that a 304). */
export const REVALIDATE = "public, max-age=0, must-revalidate";

const SIBLING_SUFFIX: Record<Coding, string> = { br: ".br", gzip: ".gz" };

interface Variant {
  bytes: Uint8Array<ArrayBuffer>;
  size: number;
  etag: string;
}

export interface StaticFile {
  type: string;
  cacheControl: string;
  identity: Variant;
  br?: Variant;
  gzip?: Variant;
}

/** URL path (decoded, "/assets/x.js") to file. Dotfiles are left out; so are siblings, served only in their original's place. */
export function indexStaticFiles(root: string): Map<string, StaticFile> {
  const index = new Map<string, StaticFile>();
  if (!existsSync(root)) return index;
  const names = readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(join(root, sep).length))
    .filter((name) => !name.split(sep).some((segment) => segment.startsWith(".")));
  const present = new Set(names);
  const variant = (name: string): Variant => {
    const bytes = new Uint8Array(readFileSync(join(root, name)));
    // Strong: it names these exact bytes, so each coding of a file has its own.
    return { bytes, size: bytes.byteLength, etag: `"${createHash("sha256").update(bytes).digest("base64url").slice(0, 27)}"` };
  };
  for (const name of names) {
    if (/\.(?:br|gz)$/.test(name) && present.has(name.slice(0, -3))) continue;
    const path = `/${name.split(sep).join("/")}`;
    const entry: StaticFile = {
      type: getMimeType(name) ?? "application/octet-stream",
      cacheControl: path.startsWith("/assets/") ? IMMUTABLE : REVALIDATE,
      identity: variant(name),
    };
    for (const coding of ["br", "gzip"] as const) {
      const sibling = name + SIBLING_SUFFIX[coding];
      if (!present.has(sibling)) continue;
      const compressed = variant(sibling);
      if (compressed.size < entry.identity.size) entry[coding] = compressed;
    }
    index.set(path, entry);
  }
  return index;
}

/** If-None-Match uses the weak comparison (RFC 9110 13.1.2): W/"x" matches "x". */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(",").some((tag) => {
    const trimmed = tag.trim();
    return trimmed === "*" || trimmed.replace(/^W\//, "") === etag;
  });
}

function requestedPath(url: string): string | undefined {
  try {
    return decodeURIComponent(new URL(url).pathname);
  } catch {
    return undefined;
  }
}

/**
 * Serves GET/HEAD for indexed files; everything else goes on to the API or the panel (so an unknown
 * /assets/ URL gets the panel's 404 page, as before).
 */
export function staticFiles(options: { root: string; production: boolean; https: boolean }): MiddlewareHandler {
  const index = indexStaticFiles(options.root);
  return async (c, next) => {
    const { method } = c.req;
    if (method !== "GET" && method !== "HEAD") return next();
    const path = requestedPath(c.req.url);
    const file = path === undefined ? undefined : index.get(path);
    if (!file) return next();

    const coding = acceptedCodings(c.req.header("Accept-Encoding")).find((candidate) => file[candidate]);
    const variant = (coding && file[coding]) || file.identity;
    // The headers a 304 repeats (RFC 9110 15.4.5) plus the protective ones; an SVG opened on its own must not run scripts either.
    const headers = new Headers({ "Cache-Control": file.cacheControl, ETag: variant.etag });
    if (file.br || file.gzip) varyOnAcceptEncoding(headers);
    applySecurityHeaders(headers, options);
    if (matchesEtag(c.req.header("If-None-Match"), variant.etag)) return new Response(null, { status: 304, headers });

    headers.set("Content-Type", file.type);
    if (coding) headers.set("Content-Encoding", coding);
    headers.set("Content-Length", String(variant.size));
    return new Response(method === "HEAD" ? null : variant.bytes, { status: 200, headers });
  };
}

/**
 * The built client in production, through createHttpApp with a throw-away build directory: which coding
 * is sent for which Accept-Encoding, the bytes, caching (immutable assets, ETag and 304 elsewhere), and
 * that anything not in the build still reaches the panel.
 */
import { getRequestListener } from "@hono/node-server";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { precompressDirectory } from "../scripts/precompress.ts";
import { createHttpApp } from "./http-app.ts";
import { IMMUTABLE, REVALIDATE } from "./static-files.ts";

const ASSET = "/assets/entry.client-AbC123.js";
const source = Array.from({ length: 400 }, (_, i) => `export const value${i} = "${"x".repeat(i % 17)}";`).join("\n");
let dir: string;
let app: ReturnType<typeof createHttpApp>;

const appFor = (root: string, production = true) =>
  createHttpApp({
    api: { fetch: () => Response.json({ api: true }) },
    apiPrefixes: ["/api/"],
    panel: async (request) => new Response(`panel ${request.method} ${new URL(request.url).pathname}`, { status: 404 }),
    maxBodyBytes: 1024,
    production,
    https: false,
    trustProxy: false,
    staticRoot: root,
  });

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "launchpad-static-"));
  mkdirSync(join(dir, "assets"));
  writeFileSync(join(dir, ASSET), source);
  writeFileSync(join(dir, "favicon.svg"), `<svg xmlns="http://www.w3.org/2000/svg">${"<rect/>".repeat(100)}</svg>`);
  writeFileSync(join(dir, "robots.txt"), "User-agent: *\n");
  writeFileSync(join(dir, ".env"), "SECRET=1");
  await precompressDirectory(dir);
  app = appFor(dir);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const get = (path: string, headers: Record<string, string> = {}, method = "GET") =>
  app.fetch(new Request(`http://localhost${path}`, { method, headers }));
const bytes = async (response: Response) => Buffer.from(await response.arrayBuffer());

describe("content coding of built files", () => {
  it("br when accepted, with the original's type, Vary and the length of what is sent", async () => {
    const response = await get(ASSET, { "Accept-Encoding": "gzip, deflate, br, zstd" });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-encoding")).toBe("br");
    expect(response.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(response.headers.get("vary")).toBe("Accept-Encoding");
    const body = await bytes(response);
    expect(Number(response.headers.get("content-length"))).toBe(body.byteLength);
    expect(body.byteLength).toBeLessThan(source.length);
    expect(brotliDecompressSync(body).toString()).toBe(source);
  });

  it("gzip when br is not accepted (or refused with q=0)", async () => {
    for (const accept of ["gzip", "br;q=0, gzip", "x-gzip", "gzip;q=1, br;q=0.5"]) {
      const response = await get(ASSET, { "Accept-Encoding": accept });
      expect(response.headers.get("content-encoding"), accept).toBe("gzip");
      const body = await bytes(response);
      expect(Number(response.headers.get("content-length"))).toBe(body.byteLength);
      expect(gunzipSync(body).toString()).toBe(source);
    }
  });

  it("the file itself without an accepted coding", async () => {
    for (const accept of [undefined, "identity", "deflate", "br;q=0, gzip;q=0", "*;q=0"]) {
      const response = await get(ASSET, accept === undefined ? {} : { "Accept-Encoding": accept });
      expect(response.headers.get("content-encoding"), accept).toBeNull();
      expect(response.headers.get("vary")).toBe("Accept-Encoding");
      expect(response.headers.get("content-length")).toBe(String(source.length));
      expect((await bytes(response)).toString()).toBe(source);
    }
  });

  it("* means any coding: br", async () => {
    expect((await get(ASSET, { "Accept-Encoding": "*" })).headers.get("content-encoding")).toBe("br");
  });

  it("HEAD: the same headers, no body", async () => {
    const response = await get(ASSET, { "Accept-Encoding": "br" }, "HEAD");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-encoding")).toBe("br");
    expect(Number(response.headers.get("content-length"))).toBe(readFileSync(join(dir, `${ASSET}.br`)).byteLength);
    expect((await bytes(response)).byteLength).toBe(0);
  });
});

describe("caching of built files", () => {
  it("hashed assets: immutable for a year, nosniff and the locked-down policy", async () => {
    const response = await get(ASSET);
    expect(response.headers.get("cache-control")).toBe(IMMUTABLE);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("content-security-policy")).toContain("default-src 'none'");
  });

  it("other files: revalidated every time, 304 for the ETag the client holds", async () => {
    const first = await get("/favicon.svg");
    expect(first.status).toBe(200);
    expect(first.headers.get("cache-control")).toBe(REVALIDATE);
    expect(first.headers.get("content-type")).toBe("image/svg+xml; charset=utf-8");
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    for (const match of [etag, `W/${etag}`, `"other", ${etag}`, "*"]) {
      const again = await get("/favicon.svg", { "If-None-Match": match });
      expect(again.status, match).toBe(304);
      expect(again.headers.get("etag")).toBe(etag);
      expect(again.headers.get("cache-control")).toBe(REVALIDATE);
      expect((await bytes(again)).byteLength).toBe(0);
    }
    expect((await get("/favicon.svg", { "If-None-Match": '"other"' })).status).toBe(200);
  });

  it("each coding has its own ETag, and a 304 only for the one that would be sent", async () => {
    const plain = (await get(ASSET)).headers.get("etag")!;
    const br = (await get(ASSET, { "Accept-Encoding": "br" })).headers.get("etag")!;
    const gzip = (await get(ASSET, { "Accept-Encoding": "gzip" })).headers.get("etag")!;
    expect(new Set([plain, br, gzip]).size).toBe(3);
    expect((await get(ASSET, { "Accept-Encoding": "br", "If-None-Match": br })).status).toBe(304);
    expect((await get(ASSET, { "Accept-Encoding": "br", "If-None-Match": plain })).status).toBe(200);
  });

  it("a file with no sibling (too small to gain) goes out plain, without Vary", async () => {
    const response = await get("/robots.txt", { "Accept-Encoding": "br, gzip" });
    expect(response.headers.get("content-encoding")).toBeNull();
    expect(response.headers.get("vary")).toBeNull();
    expect(await response.text()).toBe("User-agent: *\n");
  });
});

describe("what is not a built file", () => {
  it("goes on to the panel: unknown assets, siblings asked for by name, dotfiles, other methods", async () => {
    for (const path of ["/assets/missing-123.js", `${ASSET}.br`, "/.env", "/assets/", "/%E0%A4%A"]) {
      expect(await (await get(path)).text(), path).toBe(`panel GET ${new URL(path, "http://localhost").pathname}`);
    }
    expect(
      await (
        await app.fetch(
          new Request(`http://localhost${ASSET}`, {
            method: "POST",
            headers: { "Content-Type": "application/x-www-form-urlencoded" },
            body: "a=1",
          }),
        )
      ).text(),
    ).toBe(`panel POST ${ASSET}`);
  });

  it("is never served outside production (Vite serves the client there)", async () => {
    expect(await (await appFor(dir, false).fetch(new Request(`http://localhost${ASSET}`))).text()).toBe(`panel GET ${ASSET}`);
  });

  it("a missing build directory serves nothing and does not throw", async () => {
    const missing = appFor(join(dir, "nope"));
    expect(await (await missing.fetch(new Request("http://localhost/favicon.svg"))).text()).toBe("panel GET /favicon.svg");
  });
});

describe("over real HTTP", () => {
  it("the compressed asset arrives whole, with its length", async () => {
    const server = createServer(getRequestListener(app.fetch, { overrideGlobalObjects: false }));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as { port: number };
    try {
      for (const method of ["GET", "HEAD"]) {
        const reply = await new Promise<{ headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
          const req = httpRequest({ host: "127.0.0.1", port, path: ASSET, method, headers: { "Accept-Encoding": "br" } }, (res) => {
            const chunks: Buffer[] = [];
            res.on("data", (chunk: Buffer) => chunks.push(chunk));
            res.on("end", () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
          });
          req.on("error", reject);
          req.end();
        });
        const expected = readFileSync(join(dir, `${ASSET}.br`));
        expect(reply.headers["content-length"], method).toBe(String(expected.byteLength));
        expect(reply.headers["cache-control"]).toBe(IMMUTABLE);
        expect(reply.headers["transfer-encoding"]).toBeUndefined();
        if (method === "GET") expect(brotliDecompressSync(reply.body).toString()).toBe(source);
      }
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

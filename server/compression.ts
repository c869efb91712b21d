/**
 * Content codings: which one a request accepts (br, gzip or none), and compression on the fly for what is
 * made per request (panel pages, API answers). Files of the built client are compressed once at build time
 * instead (scripts/precompress.ts) and served by static-files.ts; both share the negotiation below.
 */
import { Readable } from "node:stream";
import { constants, createBrotliCompress, createGzip } from "node:zlib";

export type Coding = "br" | "gzip";

/** Below this, compressing saves less than it costs (a TCP segment carries ~1.4 kB either way). */
export const COMPRESSION_THRESHOLD = 1024;

/**
 * Brotli at quality 4 compresses about as fast as gzip's default level and still ~15% smaller; the
 * higher qualities are for build time only (they are tens of times slower).
 */
const BROTLI_QUALITY = 4;

/** Types worth compressing: text, JSON, XML, JavaScript, SVG. Never event streams (each event must go out as it is written). */
const COMPRESSIBLE_TYPE =
  /^\s*(?:text\/(?!event-stream\b)[\w.+-]+|application\/(?:json|javascript|xml|[\w.-]+\+(?:json|xml))|image\/svg\+xml)\s*(?:;|$)/i;

export const isCompressibleType = (contentType: string | null) => COMPRESSIBLE_TYPE.test(contentType ?? "");

/**
 * The codings of `available` the client accepts, best first: its q-values rank them, ours (br, then gzip)
 * break ties, and q=0 rules one out. `*` stands for codings it does not name; x-gzip is gzip's old name.
 * No header means identity: RFC 9110 would allow anything, but clients that send none (curl without
 * --compressed, scripts) expect plain bodies. Identity is never refused: sending it is better than a 406.
 */
export function acceptedCodings(header: string | null | undefined, available: readonly Coding[] = ["br", "gzip"]): Coding[] {
  if (!header) return [];
  const weights = new Map<string, number>();
  for (const part of header.split(",")) {
    const [name, ...params] = part.split(";").map((piece) => piece.trim().toLowerCase());
    if (!name) continue;
    const q = params.find((param) => param.startsWith("q="));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(name === "x-gzip" ? "gzip" : name, Number.isFinite(weight) ? weight : 0);
  }
  const weight = (coding: Coding) => weights.get(coding) ?? weights.get("*") ?? 0;
  // Array.prototype.sort is stable: equal weights keep the order of `available`.
  return available.filter((coding) => weight(coding) > 0).sort((a, b) => weight(b) - weight(a));
}

/** Adds Accept-Encoding to Vary once: caches must keep the compressed and the plain answer apart. */
export function varyOnAcceptEncoding(headers: Headers) {
  const vary = headers.get("Vary");
  if (!vary) headers.set("Vary", "Accept-Encoding");
  else if (!vary.split(",").some((name) => ["*", "accept-encoding"].includes(name.trim().toLowerCase())))
    headers.set("Vary", `${vary}, Accept-Encoding`);
}

/**
 * The response compressed for this request when that is worth it: a compressible type, a body of at least
 * `threshold` bytes, a coding the client accepts. Left as they are: HEAD, 1xx/204/206/304, bodies that
 * already carry a Content-Encoding, and `Cache-Control: no-transform`.
 *
 * Pages and most JSON have no declared length, so the body is read up to the threshold first: a shorter
 * one goes out whole with its Content-Length, a longer one is compressed as it streams.
 */
export async function compressResponse(request: Request, response: Response, threshold = COMPRESSION_THRESHOLD): Promise<Response> {
  const { headers, status } = response;
  if (request.method === "HEAD" || !response.body || status < 200 || status === 204 || status === 206 || status === 304) return response;
  if (headers.has("Content-Encoding") || !isCompressibleType(headers.get("Content-Type"))) return response;
  if (/(?:^|,)\s*no-transform\s*(?:,|$)/i.test(headers.get("Cache-Control") ?? "")) return response;

  const out = new Headers(headers);
  varyOnAcceptEncoding(out);
  const init = { status, statusText: response.statusText, headers: out };
  const [coding] = acceptedCodings(request.headers.get("Accept-Encoding"));
  const declared = headers.has("Content-Length") ? Number(headers.get("Content-Length")) : undefined;
  if (!coding || (declared !== undefined && declared < threshold)) return new Response(response.body, init);

  const reader = response.body.getReader();
  const head: Uint8Array[] = [];
  let size = 0;
  while (size < threshold) {
    const { done, value } = await reader.read();
    if (done) {
      out.set("Content-Length", String(size));
      return new Response(Buffer.concat(head), init);
    }
    head.push(value);
    size += value.byteLength;
  }
  out.delete("Content-Length");
  out.set("Content-Encoding", coding);
  // A strong ETag promises these exact bytes; the compressed ones are only equivalent (RFC 9110 8.8.1).
  const etag = out.get("ETag");
  if (etag && !etag.startsWith("W/")) out.set("ETag", `W/${etag}`);
  return new Response(compressStream(coding, head, reader, declared), init);
}

/**
 * Feeds `head`, then the rest of `reader`, through a compressor. Whenever the next piece is not already
 * waiting, what is compressed so far is flushed: a streamed page's shell (and each Suspense boundary
 * resolved later) reaches the browser at once instead of at the end, while a body that arrives in one
 * go is compressed in one go. A client that hangs up cancels the source.
 */
function compressStream(
  coding: Coding,
  head: Uint8Array[],
  reader: ReadableStreamDefaultReader<Uint8Array>,
  sizeHint?: number,
): ReadableStream<Uint8Array> {
  const params: Record<number, number> = {
    [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
    [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
  };
  if (sizeHint) params[constants.BROTLI_PARAM_SIZE_HINT] = sizeHint;
  const zip = coding === "br" ? createBrotliCompress({ params }) : createGzip();
  // Gzip's default flush is a full one, which also forgets the history the next bytes compress against.
  const flush = () => zip.flush(coding === "br" ? constants.BROTLI_OPERATION_FLUSH : constants.Z_SYNC_FLUSH);
  let finished = false;
  zip.once("close", () => {
    if (!finished) reader.cancel().catch(() => {});
  });
  const drained = () =>
    new Promise<void>((resolve) => {
      const done = () => {
        zip.off("drain", done);
        zip.off("close", done);
        resolve();
      };
      zip.once("drain", done);
      zip.once("close", done);
    });
  const write = async (chunk: Uint8Array) => {
    if (!zip.destroyed && !zip.write(chunk)) await drained();
  };
  const waiting = (next: Promise<unknown>) =>
    Promise.race([
      next.then(
        () => true,
        () => true,
      ),
      new Promise<boolean>((resolve) => setImmediate(resolve, false)),
    ]);

  void (async () => {
    try {
      for (const chunk of head) await write(chunk);
      for (;;) {
        const next = reader.read();
        if (!(await waiting(next)) && !zip.destroyed) flush();
        const { done, value } = await next;
        if (done || zip.destroyed) break;
        await write(value);
      }
      finished = true;
      if (!zip.destroyed) zip.end();
    } catch (error) {
      // The source failed mid-body: the client must see a broken response, not a short one that looks whole.
      finished = true;
      zip.destroy(error as Error);
      reader.cancel(error).catch(() => {});
    }
  })();
  return Readable.toWeb(zip) as unknown as ReadableStream<Uint8Array>;
}

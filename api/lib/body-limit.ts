/**
 * The request body ceiling, applied before anything reads a body (server.ts for every request, the API
 * again for the panel's in-process calls). Hono's bodyLimit rebuilds the request from the Node adapter's
 * lazy Request, which fails for chunked and bodiless calls (500), so the ceiling is enforced here and the
 * request handed on is one every body reader can handle.
 */
const BODYLESS = new Set(["GET", "HEAD"]);

export const BODY_TOO_LARGE = "The request is too large.";
export class BodyTooLarge extends Error {}

/**
 * A declared Content-Length over the limit is refused without reading; a body of unknown length is read
 * up to the limit and handed on as a buffered Request; a request without a body passes untouched.
 */
export async function limitRequestBody(request: Request, maxBytes: number): Promise<Request> {
  if (BODYLESS.has(request.method)) return request;
  const declared = request.headers.get("content-length");
  if (declared !== null) {
    // Node's parser already refuses a Content-Length that is not a number; in-process callers are ours.
    if (Number(declared) > maxBytes) throw new BodyTooLarge();
    return request;
  }
  // No declared length: chunked, or a Request built in-process from FormData. Read it up to the limit.
  if (!request.body) return request;

  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new BodyTooLarge();
    }
    chunks.push(value);
  }
  const headers = new Headers(request.headers);
  headers.delete("transfer-encoding");
  headers.set("content-length", String(size));
  return new Request(request.url, { method: request.method, headers, body: Buffer.concat(chunks), signal: request.signal });
}

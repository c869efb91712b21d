import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { ServerRouter, type EntryContext, type RouterContextProvider } from "react-router";
import { NonceProvider } from "./lib/nonce";
import { requestEnvContext } from "./lib/request-env";

// server.ts reads this export so that it sets the very context object the routes read.
export { requestEnvContext };

export const streamTimeout = 5_000;

/**
 * React writes a page in 4 KB pieces and calls `flush()` after each batch of finished HTML. Passing a
 * batch on as one chunk (instead of each piece) saves a trip through the Node and web streams between
 * here and the socket per piece: a 60 KB page goes out in a few chunks rather than fifteen or more.
 */
class BatchedBody extends PassThrough {
  private pieces: Buffer[] = [];

  override write(chunk: Uint8Array | string): boolean {
    this.pieces.push(typeof chunk === "string" ? Buffer.from(chunk) : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
    return true;
  }

  flush() {
    if (!this.pieces.length) return;
    const batch = this.pieces.length === 1 ? this.pieces[0] : Buffer.concat(this.pieces);
    this.pieces = [];
    super.write(batch);
  }

  override end(...args: unknown[]): this {
    this.flush();
    return super.end(...(args as []));
  }
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const nonce = loadContext.get(requestEnvContext).cspNonce;
  // Bots and JavaScript-off readers get the whole document at once.
  const waitForAll = isbot(request.headers.get("user-agent") ?? "") || routerContext.isSpaMode;
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    // Set before the render starts, so every callback below can clear it; it fires long after `abort` exists.
    const deadline = setTimeout(() => abort(), streamTimeout + 1_000);
    const respond = () => {
      shellRendered = true;
      const body = new BatchedBody();
      responseHeaders.set("Content-Type", "text/html; charset=utf-8");
      resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
      pipe(body);
    };
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        onShellReady() {
          if (!waitForAll) respond();
        },
        onAllReady() {
          // Everything is rendered: the deadline has nothing left to cut. Left pending, its closure would
          // hold this render's state (loader data, HTML chunks) for the full six seconds after the page went
          // out, which under load keeps thousands of finished renders alive and makes every GC slower.
          clearTimeout(deadline);
          if (waitForAll) respond();
        },
        onShellError(error: unknown) {
          clearTimeout(deadline);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}

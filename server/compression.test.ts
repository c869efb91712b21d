/**
 * Compression on the fly and Cache-Control for what createHttpApp renders per request: panel pages (stub)
 * and API answers (the real API, plus a stub for the edge cases), in process and over real HTTP.
 */
import { getRequestListener } from "@hono/node-server";
import { createServer, request as httpRequest } from "node:http";
import { brotliDecompressSync, createBrotliDecompress, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_PREFIXES } from "#api/app.ts";
import { createTestApi, type TestApi } from "#api/testing/harness.ts";
import { COMPRESSION_THRESHOLD, acceptedCodings } from "./compression.ts";
import { createHttpApp } from "./http-app.ts";

const BIG_PAGE = `<!DOCTYPE html><html><body>${Array.from({ length: 300 }, (_, i) => `<p>row ${i}</p>`).join("")}</body></html>`;
const SMALL_PAGE = "<!DOCTYPE html><p>hello</p>";
const html = { "Content-Type": "text/html; charset=utf-8" };
/** Panel pages and stub API answers chosen by path, for the cases the real ones do not produce. */
const stubs: Record<string, () => Response> = {
  "/big": () => new Response(BIG_PAGE, { headers: html }),
  "/small": () => new Response(SMALL_PAGE, { headers: html }),
  "/cached": () => new Response(BIG_PAGE, { headers: { ...html, "Cache-Control": "public, max-age=60" } }),
  "/stub/events": () => new Response("data: x\n\n".repeat(500), { headers: { "Content-Type": "text/event-stream" } }),
  "/stub/encoded": () => new Response("already".repeat(500), { headers: { "Content-Type": "text/plain", "Content-Encoding": "gzip" } }),
  "/stub/empty": () => new Response(null, { status: 204 }),
  "/stub/binary": () => new Response(new Uint8Array(5000), { headers: { "Content-Type": "image/png" } }),
  "/stub/etag": () => new Response(BIG_PAGE, { headers: { "Content-Type": "text/plain", ETag: '"abc"' } }),
  "/stub/no-transform": () => new Response(BIG_PAGE, { headers: { "Content-Type": "text/plain", "Cache-Control": "no-transform" } }),
  "/stub/declared": () =>
    new Response(SMALL_PAGE, { headers: { "Content-Type": "text/plain", "Content-Length": String(SMALL_PAGE.length) } }),
};

let t: TestApi;
let app: ReturnType<typeof createHttpApp>;
/** Set by a test to have the panel stream its page in two parts, the second when the test says so. */
let streamed: { first: string; second: Promise<string> } | undefined;

beforeAll(async () => {
  t = await createTestApi();
  app = createHttpApp({
    api: {
      fetch: (request, env) =>
        new URL(request.url).pathname.startsWith("/stub/") ? stubs[new URL(request.url).pathname]() : t.api.fetch(request, env),
    },
    apiPrefixes: [...API_PREFIXES, "/stub/"],
    panel: async (request) => {
      const path = new URL(request.url).pathname;
      if (path === "/streamed" && streamed) {
        const { first, second } = streamed;
        const encoder = new TextEncoder();
        const body = new ReadableStream<Uint8Array>({
          async start(controller) {
            controller.enqueue(encoder.encode(first));
            controller.enqueue(encoder.encode(await second));
            controller.close();
          },
        });
        return new Response(body, { headers: html });
      }
      return stubs[path]();
    },
    maxBodyBytes: 64 * 1024,
    production: false,
    https: false,
    trustProxy: false,
  });
});
afterAll(() => t.close());

const get = (path: string, accept?: string, method = "GET") =>
  app.fetch(new Request(`http://localhost${path}`, { method, headers: accept === undefined ? {} : { "Accept-Encoding": accept } }));
const bytes = async (response: Response) => Buffer.from(await response.arrayBuffer());

describe("acceptedCodings", () => {
  it("ranks by the client's q, then br before gzip; q=0 refuses; no header or identity means none", () => {
    expect(acceptedCodings("gzip, deflate, br")).toEqual(["br", "gzip"]);
    expect(acceptedCodings("gzip;q=1.0, br;q=0.8")).toEqual(["gzip", "br"]);
    expect(acceptedCodings("br;q=0, gzip")).toEqual(["gzip"]);
    expect(acceptedCodings("BR ; Q=0.5")).toEqual(["br"]);
    expect(acceptedCodings("*;q=0.1, br;q=0")).toEqual(["gzip"]);
    expect(acceptedCodings("x-gzip")).toEqual(["gzip"]);
    expect(acceptedCodings("")).toEqual([]);
    expect(acceptedCodings(undefined)).toEqual([]);
    expect(acceptedCodings("identity")).toEqual([]);
    expect(acceptedCodings("br;q=abc")).toEqual([]);
  });
});

describe("panel pages", () => {
  it("above the threshold: br or gzip as accepted, with Vary, private no-store, and the same page inside", async () => {
    const br = await get("/big", "gzip, deflate, br");
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(br.headers.get("vary")).toBe("Accept-Encoding");
    expect(br.headers.get("cache-control")).toBe("private, no-store");
    expect(br.headers.get("content-length")).toBeNull();
    expect(brotliDecompressSync(await bytes(br)).toString()).toBe(BIG_PAGE);
    const gzip = await get("/big", "gzip");
    expect(gzip.headers.get("content-encoding")).toBe("gzip");
    expect(gunzipSync(await bytes(gzip)).toString()).toBe(BIG_PAGE);
  });

  it("plain when the client accepts no coding (still Vary: a cache must not hand it to one that does)", async () => {
    for (const accept of [undefined, "identity", "br;q=0, gzip;q=0"]) {
      const response = await get("/big", accept);
      expect(response.headers.get("content-encoding"), accept).toBeNull();
      expect(response.headers.get("vary")).toBe("Accept-Encoding");
      expect(await response.text()).toBe(BIG_PAGE);
    }
  });

  it("below the threshold: plain, with its length", async () => {
    expect(SMALL_PAGE.length).toBeLessThan(COMPRESSION_THRESHOLD);
    const response = await get("/small", "br, gzip");
    expect(response.headers.get("content-encoding")).toBeNull();
    expect(response.headers.get("content-length")).toBe(String(SMALL_PAGE.length));
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(await response.text()).toBe(SMALL_PAGE);
  });

  it("a Cache-Control the page sets itself is kept", async () => {
    expect((await get("/cached", "br")).headers.get("cache-control")).toBe("public, max-age=60");
  });

  it("HEAD is never compressed", async () => {
    const response = await get("/big", "br", "HEAD");
    expect(response.headers.get("content-encoding")).toBeNull();
  });

  it("a streamed page: the first part arrives compressed before the rest exists", async () => {
    let release!: (text: string) => void;
    streamed = { first: BIG_PAGE.slice(0, 2000), second: new Promise((resolve) => (release = resolve)) };
    const response = await get("/streamed", "br");
    expect(response.headers.get("content-encoding")).toBe("br");
    const reader = response.body!.getReader();
    const decompress = createBrotliDecompress();
    let text = "";
    decompress.on("data", (chunk: Buffer) => (text += chunk.toString()));
    // Flushed output decompresses to the first part alone, while the panel still holds the second.
    while (text.length < 2000) {
      const { value, done } = await reader.read();
      expect(done).toBe(false);
      await new Promise<void>((resolve) => decompress.write(value, () => resolve()));
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(text).toBe(BIG_PAGE.slice(0, 2000));
    release(BIG_PAGE.slice(2000));
    for (let r = await reader.read(); !r.done; r = await reader.read()) decompress.write(r.value);
    await new Promise((resolve) => decompress.end(resolve));
    expect(text).toBe(BIG_PAGE);
    streamed = undefined;
  });
});

describe("API answers", () => {
  it("large JSON is compressed, keeping the route's own Cache-Control", async () => {
    const response = await get("/api/country_codes", "br");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-encoding")).toBe("br");
    expect(response.headers.get("vary")).toContain("Accept-Encoding");
    expect(response.headers.get("cache-control")).toBe("public, max-age=86400");
    const json = JSON.parse(brotliDecompressSync(await bytes(response)).toString());
    expect(json.data.length).toBeGreaterThan(100);
    const gzip = await get("/api/country_codes", "gzip");
    expect(JSON.parse(gunzipSync(await bytes(gzip)).toString())).toEqual(json);
  });

  it("small JSON goes out plain, with the API's no-store", async () => {
    const response = await get("/api/v1/nothing-here", "br, gzip");
    expect(response.status).toBe(404);
    expect(response.headers.get("content-encoding")).toBeNull();
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.json()).toEqual({ message: "Not Found" });
  });

  it("left alone: event streams, bodies already encoded, 204, non-text types, no-transform, a declared small length", async () => {
    for (const path of ["/stub/events", "/stub/encoded", "/stub/empty", "/stub/binary", "/stub/no-transform", "/stub/declared"]) {
      const response = await get(path, "br, gzip");
      const expected = stubs[path]();
      expect(response.headers.get("content-encoding"), path).toBe(expected.headers.get("content-encoding"));
      expect((await bytes(response)).equals(await bytes(expected)), path).toBe(true);
    }
  });

  it("a strong ETag becomes weak once the body is compressed", async () => {
    expect((await get("/stub/etag", "br")).headers.get("etag")).toBe('W/"abc"');
    expect((await get("/stub/etag")).headers.get("etag")).toBe('"abc"');
  });
});

describe("over real HTTP", () => {
  it("compressed pages and JSON arrive whole (chunked), small ones with their length", async () => {
    const server = createServer(getRequestListener(app.fetch, { overrideGlobalObjects: false }));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as { port: number };
    const send = (path: string) =>
      new Promise<{ headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
        const req = httpRequest({ host: "127.0.0.1", port, path, headers: { "Accept-Encoding": "gzip, br" } }, (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (chunk: Buffer) => chunks.push(chunk));
          res.on("end", () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
        });
        req.on("error", reject);
        req.end();
      });
    try {
      const page = await send("/big");
      expect(page.headers["content-encoding"]).toBe("br");
      expect(page.headers["transfer-encoding"]).toBe("chunked");
      expect(brotliDecompressSync(page.body).toString()).toBe(BIG_PAGE);
      const json = await send("/api/country_codes");
      expect(JSON.parse(brotliDecompressSync(json.body).toString()).data.length).toBeGreaterThan(100);
      const small = await send("/small");
      expect(small.headers["content-encoding"]).toBeUndefined();
      expect(small.headers["content-length"]).toBe(String(SMALL_PAGE.length));
      expect(small.body.toString()).toBe(SMALL_PAGE);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

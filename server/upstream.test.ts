import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { upstreamForwarder } from "./upstream.ts";

let server: Server;
let base = "";
let seen: { method?: string; url?: string; headers?: IncomingHttpHeaders; body?: string } = {};

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      seen = { method: req.method, url: req.url, headers: req.headers, body };
      if (req.url === "/api/moved") return res.writeHead(302, { Location: "/elsewhere" }).end();
      res.writeHead(200, {
        "Content-Type": "application/json",
        "Content-Encoding": "gzip",
        "Set-Cookie": ["launchpad_session=abc; Path=/; HttpOnly", "XSRF-TOKEN=def; Path=/"],
      });
      res.end(gzipSync(JSON.stringify({ ok: true })));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

describe("passing a browser's API request on to API_URL", () => {
  it("sends method, path, query, body, cookies and the browser's address, and answers with the upstream's cookies and a body as labelled", async () => {
    const forward = upstreamForwarder(`${base}/`);
    const request = new Request("http://panel.test/api/v1/admin/collections?page=2", {
      method: "POST",
      headers: { Cookie: "launchpad_session=abc", "Content-Type": "application/json", Connection: "keep-alive" },
      body: JSON.stringify({ name: "Spring" }),
    });
    const answer = await forward(request, "198.51.100.7");
    expect(seen).toMatchObject({ method: "POST", url: "/api/v1/admin/collections?page=2", body: '{"name":"Spring"}' });
    expect(seen.headers).toMatchObject({ cookie: "launchpad_session=abc", "x-forwarded-for": "198.51.100.7", host: new URL(base).host });
    // fetch decoded the gzip body: it must not reach the browser still labelled as gzip.
    expect(answer.headers.get("content-encoding")).toBeNull();
    expect(await answer.json()).toEqual({ ok: true });
    expect(answer.headers.getSetCookie()).toEqual(["launchpad_session=abc; Path=/; HttpOnly", "XSRF-TOKEN=def; Path=/"]);
  });

  it("leaves a redirect for the browser to follow", async () => {
    const answer = await upstreamForwarder(base)(new Request("http://panel.test/api/moved"), undefined);
    expect(answer.status).toBe(302);
    expect(answer.headers.get("location")).toBe("/elsewhere");
  });
});

/**
 * The outer server over real HTTP (node:http, so the request framing is exactly what curl or fetch
 * sends): bodiless and chunked writes, the body ceiling, OPTIONS, and the headers on its own answers.
 */
import { getRequestListener } from "@hono/node-server";
import { createServer, request as httpRequest, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_PREFIXES } from "#api/app.ts";
import { PASSWORD, registered } from "#api/testing/fixtures.ts";
import { createTestApi, type TestApi } from "#api/testing/harness.ts";
import { createHttpApp } from "./http-app.ts";
import { UNREADABLE_FORM, UNSUPPORTED_FORM } from "./panel-forms.ts";

const MAX_BODY = 64 * 1024;
let t: TestApi;
let server: Server;
let base: string;
let token: string;

interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One request with full control over the framing: no body, a Content-Length body, or chunks. */
function send(
  method: string,
  path: string,
  options: { headers?: Record<string, string>; chunks?: string[]; body?: string } = {},
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${base}${path}`, { method, headers: options.headers }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body }));
    });
    req.on("error", reject);
    if (options.chunks) {
      req.setHeader("Transfer-Encoding", "chunked");
      for (const chunk of options.chunks) req.write(chunk);
    } else if (options.body !== undefined) {
      req.setHeader("Content-Length", Buffer.byteLength(options.body));
      req.write(options.body);
    }
    req.end();
  });
}

beforeAll(async () => {
  t = await createTestApi({ maxBodyBytes: MAX_BODY });
  const app = createHttpApp({
    api: t.api,
    apiPrefixes: API_PREFIXES,
    panel: async (request) => {
      const path = new URL(request.url).pathname;
      if (path === "/boom") throw new Error("a panel failure");
      if (path === "/e/missing-9") return new Response("not found", { status: 404 });
      // A page that sets a cookie (a flash message spent, a session cleared) is for its reader alone.
      if (path === "/e/sets-a-cookie-8") return new Response("page", { headers: { "Set-Cookie": "flash=; Max-Age=0" } });
      return new Response(`panel ${request.method} ${(await request.text()).length}`);
    },
    maxBodyBytes: MAX_BODY,
    production: false,
    https: false,
    trustProxy: false,
    log: () => {},
  });
  server = createServer(getRequestListener(app.fetch, { overrideGlobalObjects: false }));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  const { email } = await registered(t);
  const issued = await t.client().request("POST", "/sanctum/token", { email, password: PASSWORD, device_name: "test" });
  token = issued.body.token;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await t.close();
});

const expectSecurityHeaders = (reply: Reply) => {
  expect(reply.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
  expect(reply.headers["x-content-type-options"]).toBe("nosniff");
  expect(reply.headers["x-frame-options"]).toBe("DENY");
};

describe("writes without a body (curl -X DELETE, fetch with no body)", () => {
  it("reach the route: anonymous callers get the API's own answer, not a 500", async () => {
    for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
      const reply = await send(method, "/api/v1/admin/collections/1");
      expect(reply.status, method).toBeLessThan(500);
    }
    const deleted = await send("DELETE", "/api/v1/admin/collections/1");
    expect(deleted.status).toBe(419);
    expect(JSON.parse(deleted.body)).toEqual({ message: "CSRF token mismatch." });
  });

  it("reach the route for a token client, which is told what is missing", async () => {
    const reply = await send("DELETE", "/api/v1/admin/collections/2147483647", { headers: { Authorization: `Bearer ${token}` } });
    expect(reply.status).toBe(403);
  });
});

describe("chunked bodies", () => {
  it("are read when under the limit", async () => {
    const body = JSON.stringify({ email: "nobody@example.com", password: "wrong password", device_name: "curl" });
    const reply = await send("POST", "/sanctum/token", {
      headers: { "Content-Type": "application/json" },
      chunks: [body.slice(0, 10), body.slice(10)],
    });
    expect(reply.status).toBe(422);
    expect(JSON.parse(reply.body).errors.email).toBeDefined();
  });

  it("are refused with 413 JSON once over the limit, on the API and on the panel", async () => {
    const chunk = "x".repeat(16 * 1024);
    for (const [path, type] of [
      ["/sanctum/token", "application/json"],
      ["/login", "application/x-www-form-urlencoded"],
    ]) {
      const reply = await send("POST", path, { headers: { "Content-Type": type }, chunks: [chunk, chunk, chunk, chunk, chunk] });
      expect(reply.status, path).toBe(413);
      expect(JSON.parse(reply.body)).toEqual({ message: "The request is too large." });
    }
  });

  it("reach the panel whole", async () => {
    const reply = await send("POST", "/login", {
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      chunks: ["a=1&", "b=2"],
    });
    expect(reply.body).toBe("panel POST 7");
  });
});

describe("panel form posts the actions could not read", () => {
  const boundary = "----launchpad";
  it("415 for a body that is not a form, before the panel runs", async () => {
    for (const [type, body] of [
      ["application/json", '{"email":"a@b.c"}'],
      ["text/plain", "email=a@b.c"],
      [undefined, ""],
      [undefined, "email=a"],
    ] as const) {
      const reply = await send("POST", "/login", { headers: type ? { "Content-Type": type } : {}, body });
      expect(reply.status, String(type)).toBe(415);
      expect(reply.body).toBe(UNSUPPORTED_FORM);
      expectSecurityHeaders(reply);
    }
  });

  it("400 for a multipart body without its boundary or cut short", async () => {
    const cut = `--${boundary}\r\nContent-Disposition: form-data; name="email"\r\n\r\na@b.c`;
    for (const [type, body] of [
      ["multipart/form-data", "email=a"],
      [`multipart/form-data; boundary=${boundary}`, cut],
    ]) {
      const reply = await send("POST", "/login", { headers: { "Content-Type": type }, body });
      expect(reply.status, type).toBe(400);
      expect(reply.body).toBe(UNREADABLE_FORM);
    }
  });

  it("a readable form reaches the panel whole, uploads included", async () => {
    const multipart =
      `--${boundary}\r\nContent-Disposition: form-data; name="avatar"; filename="a.txt"\r\n` +
      `Content-Type: text/plain\r\n\r\nhello\r\n--${boundary}--\r\n`;
    const upload = await send("POST", "/account", {
      headers: { "Content-Type": `multipart/form-data; boundary=${boundary}` },
      body: multipart,
    });
    expect(upload.body).toBe(`panel POST ${multipart.length}`);
    const empty = await send("POST", "/logout", {
      headers: { "Content-Type": "application/x-www-form-urlencoded; charset=UTF-8" },
      body: "",
    });
    expect(empty.body).toBe("panel POST 0");
  });
});

describe("the outer server's own answers", () => {
  it("413 for a declared length over the limit, with the security headers", async () => {
    const reply = await send("POST", "/login", { body: "x".repeat(MAX_BODY + 1) });
    expect(reply.status).toBe(413);
    expectSecurityHeaders(reply);
  });

  it("500 from a failing page, with the security headers and no details", async () => {
    const reply = await send("GET", "/boom");
    expect(reply.status).toBe(500);
    expect(reply.body).toBe("Server Error");
    expectSecurityHeaders(reply);
  });

  it("OPTIONS: 204 with the methods a path answers, 404 for an unknown API path", async () => {
    const collections = await send("OPTIONS", "/api/v1/admin/collections");
    expect(collections.status).toBe(204);
    expect(String(collections.headers.allow).split(", ")).toEqual(expect.arrayContaining(["GET", "POST", "OPTIONS"]));
    const one = await send("OPTIONS", "/api/v1/admin/collections/5");
    expect(String(one.headers.allow).split(", ")).toEqual(expect.arrayContaining(["GET", "PUT", "DELETE"]));
    expect((await send("OPTIONS", "/api/v1/nothing-here")).status).toBe(404);
    const page = await send("OPTIONS", "/login");
    expect(page.status).toBe(204);
    expect(page.headers.allow).toBe("GET, HEAD, POST, OPTIONS");
  });

  it("405 for a method no page answers", async () => {
    const reply = await send("DELETE", "/login");
    expect(reply.status).toBe(405);
    expectSecurityHeaders(reply);
  });
});

describe("the client address behind a trusted proxy", () => {
  it("is the last X-Forwarded-For hop (the proxy's), not one the client wrote", async () => {
    const app = createHttpApp({
      api: t.api,
      apiPrefixes: API_PREFIXES,
      panel: async (_request, ip) => new Response(String(ip)),
      maxBodyBytes: MAX_BODY,
      production: false,
      https: false,
      trustProxy: true,
    });
    const response = await app.fetch(new Request("http://localhost/login", { headers: { "x-forwarded-for": "6.6.6.6, 203.0.113.9" } }));
    expect(await response.text()).toBe("203.0.113.9");
  });
});

describe("how long a page may be kept", () => {
  it("lets any cache keep an event's page drawn for a reader without cookies a minute, and no one else's", async () => {
    const visitor = await send("GET", "/e/robot-night-7");
    expect(visitor.status).toBe(200);
    expect(visitor.headers["cache-control"]).toBe("public, max-age=60, must-revalidate");
    expect(visitor.headers["set-cookie"]).toBeUndefined();
    expect(String(visitor.headers.vary)).toContain("Cookie");

    // A reader with any cookie (a session) gets a page drawn for them: never stored, and it varies by Cookie.
    const member = await send("GET", "/e/robot-night-7", { headers: { Cookie: "launchpad_session=abc" } });
    expect(member.headers["cache-control"]).toBe("private, no-store");
    expect(String(member.headers.vary)).toContain("Cookie");

    // Nor a page that sets a cookie, a missing event, a page with a query, its data request, or any other page.
    for (const path of ["/e/sets-a-cookie-8", "/e/missing-9", "/e/robot-night-7?ref=mail", "/e/robot-night-7.data", "/dashboard"]) {
      expect((await send("GET", path)).headers["cache-control"], path).toBe("private, no-store");
    }
    expect(
      (await send("POST", "/e/robot-night-7", { headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: "a=1" })).headers[
        "cache-control"
      ],
    ).toBe("private, no-store");
  });
});

describe("GET /healthz", () => {
  it("answers ok without touching the database or the panel", async () => {
    const reply = await send("GET", "/healthz");
    expect(reply.status).toBe(200);
    expect(reply.body).toBe("ok");
    expect(reply.headers["cache-control"]).toBe("no-store");
  });
});

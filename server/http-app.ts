/**
 * The outer HTTP app: body ceiling, static files, then the API or the panel. Built by server.ts; kept
 * apart from it so the whole path a request takes over the network can be tested without the panel build.
 */
import type { HttpBindings } from "@hono/node-server";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono } from "hono";
import { BODY_TOO_LARGE, BodyTooLarge, limitRequestBody } from "../api/lib/body-limit.ts";
import { crossSiteRefusal, isCrossSiteSubmission } from "./cross-site.ts";
import { applySecurityHeaders } from "./security-headers.ts";

export interface HttpAppOptions {
  /** The API, for the paths under `apiPrefixes`. */
  api: { fetch(request: Request, env: { clientIp?: string }): Response | Promise<Response> };
  apiPrefixes: readonly string[];
  /** Renders a panel page; it sets its own security headers (they carry the page's CSP nonce). */
  panel(request: Request, clientIp: string | undefined): Promise<Response>;
  maxBodyBytes: number;
  production: boolean;
  https: boolean;
  trustProxy: boolean;
  /** Where the built client lives (served in production only). */
  staticRoot?: string;
  log?: (message: string, error?: unknown) => void;
}

/** Methods a panel URL answers: pages (GET/HEAD) and their forms (POST). */
const PANEL_METHODS = new Set(["GET", "HEAD", "POST", "OPTIONS"]);
const ALLOW = [...PANEL_METHODS].join(", ");

export function createHttpApp(options: HttpAppOptions) {
  const app = new Hono<{ Bindings: HttpBindings }>();
  const { log = console.error } = options;

  /**
   * The caller's address: the socket's, or behind a trusted proxy the last X-Forwarded-For hop, the one
   * that proxy added. Earlier hops are whatever the client sent, and would let it pick its own address
   * (escaping the login throttle, or aiming it at someone else) behind proxies that append.
   */
  const clientIp = (request: Request, bindings: HttpBindings | undefined): string | undefined => {
    if (options.trustProxy) {
      const forwarded = request.headers.get("x-forwarded-for")?.split(",").at(-1)?.trim();
      if (forwarded) return forwarded;
    }
    return bindings?.incoming?.socket.remoteAddress;
  };
  // Answers made here (413, 405, 500) get the same protective headers as pages.
  const secured = (response: Response) => {
    const headers = new Headers(response.headers);
    applySecurityHeaders(headers, { production: options.production, https: options.https });
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  };

  app.use(async (c, next) => {
    c.req.raw = await limitRequestBody(c.req.raw, options.maxBodyBytes);
    await next();
  });
  if (options.production && options.staticRoot) {
    const root = options.staticRoot;
    app.use("/assets/*", serveStatic({ root, onFound: (_path, c) => c.header("Cache-Control", "public, max-age=31536000, immutable") }));
    app.use("*", async (c, next) => (/\.\w+$/.test(c.req.path) ? serveStatic({ root })(c, next) : next()));
  }
  app.all("*", async (c) => {
    const request = c.req.raw;
    const ip = clientIp(request, c.env);
    const path = new URL(request.url).pathname;
    if (options.apiPrefixes.some((prefix) => path.startsWith(prefix))) return options.api.fetch(request, { clientIp: ip });
    if (request.method === "OPTIONS") return secured(new Response(null, { status: 204, headers: { Allow: ALLOW } }));
    if (!PANEL_METHODS.has(request.method)) {
      return secured(new Response("Method Not Allowed", { status: 405, headers: { Allow: ALLOW, "Content-Type": "text/plain; charset=utf-8" } }));
    }
    if (isCrossSiteSubmission(request)) return secured(crossSiteRefusal());
    return options.panel(request, ip);
  });
  app.onError((error, c) => {
    if (error instanceof BodyTooLarge) return secured(Response.json({ message: BODY_TOO_LARGE }, { status: 413 }));
    log(`Server error on ${c.req.method} ${c.req.path}`, error);
    return secured(new Response("Server Error", { status: 500, headers: { "Content-Type": "text/plain; charset=utf-8" } }));
  });
  return app;
}

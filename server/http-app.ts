/**
 * The outer HTTP app: body ceiling, static files, then the API or the panel, compressed when worth it.
 * Built by server.ts; kept apart from it so the whole path a request takes over the network can be tested
 * without the panel build.
 */
import type { HttpBindings } from "@hono/node-server";
import { Hono } from "hono";
import { clientAddress } from "#api/lib/client-address.ts";
import { BODY_TOO_LARGE, BodyTooLarge, limitRequestBody } from "#api/lib/body-limit.ts";
import { apiDocs } from "./api-docs.ts";
import { compressResponse } from "./compression.ts";
import { crossSiteRefusal, isCrossSiteSubmission, withoutForeignOrigin } from "./cross-site.ts";
import { refuseUnreadableForm } from "./panel-forms.ts";
import { pageCacheHeaders } from "./public-page-cache.ts";
import { PANEL_CACHE_CONTROL, applySecurityHeaders } from "./security-headers.ts";
import { staticFiles } from "./static-files.ts";

/** How long the server keeps an idle keep-alive connection open (server.ts says why). */
export const IDLE_CONNECTION_MS = 65_000;

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
  /** The embedded realtime server's Pusher HTTP API, for paths under /apps/ (absent when realtime is external or off). */
  realtimeApi?: (request: Request) => Promise<Response>;
  /** Where the built client lives (served in production only; in development Vite serves it). */
  staticRoot?: string;
  log?: (message: string, error?: unknown) => void;
}

/** Methods a panel URL answers: pages (GET/HEAD) and their forms (POST). */
const PANEL_METHODS = new Set(["GET", "HEAD", "POST", "OPTIONS"]);
const ALLOW = [...PANEL_METHODS].join(", ");

export function createHttpApp(options: HttpAppOptions) {
  const app = new Hono<{ Bindings: HttpBindings }>();
  const { log = console.error } = options;

  /** The caller's address (api/lib/client-address.ts: the same rule as the realtime server's). */
  const clientIp = (request: Request, bindings: HttpBindings | undefined): string | undefined =>
    clientAddress(request.headers.get("x-forwarded-for"), bindings?.incoming?.socket.remoteAddress, options.trustProxy);
  // Answers made here (400, 413, 405, 415, 500) get the same protective headers as pages.
  const secured = (response: Response) => {
    const headers = new Headers(response.headers);
    applySecurityHeaders(headers, { production: options.production, https: options.https });
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  };

  // For load balancers and for `npm run bench:http`'s reference figure: no database, no rendering.
  app.get("/healthz", () =>
    secured(new Response("ok", { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } })),
  );
  app.use(async (c, next) => {
    c.req.raw = await limitRequestBody(c.req.raw, options.maxBodyBytes);
    await next();
  });
  if (options.production && options.staticRoot) {
    // Ahead of the compression below: these files were compressed at build time, or are not worth it.
    app.use(staticFiles({ root: options.staticRoot, production: options.production, https: options.https }));
  }

  /**
   * Pages are rendered for one user: no cache may keep them unless the route said otherwise, or they are an
   * event's public page as any reader without cookies gets it (public-page-cache.ts).
   */
  const privateByDefault = (request: Request, response: Response) => {
    const headers = pageCacheHeaders(request, response, PANEL_CACHE_CONTROL);
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  };
  const route = async (request: Request, ip: string | undefined): Promise<Response> => {
    const path = new URL(request.url).pathname;
    // Signed by the app secret (api/realtime/signing.ts), not by a session: ahead of the API and the panel.
    if (options.realtimeApi && path.startsWith("/apps/")) return options.realtimeApi(request);
    // The API reference is a page of this server over the API's description, in front of any API.
    const docs = await apiDocs(request);
    if (docs) return docs;
    // The API sets its own Cache-Control (no-store unless a route says otherwise; see api/app.ts).
    if (options.apiPrefixes.some((prefix) => path.startsWith(prefix))) return options.api.fetch(request, { clientIp: ip });
    if (request.method === "OPTIONS") return secured(new Response(null, { status: 204, headers: { Allow: ALLOW } }));
    if (!PANEL_METHODS.has(request.method)) {
      return secured(
        new Response("Method Not Allowed", { status: 405, headers: { Allow: ALLOW, "Content-Type": "text/plain; charset=utf-8" } }),
      );
    }
    if (isCrossSiteSubmission(request)) return secured(crossSiteRefusal());
    const unreadable = await refuseUnreadableForm(request);
    if (unreadable) return secured(unreadable);
    return privateByDefault(request, await options.panel(withoutForeignOrigin(request), ip));
  };
  // Compressed here rather than in a middleware: assigning c.res would merge the old response's headers
  // (a stale Content-Length among them) into the new one. Errors below (500, 413) are short plain answers.
  app.all("*", async (c) => compressResponse(c.req.raw, await route(c.req.raw, clientIp(c.req.raw, c.env))));
  app.onError((error, c) => {
    if (error instanceof BodyTooLarge) return secured(Response.json({ message: BODY_TOO_LARGE }, { status: 413 }));
    log(`Server error on ${c.req.method} ${c.req.path}`, error);
    return secured(new Response("Server Error", { status: 500, headers: { "Content-Type": "text/plain; charset=utf-8" } }));
  });
  return app;
}

/**
 * /api/docs: the API reference, a page of this server over GET /api/openapi.json, drawn by Swagger UI from
 * its own copy in node_modules (swagger-ui-dist; no CDN) with our page script (api-docs/docs.js). Without
 * JavaScript the page lists every described route and links the description itself.
 */
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { API } from "#schemas/contract/index.ts";
import type { ApiRoute } from "#schemas/contract/route.ts";

export const API_DOCS_PATH = "/api/docs";

const swaggerDist = dirname(createRequire(import.meta.url).resolve("swagger-ui-dist/package.json"));
const ASSETS: Record<string, { file: string; type: string }> = {
  "swagger-ui-bundle.js": { file: join(swaggerDist, "swagger-ui-bundle.js"), type: "text/javascript; charset=utf-8" },
  "swagger-ui.css": { file: join(swaggerDist, "swagger-ui.css"), type: "text/css; charset=utf-8" },
  "docs.js": { file: fileURLToPath(new URL("./api-docs/docs.js", import.meta.url)), type: "text/javascript; charset=utf-8" },
  "docs.css": { file: fileURLToPath(new URL("./api-docs/docs.css", import.meta.url)), type: "text/css; charset=utf-8" },
};

/** Its own scripts only; Swagger UI styles elements inline; "Try it out" calls this server alone. */
const POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join("; ");

const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);

function page(): string {
  const rows = Object.values(API as Record<string, ApiRoute>)
    .map((route) => `<tr><td>${route.method}</td><td><code>${escapeHtml(route.path)}</code></td><td>${escapeHtml(route.summary)}</td></tr>`)
    .join("");
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>API reference · Launchpad</title>
<link rel="stylesheet" href="${API_DOCS_PATH}/swagger-ui.css">
<link rel="stylesheet" href="${API_DOCS_PATH}/docs.css">
</head>
<body>
<main id="api-reference">
<noscript>
<h1>Launchpad API reference</h1>
<p>The full description is <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI 3.1). With JavaScript this page shows each call with its curl and JavaScript, and tries it with your API token.</p>
<table><caption>Described routes</caption><thead><tr><th scope="col">Method</th><th scope="col">Path</th><th scope="col">What it does</th></tr></thead><tbody>${rows}</tbody></table>
</noscript>
</main>
<script src="${API_DOCS_PATH}/swagger-ui-bundle.js"></script>
<script src="${API_DOCS_PATH}/docs.js"></script>
</body>
</html>`;
}

/** The reference's answer for this request, or null when it is not one of its paths. */
export async function apiDocs(request: Request): Promise<Response | null> {
  const path = new URL(request.url).pathname;
  if (path !== API_DOCS_PATH && !path.startsWith(`${API_DOCS_PATH}/`)) return null;
  if (request.method !== "GET" && request.method !== "HEAD") {
    return new Response("Method Not Allowed", {
      status: 405,
      headers: { Allow: "GET, HEAD", "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  const headers = { "Content-Security-Policy": POLICY, "X-Content-Type-Options": "nosniff", "X-Frame-Options": "DENY" };
  if (path === API_DOCS_PATH) {
    return new Response(page(), { headers: { ...headers, "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-cache" } });
  }
  const asset = ASSETS[path.slice(API_DOCS_PATH.length + 1)];
  if (!asset) return new Response("Not Found", { status: 404, headers: { ...headers, "Content-Type": "text/plain; charset=utf-8" } });
  const body = await readFile(asset.file);
  return new Response(request.method === "HEAD" ? null : body, {
    headers: { ...headers, "Content-Type": asset.type, "Cache-Control": "public, max-age=3600" },
  });
}

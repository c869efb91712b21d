// The API reference's page script (/api/docs): Swagger UI over /api/openapi.json, with the curl and the
// JavaScript (fetch) of each call, and "Try it out" against this server with the reader's own API token
// ("Authorize"). It sends nothing anywhere else (no validator badge).
/* global SwaggerUIBundle */
function javascriptSnippet(request) {
  const headers = {};
  request.get("headers")?.forEach((value, name) => {
    headers[name] = value;
  });
  const options = { method: request.get("method"), headers };
  const body = request.get("body");
  if (body !== undefined && body !== null) options.body = typeof body === "string" ? body : JSON.stringify(body);
  return `const response = await fetch(${JSON.stringify(request.get("url"))}, ${JSON.stringify(options, null, 2)});\nconsole.log(await response.json());`;
}

// A reader logged in to the panel tries calls with their session: a write then echoes the session's XSRF
// cookie, as the panel does, unless the call carries an API token.
function withSessionXsrf(request) {
  const writes = !["GET", "HEAD", "OPTIONS"].includes(String(request.method).toUpperCase());
  const hasToken = Object.keys(request.headers).some((name) => name.toLowerCase() === "authorization");
  if (writes && !hasToken) {
    const cookie = document.cookie.split("; ").find((pair) => /^(__Host-)?XSRF-TOKEN=/.test(pair));
    if (cookie) request.headers["X-XSRF-TOKEN"] = decodeURIComponent(cookie.slice(cookie.indexOf("=") + 1));
  }
  return request;
}

window.ui = SwaggerUIBundle({
  requestInterceptor: withSessionXsrf,
  url: "/api/openapi.json",
  dom_id: "#api-reference",
  // Deep links put a link inside each operation's toggle button: one control inside another, for a screen reader.
  deepLinking: false,
  validatorUrl: null,
  displayRequestDuration: true,
  // Forty-odd parts, drawn only as they scroll into view: the filter finds one by name.
  filter: true,
  requestSnippetsEnabled: true,
  requestSnippets: {
    generators: {
      curl_bash: { title: "curl", syntax: "bash" },
      javascript_fetch: { title: "JavaScript", syntax: "javascript" },
    },
    defaultExpanded: true,
    languages: ["curl_bash", "javascript_fetch"],
  },
  plugins: [() => ({ fn: { requestSnippetGenerator_javascript_fetch: javascriptSnippet } })],
  // The server picker's caption is not its label: name it for screen readers.
  onComplete: () => {
    document.querySelector("#servers")?.setAttribute("aria-label", "Server");
    document.querySelector(".operation-filter-input")?.setAttribute("aria-label", "Filter by part");
  },
});

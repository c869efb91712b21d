/**
 * The API elsewhere (API_URL): the panel's own calls and every API path the browser asks this server for
 * (`/api/…`, `/sanctum/…`, `/broadcasting/auth` and `/broadcasting/user-auth`, files, a checkout's
 * return) go there, so that one session, the upstream's, holds for everything a page does.
 */

/** Headers about this hop, not the request: the next hop sets its own. */
const HOP_HEADERS = ["host", "connection", "keep-alive", "transfer-encoding", "upgrade", "proxy-connection", "te", "trailer"];

export type Forward = (request: Request, clientIp: string | undefined) => Promise<Response>;

export function upstreamForwarder(upstream: string): Forward {
  const base = upstream.replace(/\/$/, "");
  return async (request, clientIp) => {
    const url = new URL(request.url);
    const headers = new Headers(request.headers);
    for (const name of HOP_HEADERS) headers.delete(name);
    // The upstream sees every call come from this server: it reads the browser's address here when it
    // trusts this proxy (TRUST_PROXY), as its per-address limits need.
    if (clientIp) headers.set("x-forwarded-for", clientIp);
    const hasBody = request.method !== "GET" && request.method !== "HEAD";
    const answer = await fetch(base + url.pathname + url.search, {
      method: request.method,
      headers,
      body: hasBody ? request.body : undefined,
      // A redirect is the browser's to follow, as the in-process API's are.
      redirect: "manual",
      duplex: "half",
    } as RequestInit);
    // fetch hands the body over decoded: the encoding and length it travelled with no longer describe it
    // (this server compresses its own answers again).
    const forwarded = new Headers(answer.headers);
    for (const name of [...HOP_HEADERS, "content-encoding", "content-length"]) forwarded.delete(name);
    return new Response(answer.body, { status: answer.status, statusText: answer.statusText, headers: forwarded });
  };
}

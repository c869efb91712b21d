/**
 * The OAuth 2 side both meeting fakes share (tests/fakes/zoom.ts, tests/fakes/google.ts): a consent page
 * that sends the browser back with a code (Allow) or `error=access_denied` (Deny), codes bound to the
 * PKCE challenge and redirect URI, access tokens that expire, refresh tokens, revocation.
 */
import { createHash, randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";

export interface FakeRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: IncomingMessage["headers"];
  /** Form fields or parsed JSON. */
  body: Record<string, unknown>;
}

interface PendingCode {
  clientId: string;
  redirectUri: string;
  challenge: string;
  used: boolean;
}

export interface OAuthFakeOptions {
  clientId: string;
  clientSecret: string;
  /** The account the consent page signs in as. */
  email: string;
  /** Lifetime of an access token in seconds (default 3600). */
  accessTokenSeconds?: number;
  /** A refresh hands out a new refresh token and retires the old one (Zoom does; Google does not). */
  rotateRefreshTokens: boolean;
  /** The provider's name on its consent page. */
  name: string;
}

export class OAuthFake {
  readonly codes = new Map<string, PendingCode>();
  /** Access token → when it stops working (ms). */
  readonly accessTokens = new Map<string, number>();
  readonly refreshTokens = new Set<string>();
  /** Token → the grant (one consent) it belongs to: revoking any live token of a grant ends all of it. */
  readonly grants = new Map<string, number>();
  private nextGrant = 1;
  /** Tokens whose revocation was accepted. */
  readonly revoked: string[] = [];
  /** How long the token endpoint takes to answer (ms), as a real one over the network does. */
  tokenLatencyMs = 0;
  /** Every token request: grant type and whether it was accepted, for the tests' assertions. */
  readonly tokenRequests: { grantType: string; accepted: boolean; error?: string }[] = [];
  accessTokenSeconds: number;

  constructor(readonly options: OAuthFakeOptions) {
    this.accessTokenSeconds = options.accessTokenSeconds ?? 3600;
  }

  /** Every access token handed out so far stops working now (the provider revoked or expired them early). */
  expireAccessTokens() {
    for (const token of this.accessTokens.keys()) this.accessTokens.set(token, 0);
  }

  /** The consent page's answer: where Allow or Deny sends the browser (a 302), or an error page. */
  authorize(req: FakeRequest, res: ServerResponse) {
    const q = req.query;
    if (q.client_id !== this.options.clientId) return html(res, 400, "<h1>Unknown client_id</h1>");
    if (q.response_type !== "code" || !q.redirect_uri || !q.state) return html(res, 400, "<h1>Malformed authorization request</h1>");
    if (q.code_challenge_method !== "S256" || !/^[A-Za-z0-9_-]{43}$/.test(q.code_challenge ?? ""))
      return html(res, 400, "<h1>PKCE (S256) is required</h1>");
    const back = new URL(q.redirect_uri);
    if (q.decision === "deny") {
      back.search = new URLSearchParams({ error: "access_denied", state: q.state }).toString();
      return redirect(res, back.toString());
    }
    if (q.decision === "allow") {
      const code = randomBytes(16).toString("hex");
      this.codes.set(code, { clientId: q.client_id, redirectUri: q.redirect_uri, challenge: q.code_challenge, used: false });
      back.search = new URLSearchParams({ code, state: q.state }).toString();
      return redirect(res, back.toString());
    }
    const link = (decision: string) => {
      const url = new URL(req.path, "http://fake");
      url.search = new URLSearchParams({ ...q, decision }).toString();
      return `${url.pathname}${url.search}`.replace(/&/g, "&amp;");
    };
    html(
      res,
      200,
      `<main><h1>${this.options.name}: allow Launchpad?</h1><p>Signed in as ${this.options.email}.</p>` +
        `<p><a href="${link("allow")}">Allow</a> <a href="${link("deny")}">Deny</a></p></main>`,
    );
  }

  private issue(rotate: boolean, previousRefresh?: string) {
    const grant = (previousRefresh && this.grants.get(previousRefresh)) || this.nextGrant++;
    const accessToken = `at-${randomBytes(12).toString("hex")}`;
    this.accessTokens.set(accessToken, Date.now() + this.accessTokenSeconds * 1000);
    this.grants.set(accessToken, grant);
    let refreshToken: string | undefined;
    if (rotate || !previousRefresh) {
      if (previousRefresh) this.refreshTokens.delete(previousRefresh);
      refreshToken = `rt-${randomBytes(12).toString("hex")}`;
      this.refreshTokens.add(refreshToken);
      this.grants.set(refreshToken, grant);
    }
    return {
      access_token: accessToken,
      token_type: "bearer",
      expires_in: this.accessTokenSeconds,
      scope: "meeting:write",
      ...(refreshToken ? { refresh_token: refreshToken } : {}),
    };
  }

  /** The token endpoint; `client` is the client id and secret as the provider reads them (Basic or form). */
  async token(req: FakeRequest, res: ServerResponse, client: { id?: string; secret?: string }) {
    if (this.tokenLatencyMs) await new Promise((resolve) => setTimeout(resolve, this.tokenLatencyMs));
    const b = req.body as Record<string, string>;
    const refuse = (error: string, description: string, status = 400) => {
      this.tokenRequests.push({ grantType: b.grant_type, accepted: false, error: description });
      json(res, status, { error, error_description: description });
    };
    if (client.id !== this.options.clientId || client.secret !== this.options.clientSecret)
      return refuse("invalid_client", "Invalid client credentials.", 401);
    if (b.grant_type === "authorization_code") {
      const pending = this.codes.get(b.code);
      if (!pending || pending.used) return refuse("invalid_grant", "Invalid authorization code.");
      pending.used = true;
      if (pending.redirectUri !== b.redirect_uri) return refuse("invalid_grant", "Redirect URI mismatch.");
      if (!b.code_verifier || createHash("sha256").update(b.code_verifier).digest("base64url") !== pending.challenge) {
        return refuse("invalid_grant", "Invalid code verifier.");
      }
      this.tokenRequests.push({ grantType: b.grant_type, accepted: true });
      return json(res, 200, this.issue(true));
    }
    if (b.grant_type === "refresh_token") {
      if (!this.refreshTokens.has(b.refresh_token)) return refuse("invalid_grant", "Invalid refresh token.");
      this.tokenRequests.push({ grantType: b.grant_type, accepted: true });
      return json(res, 200, this.issue(this.options.rotateRefreshTokens, b.refresh_token));
    }
    refuse("unsupported_grant_type", "Unsupported grant type.");
  }

  /**
   * Revokes the grant of a live token (an access token not yet expired, or a current refresh token): all
   * its tokens stop working. An expired or unknown token is refused (false), as the providers do.
   */
  revoke(token: string | undefined): boolean {
    const live = token !== undefined && (this.refreshTokens.has(token) || (this.accessTokens.get(token) ?? 0) > Date.now());
    const grant = live ? this.grants.get(token) : undefined;
    if (!token || grant === undefined) return false;
    this.revoked.push(token);
    for (const [other, of] of this.grants) {
      if (of !== grant) continue;
      this.accessTokens.delete(other);
      this.refreshTokens.delete(other);
    }
    return true;
  }

  /** The bearer token of a request when it is live; otherwise answers 401 and returns null. */
  bearer(req: FakeRequest, res: ServerResponse, unauthorized: unknown): string | null {
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1];
    const until = token ? this.accessTokens.get(token) : undefined;
    if (!token || until === undefined || until <= Date.now()) {
      json(res, 401, unauthorized);
      return null;
    }
    return token;
  }
}

export function json(res: ServerResponse, status: number, body?: unknown) {
  if (body === undefined) {
    res.writeHead(status);
    return res.end();
  }
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}

function html(res: ServerResponse, status: number, body: string) {
  res.writeHead(status, { "content-type": "text/html; charset=utf-8" });
  res.end(`<!doctype html><html lang="en"><head><title>Fake consent</title></head><body>${body}</body></html>`);
}

function redirect(res: ServerResponse, to: string) {
  res.writeHead(302, { location: to });
  res.end();
}

/** Reads a request the way both fakes need it: query, form or JSON body. */
export async function readFakeRequest(req: IncomingMessage): Promise<FakeRequest> {
  const url = new URL(req.url ?? "/", "http://fake");
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString("utf8");
  let body: Record<string, unknown> = {};
  if ((req.headers["content-type"] ?? "").includes("application/json") && text) body = JSON.parse(text) as Record<string, unknown>;
  else if (text) body = Object.fromEntries(new URLSearchParams(text));
  return { method: req.method ?? "GET", path: url.pathname, query: Object.fromEntries(url.searchParams), headers: req.headers, body };
}

/**
 * What the meeting adapters share: OAuth 2 authorization code with PKCE (RFC 7636, S256), token requests,
 * and one way to call a provider that turns every failure into a ProviderError with a readable message.
 */
import { createHash, randomBytes } from "node:crypto";
import type { MeetingProviderKey } from "#schemas/meetings.ts";

/** Long enough for a slow provider, short enough that the panel's request is not held up for long. */
export const PROVIDER_TIMEOUT_MS = 10_000;
/**
 * A token refresh runs while the connection's row is locked (api/modules/meetings/tokens.ts), and on the
 * embedded database an open transaction holds the one connection: so it gets less time than other calls.
 */
export const REFRESH_TIMEOUT_MS = 5_000;

/** The provider could not be reached, refused, or answered something unusable. `status` is its HTTP status, if any. */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly status?: number,
    /** OAuth's error code from a token endpoint (`invalid_grant`, …), when it gave one. */
    readonly code?: string,
  ) {
    super(message);
  }
}

export interface TokenSet {
  accessToken: string;
  /** Null when the provider sent none (Google sends one only at the first consent). */
  refreshToken: string | null;
  expiresAt: Date | null;
  scope: string | null;
}

/** An event form's meeting, in the terms every provider understands. */
export interface MeetingDetails {
  title: string;
  description: string;
  startsAt: Date;
  endsAt: Date;
  timezone: string;
}

export interface CreatedMeeting {
  externalId: string;
  joinUrl: string;
}

export interface MeetingProviderAdapter {
  readonly key: MeetingProviderKey;
  authorizationUrl(request: { state: string; codeChallenge: string; redirectUri: string }): string;
  exchangeCode(request: { code: string; codeVerifier: string; redirectUri: string }): Promise<TokenSet>;
  refresh(refreshToken: string): Promise<TokenSet>;
  /** Best effort: the connection is forgotten here whether or not the provider hears of it. */
  revoke(tokens: { accessToken: string | null; refreshToken: string | null }): Promise<void>;
  /** The account's e-mail or name, shown on /integration. */
  accountLabel(accessToken: string): Promise<string | null>;
  createMeeting(authorized: Authorized, details: MeetingDetails): Promise<CreatedMeeting>;
  updateMeeting(authorized: Authorized, externalId: string, details: MeetingDetails): Promise<void>;
}

/**
 * Runs one provider request with the user's access token; when the provider answers 401 it renews the
 * token and runs that same request once more. Each step of a multi-step call goes through it on its own,
 * so a step that already succeeded (a create) is never sent twice.
 */
export type Authorized = <T>(request: (accessToken: string) => Promise<T>) => Promise<T>;

/** A random `state` (256 bits): unguessable, so a callback can only finish a flow this server started. */
export const randomState = () => randomBytes(32).toString("base64url");

/** A PKCE verifier (43 characters of the unreserved set) and its S256 challenge. */
export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString("base64url");
  return { verifier, challenge: pkceChallenge(verifier) };
}

export const pkceChallenge = (verifier: string) => createHash("sha256").update(verifier).digest("base64url");

export interface ProviderAnswer {
  status: number;
  body: unknown;
}

/** One call to a provider; a network failure or a timeout becomes a ProviderError naming the provider. */
export async function callProvider(
  label: string,
  url: string,
  init: RequestInit,
  timeoutMs = PROVIDER_TIMEOUT_MS,
): Promise<ProviderAnswer> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, redirect: "manual", signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    const timedOut = (error as Error).name === "TimeoutError";
    throw new ProviderError(timedOut ? `${label} did not answer in time.` : `${label} could not be reached.`);
  }
  const text = await res.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  return { status: res.status, body };
}

/** The most useful words in an error body, in any of the shapes Zoom and Google use. */
export function errorText(body: unknown): string | undefined {
  const b = body as { message?: unknown; error?: unknown; error_description?: unknown; reason?: unknown } | null;
  if (!b || typeof b !== "object") return undefined;
  if (typeof b.error_description === "string") return b.error_description;
  if (typeof b.message === "string") return b.message;
  if (b.error && typeof b.error === "object" && typeof (b.error as { message?: unknown }).message === "string")
    return (b.error as { message: string }).message;
  if (typeof b.error === "string") return b.error;
  return undefined;
}

/** A failed answer as a ProviderError: "Zoom answered 500: <its message>". Messages are cut short (they reach the page). */
export function failure(label: string, answer: ProviderAnswer): ProviderError {
  const said = errorText(answer.body)?.slice(0, 200);
  const code =
    typeof (answer.body as { error?: unknown } | null)?.error === "string" ? (answer.body as { error: string }).error : undefined;
  return new ProviderError(`${label} answered ${answer.status}${said ? `: ${said}` : ""}`, answer.status, code);
}

/** POSTs form fields to a token endpoint and reads the token set it answers. */
export async function tokenRequest(
  label: string,
  url: string,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
  timeoutMs = PROVIDER_TIMEOUT_MS,
): Promise<TokenSet> {
  // Counted from before the request: the token's lifetime started no earlier than this.
  const now = Date.now();
  const answer = await callProvider(
    label,
    url,
    {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json", ...headers },
      body: new URLSearchParams(fields).toString(),
    },
    timeoutMs,
  );
  if (answer.status !== 200) throw failure(label, answer);
  const body = answer.body as { access_token?: unknown; refresh_token?: unknown; expires_in?: unknown; scope?: unknown } | null;
  if (typeof body?.access_token !== "string" || !body.access_token) throw new ProviderError(`${label} answered without an access token.`);
  const expiresIn = Number(body.expires_in);
  return {
    accessToken: body.access_token,
    refreshToken: typeof body.refresh_token === "string" && body.refresh_token ? body.refresh_token : null,
    expiresAt: Number.isFinite(expiresIn) && expiresIn > 0 ? new Date(now + expiresIn * 1000) : null,
    scope: typeof body.scope === "string" ? body.scope : null,
  };
}

/** A JSON call with the user's access token. 401 is a ProviderError with status 401 (the caller refreshes and retries once). */
export async function bearerJson(
  label: string,
  method: string,
  url: string,
  accessToken: string,
  payload?: unknown,
): Promise<ProviderAnswer> {
  const answer = await callProvider(label, url, {
    method,
    headers: {
      authorization: `Bearer ${accessToken}`,
      accept: "application/json",
      ...(payload === undefined ? {} : { "content-type": "application/json" }),
    },
    body: payload === undefined ? undefined : JSON.stringify(payload),
  });
  if (answer.status < 200 || answer.status >= 300) throw failure(label, answer);
  return answer;
}

/** Whole minutes between start and end, at least one (providers count durations in minutes). */
export const durationMinutes = (details: Pick<MeetingDetails, "startsAt" | "endsAt">) =>
  Math.max(1, Math.round((details.endsAt.getTime() - details.startsAt.getTime()) / 60_000));

/** An instant as providers like it: UTC, whole seconds, "Z". */
export const utcSeconds = (instant: Date) => `${instant.toISOString().slice(0, 19)}Z`;

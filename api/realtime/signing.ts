/**
 * The signatures of the Pusher protocol, all HMAC-SHA256 with the app secret:
 * - channel auth: "key:hex(hmac(socket_id:channel_name[:channel_data]))", made by /broadcasting/auth and
 *   checked by the socket server on subscribe;
 * - user auth: "key:hex(hmac(socket_id::user::user_data))", made by /broadcasting/user-auth and checked by
 *   the socket server on pusher:signin;
 * - HTTP API requests: "METHOD\nPATH\nsorted query" in auth_signature, with auth_key, auth_timestamp,
 *   auth_version=1.0 and body_md5, made by the publisher and checked by the HTTP API.
 */
import { createHash, createHmac, timingSafeEqual } from "node:crypto";

export interface AppCredentials {
  appId: string;
  key: string;
  secret: string;
}

export const hmac = (secret: string, text: string) => createHmac("sha256", secret).update(text).digest("hex");
export const md5 = (body: string | Uint8Array) => createHash("md5").update(body).digest("hex");

export function safeEqualText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** The protocol's signed text for a subscription: "socket_id:channel[:channel_data]". */
export const channelAuthText = (socketId: string, channel: string, channelData?: string) =>
  channelData === undefined ? `${socketId}:${channel}` : `${socketId}:${channel}:${channelData}`;

/** The `auth` value a client presents when subscribing to a private or presence channel. */
export function signChannel(app: Pick<AppCredentials, "key" | "secret">, socketId: string, channel: string, channelData?: string): string {
  return `${app.key}:${hmac(app.secret, channelAuthText(socketId, channel, channelData))}`;
}

export function verifyChannelAuth(
  app: Pick<AppCredentials, "key" | "secret">,
  auth: unknown,
  socketId: string,
  channel: string,
  channelData?: string,
): boolean {
  return typeof auth === "string" && safeEqualText(auth, signChannel(app, socketId, channel, channelData));
}

/** The protocol's signed text for a sign-in: "socket_id::user::user_data". */
export const userAuthText = (socketId: string, userData: string) => `${socketId}::user::${userData}`;

/** The `auth` value a client presents with pusher:signin, for the user_data it sends along. */
export function signUser(app: Pick<AppCredentials, "key" | "secret">, socketId: string, userData: string): string {
  return `${app.key}:${hmac(app.secret, userAuthText(socketId, userData))}`;
}

export function verifyUserAuth(app: Pick<AppCredentials, "key" | "secret">, auth: unknown, socketId: string, userData: unknown): boolean {
  return typeof auth === "string" && typeof userData === "string" && safeEqualText(auth, signUser(app, socketId, userData));
}

/** The string the HTTP API signs: method, path, and the query sorted by key, values as sent (not encoded). */
export function requestSigningText(method: string, path: string, params: ReadonlyMap<string, string>): string {
  const sorted = [...params].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return [method.toUpperCase(), path, sorted.map(([k, v]) => `${k}=${v}`).join("&")].join("\n");
}

/** The query string of a signed HTTP API request (what the official SDKs send). */
export function signedQuery(
  app: AppCredentials,
  method: string,
  path: string,
  body: string | undefined,
  extra: Record<string, string> = {},
  now = Date.now(),
): string {
  const params = new Map<string, string>([
    ["auth_key", app.key],
    ["auth_timestamp", String(Math.floor(now / 1000))],
    ["auth_version", "1.0"],
    ...Object.entries(extra),
  ]);
  if (body) params.set("body_md5", md5(body));
  const signature = hmac(app.secret, requestSigningText(method, path, params));
  return [...params, ["auth_signature", signature]].map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join("&");
}

/** How far a request's auth_timestamp may be from the server's clock (Pusher's window). */
export const TIMESTAMP_GRACE_SECONDS = 600;

/**
 * Checks a signed HTTP API request; returns why it is refused, or null when it is good. The body's MD5
 * must match body_md5 whenever there is a body, so a signature cannot be replayed with another body.
 */
export function verifyRequest(app: AppCredentials, method: string, url: URL, body: string, now = Date.now()): string | null {
  const params = new Map<string, string>();
  for (const [name, value] of url.searchParams) {
    if (name !== "auth_signature") params.set(name.toLowerCase(), value);
  }
  if (params.get("auth_key") !== app.key) return "Unknown auth_key";
  if (params.get("auth_version") !== "1.0") return "auth_version must be 1.0";
  const timestamp = Number(params.get("auth_timestamp"));
  if (!Number.isFinite(timestamp) || Math.abs(now / 1000 - timestamp) > TIMESTAMP_GRACE_SECONDS) {
    return `Timestamp expired: auth_timestamp must be within ${TIMESTAMP_GRACE_SECONDS} seconds of the server time`;
  }
  if (body ? params.get("body_md5") !== md5(body) : params.has("body_md5") && params.get("body_md5") !== md5(""))
    return "body_md5 does not match the body";
  const expected = hmac(app.secret, requestSigningText(method, url.pathname, params));
  return safeEqualText(url.searchParams.get("auth_signature") ?? "", expected) ? null : "Invalid signature";
}

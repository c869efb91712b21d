/**
 * A subscription's tie to the login that authorised it. With the embedded server, POST /broadcasting/auth
 * adds a grant to the signature it answers: the user, a fingerprint of the session or bearer token the
 * request came with, when it was signed and, for a session, the earliest moment it can go idle. The
 * signature covers the grant, so the socket server, in whichever process or instance the socket is, knows
 * whose subscription it holds and can check it again later (revocation.ts).
 *
 * The `auth` value is "key:signature:grant", the signature being HMAC-SHA256 of the protocol's usual text
 * ("socket_id:channel[:channel_data]"), a newline, and the grant. pusher-js and Echo pass `auth` through
 * untouched. A plain "key:signature" is still accepted: only holders of the app secret can make one.
 */
import { sha256 } from "../lib/tokens.ts";
import { channelAuthText, hmac, safeEqualText, verifyChannelAuth, type AppCredentials } from "./signing.ts";

/**
 * How long a signed grant may wait before it is used to subscribe. pusher-js subscribes as soon as the
 * answer arrives; the bound is what lets a process trust a grant signed before a revocation it heard of.
 */
export const GRANT_TTL_MS = 60_000;

export interface Grant {
  userId: number;
  /** "s" + the session's fingerprint, or "t" + the bearer token's. */
  credential: string;
  /** When /broadcasting/auth signed it (ms, whole seconds). */
  issuedAt: number;
  /** Sessions: the earliest moment the session can have been idle too long (ms); null for tokens. */
  expiresAt: number | null;
}

const GRANT = /^(\d{1,10})\.([st][0-9a-f]{32})\.(\d{1,12})(?:\.(\d{1,12}))?$/;

/**
 * The stored hash of a session id or token, hashed once more and shortened: enough to tell a user's
 * logins apart, and neither the cookie nor the database key.
 */
export const credentialFingerprint = (storedHash: string) => sha256(`realtime grant:${storedHash}`).slice(0, 32);

export function encodeGrant(grant: Grant): string {
  const seconds = (ms: number) => Math.floor(ms / 1000);
  return [grant.userId, grant.credential, seconds(grant.issuedAt), ...(grant.expiresAt === null ? [] : [seconds(grant.expiresAt)])].join(
    ".",
  );
}

export function parseGrant(text: string): Grant | null {
  const match = GRANT.exec(text);
  if (!match) return null;
  return {
    userId: Number(match[1]),
    credential: match[2],
    issuedAt: Number(match[3]) * 1000,
    expiresAt: match[4] === undefined ? null : Number(match[4]) * 1000,
  };
}

/** The `auth` value for a subscription tied to a login. */
export function signGrantedChannel(
  app: Pick<AppCredentials, "key" | "secret">,
  socketId: string,
  channel: string,
  channelData: string | undefined,
  grant: Grant,
): string {
  const text = encodeGrant(grant);
  return `${app.key}:${hmac(app.secret, `${channelAuthText(socketId, channel, channelData)}\n${text}`)}:${text}`;
}

export type VerifiedAuth = { valid: false; reason: string } | { valid: true; grant: Grant | null };

/**
 * Checks a subscription's `auth`: a grant's signature and age, or a plain signature. A grant older than
 * GRANT_TTL_MS (or from the future by as much) is refused; the client asks /broadcasting/auth again.
 */
export function verifySubscriptionAuth(
  app: Pick<AppCredentials, "key" | "secret">,
  auth: unknown,
  socketId: string,
  channel: string,
  channelData?: string,
  now = Date.now(),
): VerifiedAuth {
  if (typeof auth !== "string") return { valid: false, reason: "Invalid signature" };
  const grant = parseGrant(auth.slice(auth.lastIndexOf(":") + 1));
  if (!grant)
    return verifyChannelAuth(app, auth, socketId, channel, channelData)
      ? { valid: true, grant: null }
      : { valid: false, reason: "Invalid signature" };
  if (!safeEqualText(auth, signGrantedChannel(app, socketId, channel, channelData, grant)))
    return { valid: false, reason: "Invalid signature" };
  if (Math.abs(now - grant.issuedAt) > GRANT_TTL_MS) return { valid: false, reason: "Authorization expired" };
  return { valid: true, grant };
}

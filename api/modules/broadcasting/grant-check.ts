/**
 * The two ends of a subscription's tie to a login (api/realtime/grants.ts): the grant /broadcasting/auth
 * signs for its caller, and the check the socket server runs on it later (api/realtime/revocation.ts):
 * the session or token still exists (a session not idle too long), the user is still active, and the
 * channel's rule, the one that signed it (channels.ts), still admits them.
 */
import type { Context } from "hono";
import { eq } from "drizzle-orm";
import type { AppEnv } from "#api/context.ts";
import type { Db } from "#api/db/client.ts";
import { apiTokens, sessions } from "#api/db/schema.ts";
import { credentialFingerprint, type Grant } from "#api/realtime/grants.ts";
import type { GrantCheck, GrantVerdict } from "#api/realtime/revocation.ts";
import { loadAuthUser } from "../auth/sessions.ts";
import { mayListen } from "./channels.ts";

/**
 * A session's recorded last activity lags behind its real use by up to a minute (it is written at most
 * once a minute, and look-ups may be reused for a few seconds): the grant's expiry is this much early, and
 * the socket server reads the exact one when the moment comes.
 */
const ACTIVITY_LAG_MS = 2 * 60_000;

/** The grant for the caller of this request, or null when it is not logged in by a session or token. */
export function grantFor(c: Context<AppEnv>, userId: number, now = Date.now()): Grant | null {
  const sessionHash = c.get("sessionHash");
  const tokenHash = c.get("tokenHash");
  if (c.get("authMethod") === "session" && sessionHash) {
    const idleMs = c.get("config").sessionIdleMinutes * 60_000;
    return { userId, credential: `s${credentialFingerprint(sessionHash)}`, issuedAt: now, expiresAt: now + idleMs - ACTIVITY_LAG_MS };
  }
  if (c.get("authMethod") === "token" && tokenHash) {
    return { userId, credential: `t${credentialFingerprint(tokenHash)}`, issuedAt: now, expiresAt: null };
  }
  return null;
}

/** A login's state now: whether it still logs the user in and, for a session, when it goes idle. */
async function loginState(
  db: Db,
  login: Pick<Grant, "userId" | "credential">,
  idleMs: number,
): Promise<{ alive: boolean; expiresAt: number | null }> {
  const fingerprint = login.credential.slice(1);
  if (login.credential.startsWith("t")) {
    const tokens = await db.select({ hash: apiTokens.tokenHash }).from(apiTokens).where(eq(apiTokens.userId, login.userId));
    return { alive: tokens.some((token) => credentialFingerprint(token.hash) === fingerprint), expiresAt: null };
  }
  const rows = await db
    .select({ hash: sessions.idHash, lastActivityAt: sessions.lastActivityAt })
    .from(sessions)
    .where(eq(sessions.userId, login.userId));
  const session = rows.find((row) => credentialFingerprint(row.hash) === fingerprint);
  const expiresAt = session ? session.lastActivityAt.getTime() + idleMs : null;
  return expiresAt !== null && expiresAt > Date.now() ? { alive: true, expiresAt } : { alive: false, expiresAt: null };
}

export function grantChecker(db: Db, sessionIdleMinutes: number): GrantCheck {
  const dead: GrantVerdict = { alive: false, allowed: new Set(), expiresAt: null };
  return async (login, channels) => {
    const state = await loginState(db, login, sessionIdleMinutes * 60_000);
    if (!state.alive) return dead;
    const user = await loadAuthUser(db, login.userId);
    if (!user.isActive) return dead;
    const allowed = new Set<string>();
    for (const channel of channels) if (await mayListen(db, user, channel)) allowed.add(channel);
    return { alive: true, allowed, expiresAt: state.expiresAt };
  };
}

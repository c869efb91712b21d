import { and, eq, gt, isNull, lt, notInArray, or, sql } from "drizzle-orm";
import type { Db } from "#api/db/client.ts";
import { preparedPerDb } from "#api/db/embedded/prepared.ts";
import { apiTokens, sessions, startups, users } from "#api/db/schema.ts";
import type { AuthUser } from "#api/context.ts";
import { randomToken, sha256 } from "#api/lib/tokens.ts";
import { authUserFields, startupOfUser, toAuthUser } from "./users.ts";

/** Session, user, account type, roles and permissions: the whole "who is calling" in one round trip. */
const sessionUserQuery = preparedPerDb((db) =>
  db
    .select({ ...authUserFields, lastActivityAt: sessions.lastActivityAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(startups, startupOfUser)
    .where(
      and(
        eq(sessions.idHash, sql.placeholder("idHash")),
        gt(sessions.lastActivityAt, sql.placeholder("idleCutoff")),
        eq(users.isActive, true),
      ),
    )
    .limit(1)
    .prepare("auth_session_user"),
);

const sessionTouch = preparedPerDb((db) =>
  db
    .update(sessions)
    .set({ lastActivityAt: sql`now()` })
    .where(eq(sessions.idHash, sql.placeholder("idHash")))
    .prepare("auth_session_touch"),
);

/**
 * The bearer path reads like the session path and stamps last use at most once a minute: a write on every
 * call made each API client's read a write (on the embedded database, a WAL write per request).
 */
const tokenUserQuery = preparedPerDb((db) =>
  db
    .select({ ...authUserFields, lastUsedAt: apiTokens.lastUsedAt, abilities: apiTokens.abilities })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .leftJoin(startups, startupOfUser)
    .where(
      and(
        eq(apiTokens.tokenHash, sql.placeholder("tokenHash")),
        eq(users.isActive, true),
        or(isNull(apiTokens.expiresAt), gt(apiTokens.expiresAt, sql`now()`)),
      ),
    )
    .limit(1)
    .prepare("auth_token_user"),
);

const tokenTouch = preparedPerDb((db) =>
  db
    .update(apiTokens)
    .set({ lastUsedAt: sql`now()`, lastUsedIp: sql`${sql.placeholder("ip")}` })
    .where(eq(apiTokens.tokenHash, sql.placeholder("tokenHash")))
    .prepare("auth_token_touch"),
);

/** The user as a request sees its caller (after login or registration, where there is no session row yet). */
export async function loadAuthUser(db: Db, userId: number): Promise<AuthUser> {
  const [row] = await db.select(authUserFields).from(users).leftJoin(startups, startupOfUser).where(eq(users.id, userId));
  return toAuthUser(row);
}

/** Writing last activity on every request would turn each read into a write; once a minute is enough. */
const TOUCH_INTERVAL_MS = 60_000;

export async function createSession(db: Db, userId: number, meta: { ip?: string; userAgent?: string }): Promise<string> {
  const id = randomToken();
  await db.insert(sessions).values({
    idHash: sha256(id),
    userId,
    ipAddress: meta.ip ?? null,
    userAgent: meta.userAgent?.slice(0, 500) ?? null,
  });
  return id;
}

export async function destroySession(db: Db, idHash: string) {
  await db.delete(sessions).where(eq(sessions.idHash, idHash));
}

/** Ends every way the user is logged in: browser sessions and bearer tokens. */
export async function destroyUserSessions(db: Db, userId: number) {
  await db.delete(sessions).where(eq(sessions.userId, userId));
  await db.delete(apiTokens).where(eq(apiTokens.userId, userId));
}

/**
 * Ends every other way the user is logged in: their other browser sessions and all their bearer tokens.
 * `keep` are the sessions that stay (the caller's own; none for a bearer-token caller).
 */
export async function endOtherSessions(db: Db, userId: number, ...keep: (string | null)[]) {
  const kept = keep.filter((hash): hash is string => hash !== null);
  await db.delete(sessions).where(and(eq(sessions.userId, userId), kept.length ? notInArray(sessions.idHash, kept) : undefined));
  await db.delete(apiTokens).where(eq(apiTokens.userId, userId));
}

export async function findSessionUser(db: Db, sessionId: string, idleMinutes: number): Promise<{ user: AuthUser; idHash: string } | null> {
  const idHash = sha256(sessionId);
  const idleCutoff = new Date(Date.now() - idleMinutes * 60_000).toISOString();
  const [row] = await sessionUserQuery(db).execute({ idHash, idleCutoff });
  if (!row) return null;
  const { lastActivityAt, ...user } = row;
  if (Date.now() - lastActivityAt.getTime() > TOUCH_INTERVAL_MS) {
    await sessionTouch(db).execute({ idHash });
  }
  return { user: toAuthUser(user), idHash };
}

/** Sessions idle past their expiry are useless; removing them keeps the table small. */
export async function pruneSessions(db: Db, idleMinutes: number) {
  await db.delete(sessions).where(lt(sessions.lastActivityAt, new Date(Date.now() - idleMinutes * 60_000)));
}

/** A token of POST /sanctum/token: every ability, no expiry (tokens made on /account/tokens: api-tokens.ts). */
export async function createApiToken(db: Db, userId: number, name: string): Promise<string> {
  const token = randomToken();
  await db.insert(apiTokens).values({ userId, name, tokenHash: sha256(token) });
  return token;
}

/** The caller a bearer token names, with what it may do; null when it names none, or has expired. */
export async function findTokenUser(db: Db, token: string, ip: string | null): Promise<{ user: AuthUser; abilities: string[] } | null> {
  const tokenHash = sha256(token);
  const [row] = await tokenUserQuery(db).execute({ tokenHash });
  if (!row) return null;
  const { lastUsedAt, abilities, ...user } = row;
  if (!lastUsedAt || Date.now() - lastUsedAt.getTime() > TOUCH_INTERVAL_MS) await tokenTouch(db).execute({ tokenHash, ip });
  return { user: toAuthUser(user), abilities };
}

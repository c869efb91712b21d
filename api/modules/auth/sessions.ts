import { and, eq, gt, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { apiTokens, sessions, users } from "../../db/schema.ts";
import type { AuthUser } from "../../context.ts";
import { randomToken, sha256 } from "../../lib/tokens.ts";

const userColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  isActive: users.isActive,
  startupId: users.startupId,
  coFounderId: users.coFounderId,
  avatarFileId: users.avatarFileId,
};

export async function loadAuthUser(db: Db, userId: number): Promise<AuthUser> {
  const [user] = await db.select(userColumns).from(users).where(eq(users.id, userId));
  return user;
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

export async function findSessionUser(
  db: Db,
  sessionId: string,
  idleMinutes: number,
): Promise<{ user: AuthUser; idHash: string } | null> {
  const idHash = sha256(sessionId);
  const idleCutoff = new Date(Date.now() - idleMinutes * 60_000);
  const [row] = await db
    .select({ ...userColumns, lastActivityAt: sessions.lastActivityAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.idHash, idHash), gt(sessions.lastActivityAt, idleCutoff), eq(users.isActive, true)))
    .limit(1);
  if (!row) return null;
  const { lastActivityAt, ...user } = row;
  if (Date.now() - lastActivityAt.getTime() > TOUCH_INTERVAL_MS) {
    await db.update(sessions).set({ lastActivityAt: sql`now()` }).where(eq(sessions.idHash, idHash));
  }
  return { user, idHash };
}

/** Sessions idle past their expiry are useless; removing them keeps the table small. */
export async function pruneSessions(db: Db, idleMinutes: number) {
  await db.delete(sessions).where(lt(sessions.lastActivityAt, new Date(Date.now() - idleMinutes * 60_000)));
}

export async function createApiToken(db: Db, userId: number, name: string): Promise<string> {
  const token = randomToken();
  await db.insert(apiTokens).values({ userId, name: name.slice(0, 100), tokenHash: sha256(token) });
  return token;
}

export async function findTokenUser(db: Db, token: string): Promise<AuthUser | null> {
  const [row] = await db
    .select({ ...userColumns, tokenId: apiTokens.id })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(and(eq(apiTokens.tokenHash, sha256(token)), eq(users.isActive, true)))
    .limit(1);
  if (!row) return null;
  const { tokenId, ...user } = row;
  await db.update(apiTokens).set({ lastUsedAt: sql`now()` }).where(eq(apiTokens.id, tokenId));
  return user;
}

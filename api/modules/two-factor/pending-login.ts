import type { Context } from "hono";
import { and, eq, isNotNull } from "drizzle-orm";
import { parseId } from "#schemas/ids.ts";
import { PENDING_LOGIN_SECONDS } from "#schemas/two-factor.ts";
import type { AppEnv } from "#api/context.ts";
import type { Db } from "#api/db/client.ts";
import { users } from "#api/db/schema.ts";
import { clearTwoFactorCookie, readTwoFactorCookie, writeTwoFactorCookie } from "#api/lib/cookies.ts";
import { secretBox } from "#api/lib/encryption.ts";
import { safeEqual, sha256 } from "#api/lib/tokens.ts";

/**
 * A correct password on an account with two-factor sign-in opens no session: the browser is handed this
 * instead, in an HttpOnly cookie, and the second step (POST /api/two-factor-challenge) turns it into one.
 *
 * It is `<user id>.<expiry>.<signature>`, signed with a key derived from the app key (so every instance on
 * the database accepts it) over the id, the expiry and a digest of the user's password hash: it is worth
 * nothing after PENDING_LOGIN_SECONDS, or once the password has changed. Nothing is stored. Anyone holding
 * it still needs a code, and code guesses count against the login limits, so it is left to expire rather
 * than tracked and revoked (docs/decisions/027-two-factor-sign-in.md).
 */
const PURPOSE = "two-factor pending login";

interface PendingUser {
  id: number;
  email: string;
  passwordHash: string;
}

const signed = (userId: number, expires: number, passwordHash: string) => `${userId}.${expires}.${sha256(passwordHash)}`;

async function userOf(db: Db, userId: number): Promise<PendingUser | undefined> {
  const [user] = await db
    .select({ id: users.id, email: users.email, passwordHash: users.passwordHash })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.isActive, true), isNotNull(users.twoFactorEnabledAt)));
  return user;
}

/** Hands the browser a sign-in waiting for its second factor. */
export async function issuePendingLogin(c: Context<AppEnv>, userId: number): Promise<void> {
  const user = await userOf(c.get("db"), userId);
  if (!user) return;
  const expires = Math.floor(Date.now() / 1000) + PENDING_LOGIN_SECONDS;
  const box = await secretBox(c.get("db"), PURPOSE);
  writeTwoFactorCookie(c, `${userId}.${expires}.${box.mac(signed(userId, expires, user.passwordHash))}`, PENDING_LOGIN_SECONDS);
}

/** The user whose sign-in waits for its second factor on this request, or null (none, expired, altered). */
export async function pendingLogin(c: Context<AppEnv>): Promise<{ id: number; email: string } | null> {
  const value = readTwoFactorCookie(c);
  const match = value ? /^(\d{1,10})\.(\d{1,12})\.([A-Za-z0-9_-]{1,100})$/.exec(value) : null;
  if (!match) return null;
  const [, id, expiresText, signature] = match;
  const userId = parseId(id);
  const expires = Number(expiresText);
  if (userId === undefined || expires < Date.now() / 1000) return null;
  const user = await userOf(c.get("db"), userId);
  if (!user) return null;
  const box = await secretBox(c.get("db"), PURPOSE);
  if (!safeEqual(signature, box.mac(signed(userId, expires, user.passwordHash)))) return null;
  return { id: user.id, email: user.email };
}

export const endPendingLogin = (c: Context<AppEnv>) => clearTwoFactorCookie(c);

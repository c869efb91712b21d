import { and, eq, gt, inArray, lt, sql } from "drizzle-orm";
import { LINK_INVALID, LINK_LIFETIME_MINUTES, type AccountLinkStatus, type AccountTokenPurpose } from "#schemas/account-links.ts";
import type { Db } from "#api/db/client.ts";
import { accountTokens } from "#api/db/account-tokens-schema.ts";
import { notFound } from "#api/lib/errors.ts";
import { randomToken, sha256 } from "#api/lib/tokens.ts";

/*
 * The one place account links are made, looked at and used. A token is 256 random bits; only its SHA-256
 * is stored, so a copy of the database opens nothing. Using a link deletes its row in the statement that
 * reads it, so of the same link opened many times at once exactly one gets through.
 */

export interface IssuedToken {
  /** The token itself: it goes into the mailed link and nowhere else. */
  token: string;
  expiresAt: Date;
}

/** A token and its expiry, made before the transaction that stores it (its mail is rendered in between). */
export function newToken(purpose: AccountTokenPurpose): IssuedToken {
  return { token: randomToken(), expiresAt: new Date(Date.now() + LINK_LIFETIME_MINUTES[purpose] * 60_000) };
}

/**
 * Stores the link's token for the user; an earlier link of the same purpose stops working, so only the
 * newest mail opens anything. Call it in the transaction that queues the mail.
 */
export async function storeToken(
  tx: Db,
  userId: number,
  purpose: AccountTokenPurpose,
  issued: IssuedToken,
  email: string,
  sessionHash: string | null = null,
): Promise<void> {
  await tx.delete(accountTokens).where(and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, purpose)));
  await tx
    .insert(accountTokens)
    .values({ userId, purpose, tokenHash: sha256(issued.token), email, sessionHash, expiresAt: issued.expiresAt });
}

export interface UsedToken {
  userId: number;
  email: string;
  sessionHash: string | null;
}

/** The one refusal of a link: unknown, used and expired look the same. */
export const linkInvalid = () => notFound(LINK_INVALID);

/**
 * Uses a link: deletes its row and answers what it was for, or throws the 404 of an invalid link. An
 * expired row is deleted too (it was of no more use).
 */
export async function useToken(tx: Db, purpose: AccountTokenPurpose, token: string): Promise<UsedToken> {
  if (!token) throw linkInvalid();
  const [row] = await tx
    .delete(accountTokens)
    .where(and(eq(accountTokens.tokenHash, sha256(token)), eq(accountTokens.purpose, purpose)))
    .returning({
      userId: accountTokens.userId,
      email: accountTokens.email,
      sessionHash: accountTokens.sessionHash,
      live: sql<boolean>`${accountTokens.expiresAt} > now()`,
    });
  if (!row?.live) throw linkInvalid();
  return { userId: row.userId, email: row.email, sessionHash: row.sessionHash };
}

/** Whether a link still works, without using it: the page it opens shows its form only then. */
export async function checkToken(db: Db, purpose: AccountTokenPurpose, token: string): Promise<AccountLinkStatus> {
  if (!token) throw linkInvalid();
  const [row] = await db
    .select({ expiresAt: accountTokens.expiresAt })
    .from(accountTokens)
    .where(and(eq(accountTokens.tokenHash, sha256(token)), eq(accountTokens.purpose, purpose), gt(accountTokens.expiresAt, sql`now()`)));
  if (!row) throw linkInvalid();
  return { valid: true, expires_at: row.expiresAt.toISOString() };
}

/** Every link of these purposes the user has: a reset ends them, a change of address makes them moot. */
export async function dropTokens(tx: Db, userId: number, purposes: readonly AccountTokenPurpose[]): Promise<void> {
  await tx.delete(accountTokens).where(and(eq(accountTokens.userId, userId), inArray(accountTokens.purpose, [...purposes])));
}

/** The user's link waiting for its use, if any (the pending change of address). */
export async function pendingToken(db: Db, userId: number, purpose: AccountTokenPurpose) {
  const [row] = await db
    .select({ email: accountTokens.email, expiresAt: accountTokens.expiresAt })
    .from(accountTokens)
    .where(and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, purpose), gt(accountTokens.expiresAt, sql`now()`)));
  return row ?? null;
}

/** Links past their time are of no use; removing them keeps the table small (server.ts runs this now and then). */
export async function pruneAccountTokens(db: Db): Promise<void> {
  await db.delete(accountTokens).where(lt(accountTokens.expiresAt, sql`now()`));
}

import { randomInt } from "node:crypto";
import { and, count, eq } from "drizzle-orm";
import { RECOVERY_CODE_COUNT } from "#schemas/two-factor.ts";
import type { Db } from "#api/db/client.ts";
import { twoFactorRecoveryCodes } from "#api/db/schema.ts";
import { sha256 } from "#api/lib/tokens.ts";

/**
 * Recovery codes: ten per user, each ten letters and digits (nearly 50 random bits) shown as "abcde-fghij", only
 * their SHA-256 kept. A code's row is deleted as it is used, in the statement that checks it, so one code
 * sent many times at once lets exactly one of them in.
 */
/** No i, l, o, 0 or 1: nothing to misread when typing one from paper. */
const ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";
const HALF = 5;

function newCode(): string {
  const letters = Array.from({ length: HALF * 2 }, () => ALPHABET[randomInt(ALPHABET.length)]);
  return `${letters.slice(0, HALF).join("")}-${letters.slice(HALF).join("")}`;
}

/** As the schema hands it over (lower case, without the dash and spaces), so "ABCDE FGHIJ" works too. */
const hashOf = (normalised: string) => sha256(normalised);
const normalise = (code: string) => code.replace(/[\s-]+/g, "").toLowerCase();

/** Replaces the user's codes with ten new ones (in the caller's transaction) and answers them in clear. */
export async function replaceRecoveryCodes(tx: Db, userId: number): Promise<string[]> {
  const codes = new Set<string>();
  while (codes.size < RECOVERY_CODE_COUNT) codes.add(newCode());
  await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
  await tx.insert(twoFactorRecoveryCodes).values([...codes].map((code) => ({ userId, codeHash: hashOf(normalise(code)) })));
  return [...codes];
}

/** Uses one code: true when it was one of the user's and unused; it never works again. */
export async function useRecoveryCode(db: Db, userId: number, code: string): Promise<boolean> {
  const used = await db
    .delete(twoFactorRecoveryCodes)
    .where(and(eq(twoFactorRecoveryCodes.userId, userId), eq(twoFactorRecoveryCodes.codeHash, hashOf(normalise(code)))))
    .returning({ id: twoFactorRecoveryCodes.id });
  return used.length === 1;
}

export async function recoveryCodesLeft(db: Db, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
  return Number(row?.n ?? 0);
}

export async function deleteRecoveryCodes(tx: Db, userId: number): Promise<void> {
  await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
}

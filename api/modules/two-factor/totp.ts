import { and, eq, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import { generateSecret, generateURI, verify } from "otplib";
import QRCode from "qrcode";
import { TOTP_DIGITS, TOTP_PERIOD_SECONDS, type TwoFactorSetup } from "#schemas/two-factor.ts";
import type { Db } from "#api/db/client.ts";
import { users } from "#api/db/schema.ts";
import { DecryptionError, secretBox } from "#api/lib/encryption.ts";

/**
 * TOTP (RFC 6238) as every authenticator app speaks it: SHA-1, 6 digits, 30-second steps, through otplib.
 * The secret is kept sealed (AES-256-GCM under a key derived from the app key, bound to the user's id), so
 * a copy of the database alone cannot make codes.
 */
const ISSUER = "Launchpad";
const PURPOSE = "two-factor secrets";

const box = (db: Db) => secretBox(db, PURPOSE);
const sealContext = (userId: number) => `user:${userId}`;

export const newSecret = () => generateSecret();

export async function sealSecret(db: Db, userId: number, secret: string): Promise<string> {
  return (await box(db)).seal(secret, sealContext(userId));
}

/** The secret, or null when it cannot be opened (another app key sealed it). */
export async function openSecret(db: Db, userId: number, sealed: string): Promise<string | null> {
  try {
    return (await box(db)).open(sealed, sealContext(userId));
  } catch (error) {
    if (error instanceof DecryptionError) return null;
    throw error;
  }
}

/** What an authenticator app needs to add the account: the secret, its otpauth URL and that URL as a QR code. */
export async function setupOf(secret: string, email: string): Promise<TwoFactorSetup> {
  const url = generateURI({ issuer: ISSUER, label: email, secret, digits: TOTP_DIGITS, period: TOTP_PERIOD_SECONDS });
  const svg = await QRCode.toString(url, { type: "svg", margin: 2, errorCorrectionLevel: "M" });
  return { secret, otpauth_url: url, qr_code_svg: svg };
}

/**
 * The time step `code` stands for, if it is right for `secret` now or one step either side (a phone's clock
 * a little off, a code typed as it changed) and later than `after`, the last step accepted.
 */
async function stepOf(secret: string, code: string, after: number | null): Promise<number | null> {
  const result = await verify({
    secret,
    token: code,
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    epochTolerance: TOTP_PERIOD_SECONDS,
    ...(after === null ? {} : { afterTimeStep: after }),
  });
  // The functional verify answers TOTP's and HOTP's results alike; only TOTP's carries the step.
  return result.valid && "timeStep" in result ? result.timeStep : null;
}

/**
 * Accepts a TOTP code once. `state` says which secret it is checked against: the one of two-factor sign-in
 * that is on, or one waiting for its first code (the setup). The step is taken in one conditional update,
 * only if it is later than the last one taken: the same code sent twice at once, or again within its
 * window, is accepted once.
 */
export async function acceptTotp(db: Db, userId: number, code: string, state: "enabled" | "setup"): Promise<boolean> {
  const enabled = state === "enabled" ? isNotNull(users.twoFactorEnabledAt) : isNull(users.twoFactorEnabledAt);
  const [user] = await db
    .select({ sealed: users.twoFactorSecret, lastStep: users.twoFactorLastStep })
    .from(users)
    .where(and(eq(users.id, userId), enabled));
  if (!user?.sealed) return false;
  const secret = await openSecret(db, userId, user.sealed);
  if (!secret) return false;
  const step = await stepOf(secret, code, user.lastStep);
  if (step === null) return false;
  const taken = await db
    .update(users)
    .set({ twoFactorLastStep: step })
    .where(
      and(
        eq(users.id, userId),
        enabled,
        // The secret checked is still the one stored: a new setup in between makes this code worthless.
        eq(users.twoFactorSecret, user.sealed),
        or(isNull(users.twoFactorLastStep), lt(users.twoFactorLastStep, sql`${step}::int`)),
      ),
    )
    .returning({ id: users.id });
  return taken.length === 1;
}

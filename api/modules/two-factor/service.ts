import { and, eq, isNull, sql } from "drizzle-orm";
import {
  INVALID_RECOVERY_CODE,
  INVALID_TOTP_CODE,
  SECOND_FACTOR_REQUIRED,
  TWO_FACTOR_ALREADY_ON,
  TWO_FACTOR_CANNOT_TURN_OFF,
  TWO_FACTOR_NO_SETUP,
  TWO_FACTOR_NOT_ON,
  type SecondFactor,
  type TwoFactorSetup,
  type TwoFactorStatus,
} from "#schemas/two-factor.ts";
import type { ApiConfig } from "#api/config.ts";
import type { AuthUser } from "#api/context.ts";
import type { Db } from "#api/db/client.ts";
import { users } from "#api/db/schema.ts";
import { fieldError, HttpError, forbidden } from "#api/lib/errors.ts";
import { limits } from "#api/lib/limits.ts";
import { guarded } from "#api/lib/rate-limit.ts";
import { checkCurrentPassword } from "../auth/service.ts";
import { deleteRecoveryCodes, recoveryCodesLeft, replaceRecoveryCodes, useRecoveryCode } from "./recovery-codes.ts";
import { twoFactorRequired } from "./requirement.ts";
import { acceptTotp, newSecret, openSecret, sealSecret, setupOf } from "./totp.ts";

const conflict = (message: string) => new HttpError(409, message);
const wrongAnswer = (error: unknown) => error instanceof HttpError && error.status === 422;

async function stateOf(db: Db, userId: number) {
  const [row] = await db
    .select({ passwordHash: users.passwordHash, sealed: users.twoFactorSecret, enabledAt: users.twoFactorEnabledAt })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/**
 * The second factor of a user whose two-factor sign-in is on: a TOTP code (each step accepted once) or a
 * recovery code (each usable once). A wrong one is a 422 on its field. Callers count wrong ones against a
 * limit: the login tiers at sign-in, `twoFactorCode` for a signed-in user.
 */
export async function checkSecondFactor(db: Db, userId: number, input: SecondFactor): Promise<void> {
  if (input.code) {
    if (!(await acceptTotp(db, userId, input.code, "enabled"))) throw fieldError("code", INVALID_TOTP_CODE);
  } else if (input.recovery_code) {
    if (!(await useRecoveryCode(db, userId, input.recovery_code))) throw fieldError("recovery_code", INVALID_RECOVERY_CODE);
  } else {
    throw fieldError("code", SECOND_FACTOR_REQUIRED);
  }
}

/** A signed-in user's code (turning it on or off, new recovery codes), wrong ones held to `twoFactorCode`. */
function checkSignedInCode(db: Db, config: ApiConfig, userId: number, check: () => Promise<void>) {
  return guarded(db, limits(config).twoFactorCode, userId, check, wrongAnswer);
}

export async function twoFactorStatus(db: Db, user: AuthUser, config: ApiConfig): Promise<TwoFactorStatus> {
  const state = await stateOf(db, user.id);
  const secret = !state.enabledAt && state.sealed ? await openSecret(db, user.id, state.sealed) : null;
  return {
    enabled: state.enabledAt !== null,
    enabled_at: state.enabledAt?.toISOString() ?? null,
    required: twoFactorRequired(user, config),
    recovery_codes_left: state.enabledAt ? await recoveryCodesLeft(db, user.id) : 0,
    setup: secret ? await setupOf(secret, user.email) : null,
  };
}

/**
 * A new secret waiting for its first code (a setup started again replaces the one before). Nothing
 * changes for signing in until `confirmSetup`.
 */
export async function startSetup(db: Db, user: AuthUser): Promise<TwoFactorSetup> {
  const secret = newSecret();
  const started = await db
    .update(users)
    .set({ twoFactorSecret: await sealSecret(db, user.id, secret), twoFactorLastStep: null })
    .where(and(eq(users.id, user.id), isNull(users.twoFactorEnabledAt)))
    .returning({ id: users.id });
  if (!started.length) throw conflict(TWO_FACTOR_ALREADY_ON);
  return setupOf(secret, user.email);
}

/**
 * Turns two-factor sign-in on: the password (so a borrowed session cannot lock the owner out) and a first
 * code from the app that scanned the setup. Answers the ten recovery codes, in clear this once.
 */
export async function confirmSetup(
  db: Db,
  config: ApiConfig,
  userId: number,
  input: { current_password: string; code: string },
): Promise<string[]> {
  const state = await stateOf(db, userId);
  if (state.enabledAt) throw conflict(TWO_FACTOR_ALREADY_ON);
  if (!state.sealed) throw conflict(TWO_FACTOR_NO_SETUP);
  await checkCurrentPassword(db, limits(config).currentPassword, userId, state.passwordHash, input.current_password);
  await checkSignedInCode(db, config, userId, async () => {
    if (!(await acceptTotp(db, userId, input.code, "setup"))) throw fieldError("code", INVALID_TOTP_CODE);
  });
  return db.transaction(async (tx) => {
    const enabled = await tx
      .update(users)
      .set({ twoFactorEnabledAt: sql`now()`, updatedAt: sql`now()` })
      .where(and(eq(users.id, userId), isNull(users.twoFactorEnabledAt), eq(users.twoFactorSecret, state.sealed!)))
      .returning({ id: users.id });
    // Two confirmations at once, or a new setup started meanwhile: only the first turns it on.
    if (!enabled.length) throw conflict(TWO_FACTOR_ALREADY_ON);
    return replaceRecoveryCodes(tx, userId);
  });
}

/** Turns it off: the password and a code (or a recovery code). Not for a role that requires it. */
export async function disableTwoFactor(db: Db, config: ApiConfig, user: AuthUser, input: { current_password: string } & SecondFactor) {
  if (twoFactorRequired(user, config)) throw forbidden(TWO_FACTOR_CANNOT_TURN_OFF);
  const state = await stateOf(db, user.id);
  if (!state.enabledAt) throw conflict(TWO_FACTOR_NOT_ON);
  await checkCurrentPassword(db, limits(config).currentPassword, user.id, state.passwordHash, input.current_password);
  await checkSignedInCode(db, config, user.id, () => checkSecondFactor(db, user.id, input));
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ twoFactorSecret: null, twoFactorEnabledAt: null, twoFactorLastStep: null, updatedAt: sql`now()` })
      .where(eq(users.id, user.id));
    await deleteRecoveryCodes(tx, user.id);
  });
}

/** Ten new recovery codes for a code (or a recovery code); the old ones stop working. */
export async function renewRecoveryCodes(db: Db, config: ApiConfig, userId: number, input: SecondFactor): Promise<string[]> {
  const state = await stateOf(db, userId);
  if (!state.enabledAt) throw conflict(TWO_FACTOR_NOT_ON);
  await checkSignedInCode(db, config, userId, () => checkSecondFactor(db, userId, input));
  return db.transaction((tx) => replaceRecoveryCodes(tx, userId));
}

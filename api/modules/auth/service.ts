import { hash, verify } from "@node-rs/argon2";
import { eq, sql } from "drizzle-orm";
import { STANDARD_PASSWORD_HASH_COST, type ApiConfig, type PasswordHashCost } from "#api/config.ts";
import type { Db } from "#api/db/client.ts";
import { users } from "#api/db/schema.ts";
import { fieldError, HttpError } from "#api/lib/errors.ts";
import { limits } from "#api/lib/limits.ts";
import { guarded, type RateLimit } from "#api/lib/rate-limit.ts";
import { prepareEmailChange } from "../account-links/email-change.ts";
import { replaceFileReference } from "../files/references.ts";
import { storeImage } from "../files/service.ts";
import { endOtherSessions } from "./sessions.ts";

/** argon2id, at the standard cost unless the API's config says otherwise (api/config.ts). */
export const hashPassword = (password: string, cost: PasswordHashCost = STANDARD_PASSWORD_HASH_COST) =>
  hash(password, { algorithm: 2, parallelism: 1, ...cost });

export async function verifyPassword(passwordHash: string, password: string) {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/**
 * Checks a signed-in user's current password (to change the password or the email) under `limit`: wrong
 * ones are counted before the check, so guesses sent at once are held to it too. A wrong one is a 422 on
 * `current_password`; past the limit every attempt, the right one included, is the limit's 429.
 */
export async function checkCurrentPassword(
  db: Db,
  limit: RateLimit,
  userId: number,
  passwordHash: string,
  password: string,
): Promise<void> {
  const check = async () => {
    if (!(await verifyPassword(passwordHash, password))) throw fieldError("current_password", "The password is incorrect.");
  };
  const wrong = (error: unknown) => error instanceof HttpError && error.status === 422;
  await guarded(db, limit, userId, check, wrong);
}

/** Verifying against a real hash even for unknown emails keeps response times from revealing accounts. */
let dummyHash: Promise<string> | undefined;
const timingHash = () => (dummyHash ??= hashPassword("timing-equaliser"));

export async function registerUser(db: Db, input: { name: string; email: string; password: string }, cost: PasswordHashCost) {
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, input.email));
  if (existing) throw fieldError("email", "The email has already been taken.");
  const [user] = await db
    .insert(users)
    .values({ name: input.name, email: input.email, passwordHash: await hashPassword(input.password, cost) })
    .onConflictDoNothing()
    .returning({ id: users.id });
  if (!user) throw fieldError("email", "The email has already been taken.");
  return user.id;
}

/** `twoFactor`: the account has two-factor sign-in on, so the password alone opens no session. */
export type CredentialCheck = { ok: true; userId: number; twoFactor: boolean } | { ok: false; reason: "invalid" | "inactive" };

export async function checkCredentials(db: Db, email: string, password: string): Promise<CredentialCheck> {
  const [user] = await db
    .select({ id: users.id, passwordHash: users.passwordHash, isActive: users.isActive, twoFactorEnabledAt: users.twoFactorEnabledAt })
    .from(users)
    .where(eq(users.email, email));
  if (!user) {
    await verifyPassword(await timingHash(), password);
    return { ok: false, reason: "invalid" };
  }
  if (!(await verifyPassword(user.passwordHash, password))) return { ok: false, reason: "invalid" };
  if (!user.isActive) return { ok: false, reason: "inactive" };
  return { ok: true, userId: user.id, twoFactor: user.twoFactorEnabledAt !== null };
}

/**
 * Name, email and avatar. A new email is not taken at once: it waits for the link mailed to it
 * (account-links/email-change.ts, which also ends the user's other sessions when it is opened), and the
 * old address is told. Answers the new avatar's file id, if one was stored.
 */
export async function updateAccount(
  db: Db,
  userId: number,
  input: { name: string; email: string; current_password?: string; avatar?: File },
  keepSessionHash: string | null,
  config: ApiConfig,
): Promise<string | null> {
  const [user] = await db.select({ email: users.email, passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
  let storeEmailChange: ((tx: Db) => Promise<void>) | null = null;
  if (input.email !== user.email) {
    const currentPassword = input.current_password;
    if (!currentPassword) throw fieldError("current_password", "The current password is required to change your email.");
    // The change's own limit first: changes asked at once are refused as too many changes, not held up by
    // the password check's places. A refused password gives the change its place back; a taken address
    // does not, so that answer is held to the limit too.
    await guarded(
      db,
      limits(config).emailChange,
      userId,
      async () => {
        await checkCurrentPassword(db, limits(config).currentPassword, userId, user.passwordHash, currentPassword);
        const [taken] = await db.select({ id: users.id }).from(users).where(eq(users.email, input.email));
        if (taken) throw fieldError("email", "The email has already been taken.");
      },
      (error) => !(error instanceof HttpError && error.errors?.current_password),
    );
    storeEmailChange = await prepareEmailChange(
      db,
      config,
      { id: userId, name: input.name, email: user.email },
      input.email,
      keepSessionHash,
    );
  }
  // The image is stored only once every check has passed, so a refused update leaves no file behind.
  return db.transaction(async (tx) => {
    const avatarFileId = input.avatar ? await storeImage(tx, input.avatar, userId, "avatar") : null;
    if (avatarFileId) await replaceFileReference(tx, users.avatarFileId, eq(users.id, userId), avatarFileId);
    await tx
      .update(users)
      .set({ name: input.name, updatedAt: sql`now()` })
      .where(eq(users.id, userId));
    if (storeEmailChange) await storeEmailChange(tx);
    return avatarFileId;
  });
}

/** Takes the account's avatar away; its file goes with it (replaceFileReference). */
export async function removeAvatar(db: Db, userId: number): Promise<void> {
  await db.transaction((tx) => replaceFileReference(tx, users.avatarFileId, eq(users.id, userId), null));
}

/** A new password; every other session and every bearer token of the user ends, the caller's session stays. */
export async function changePassword(
  db: Db,
  userId: number,
  input: { current_password: string; password: string },
  keepSessionHash: string | null,
  passwordLimit: RateLimit,
  cost: PasswordHashCost,
) {
  const [user] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
  await checkCurrentPassword(db, passwordLimit, userId, user.passwordHash, input.current_password);
  const passwordHash = await hashPassword(input.password, cost);
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ passwordHash, updatedAt: sql`now()` })
      .where(eq(users.id, userId));
    await endOtherSessions(tx, userId, keepSessionHash);
  });
}

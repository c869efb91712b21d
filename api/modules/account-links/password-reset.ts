import { and, eq, sql } from "drizzle-orm";
import type { ApiConfig } from "#api/config.ts";
import type { Db } from "#api/db/client.ts";
import { users } from "#api/db/schema.ts";
import { limits } from "#api/lib/limits.ts";
import { hit } from "#api/lib/rate-limit.ts";
import { readerDates } from "#api/mail/format.ts";
import { queueMail } from "#api/mail/outbox.ts";
import { renderMail } from "#api/mail/render.tsx";
import { PASSWORD_RESET_SUBJECT, PasswordReset } from "#api/mail/templates/password-reset.tsx";
import type { PasswordHashCost } from "#api/config.ts";
import { hashPassword } from "../auth/service.ts";
import { destroyUserSessions } from "../auth/sessions.ts";
import { checkToken, dropTokens, linkInvalid, newToken, storeToken, useToken } from "./tokens.ts";

/**
 * How long /forgot-password takes at least, once its limits let it through. Mailing a link writes the link
 * and its mail, an unknown address writes nothing: without a floor the difference would tell which
 * addresses have accounts. Both paths render the mail, and the floor is well above what either takes.
 */
export const RESET_ANSWER_FLOOR_MS = 300;

/**
 * /forgot-password: mails a reset link when an active account has the address, and answers the same,
 * no sooner than RESET_ANSWER_FLOOR_MS, either way. Counted per client address and per email before
 * anything is looked up, whether or not an account exists, so the 429 tells nothing either.
 */
export async function requestPasswordReset(db: Db, config: ApiConfig, email: string, ip: string | undefined): Promise<void> {
  const limit = limits(config);
  // Callers without a known address would all share one counter, so one of them could lock out the rest.
  if (ip) await hit(db, limit.passwordResetAddress, ip);
  await hit(db, limit.passwordResetEmail, email);
  const answerAt = Date.now() + RESET_ANSWER_FLOOR_MS;
  await mailResetLink(db, config, email);
  const early = answerAt - Date.now();
  if (early > 0) await new Promise((resolve) => setTimeout(resolve, early));
}

/** The link and its mail, when an active account has the address; the mail is rendered either way. */
async function mailResetLink(db: Db, config: ApiConfig, email: string): Promise<void> {
  const [user] = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(and(eq(users.email, email), eq(users.isActive, true)));
  const issued = newToken("password_reset");
  const dates = await readerDates(db, user?.id);
  const mail = await renderMail(
    PasswordReset({ appUrl: config.appUrl, name: user?.name ?? email, token: issued.token, expiresAt: issued.expiresAt, dates }),
  );
  if (!user) return;
  await db.transaction(async (tx) => {
    await storeToken(tx, user.id, "password_reset", issued, email);
    await queueMail(tx, { to: email, userId: user.id, kind: "password_reset", subject: PASSWORD_RESET_SUBJECT, ...mail });
  });
}

/**
 * Sets the new password of the reset link's account: the link is used up, and every session, bearer token
 * and reset link of the user ends with it, as does a change of address waiting for its confirmation (the
 * notice of one tells the owner to reset). Opening the link proved the address too. Answers the user's id.
 * The link is looked at before the password is hashed, so unknown links cost no hashing.
 */
export async function resetPassword(db: Db, token: string, password: string, cost: PasswordHashCost): Promise<number> {
  await checkToken(db, "password_reset", token);
  const passwordHash = await hashPassword(password, cost);
  return db.transaction(async (tx) => {
    const used = await useToken(tx, "password_reset", token);
    // The link was for the address it was sent to: after a change of address it opens nothing.
    const [user] = await tx
      .update(users)
      .set({ passwordHash, emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`, updatedAt: sql`now()` })
      .where(and(eq(users.id, used.userId), eq(users.email, used.email), eq(users.isActive, true)))
      .returning({ id: users.id });
    if (!user) throw linkInvalid();
    await destroyUserSessions(tx, user.id);
    await dropTokens(tx, user.id, ["password_reset", "email_change"]);
    return user.id;
  });
}

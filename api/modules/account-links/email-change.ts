import { and, eq, sql } from "drizzle-orm";
import type { PendingEmailChange } from "#schemas/account-links.ts";
import type { ApiConfig } from "#api/config.ts";
import type { Db } from "#api/db/client.ts";
import { isUniqueViolation } from "#api/db/errors.ts";
import { users } from "#api/db/schema.ts";
import { readerDates } from "#api/mail/format.ts";
import { queueMail } from "#api/mail/outbox.ts";
import { renderMail } from "#api/mail/render.tsx";
import {
  CONFIRM_EMAIL_CHANGE_SUBJECT,
  ConfirmEmailChange,
  EMAIL_CHANGE_NOTICE_SUBJECT,
  EmailChangeNotice,
} from "#api/mail/templates/email-change.tsx";
import { endOtherSessions } from "../auth/sessions.ts";
import { dropTokens, linkInvalid, newToken, pendingToken, storeToken, useToken } from "./tokens.ts";

/*
 * A change of address waits for the new address to be proven: the account keeps its old one until the link
 * mailed to the new one is opened, and the old one hears of it at once.
 */

/**
 * Renders both mails, then answers what stores them: the link and the two mails, in the transaction of the
 * account's update. A newer change replaces one still waiting. The caller has counted the change on its
 * limit (`emailChange`) already.
 */
export async function prepareEmailChange(
  db: Db,
  config: ApiConfig,
  user: { id: number; name: string; email: string },
  newEmail: string,
  sessionHash: string | null,
): Promise<(tx: Db) => Promise<void>> {
  const issued = newToken("email_change");
  const dates = await readerDates(db, user.id);
  const common = { appUrl: config.appUrl, name: user.name, newEmail, dates };
  const [confirm, notice] = await Promise.all([
    renderMail(ConfirmEmailChange({ ...common, token: issued.token, expiresAt: issued.expiresAt })),
    renderMail(EmailChangeNotice({ ...common, requestedAt: new Date() })),
  ]);
  return async (tx) => {
    await storeToken(tx, user.id, "email_change", issued, newEmail, sessionHash);
    await queueMail(tx, { to: newEmail, userId: user.id, kind: "email_change_confirm", subject: CONFIRM_EMAIL_CHANGE_SUBJECT, ...confirm });
    await queueMail(tx, { to: user.email, userId: user.id, kind: "email_change_notice", subject: EMAIL_CHANGE_NOTICE_SUBJECT, ...notice });
  };
}

/**
 * Uses a change-of-address link: the account takes the new address, verified. As when a password changes,
 * every other way the user is logged in ends (the email is how the account is recovered and logged into),
 * except the session that asked for the change and the one opening the link, if it is the same user's.
 * An address another account took meanwhile makes the link invalid. Answers the user's id.
 */
export async function confirmEmailChange(db: Db, token: string, caller: { userId?: number; sessionHash: string | null }): Promise<number> {
  try {
    return await db.transaction(async (tx) => {
      const used = await useToken(tx, "email_change", token);
      const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.email, used.email));
      if (taken) throw linkInvalid();
      const [user] = await tx
        .update(users)
        .set({ email: used.email, emailVerifiedAt: sql`now()`, updatedAt: sql`now()` })
        .where(and(eq(users.id, used.userId), eq(users.isActive, true)))
        .returning({ id: users.id });
      if (!user) throw linkInvalid();
      await endOtherSessions(tx, user.id, used.sessionHash, caller.userId === user.id ? caller.sessionHash : null);
      // Links sent to the old address were for it alone.
      await dropTokens(tx, user.id, ["password_reset", "email_verification"]);
      return user.id;
    });
  } catch (error) {
    // Another account took the address between the look and the update.
    if (isUniqueViolation(error)) throw linkInvalid();
    throw error;
  }
}

/** The change of address waiting for its confirmation, for /account. */
export async function pendingEmailChange(db: Db, userId: number): Promise<PendingEmailChange> {
  const pending = await pendingToken(db, userId, "email_change");
  return { pending_email: pending?.email ?? null, expires_at: pending?.expiresAt.toISOString() ?? null };
}

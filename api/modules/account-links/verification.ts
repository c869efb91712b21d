import { and, eq, sql } from "drizzle-orm";
import type { ApiConfig } from "#api/config.ts";
import type { Db } from "#api/db/client.ts";
import { users } from "#api/db/schema.ts";
import { readerDates } from "#api/mail/format.ts";
import { queueMail } from "#api/mail/outbox.ts";
import { renderMail } from "#api/mail/render.tsx";
import { VERIFY_EMAIL_SUBJECT, VerifyEmail } from "#api/mail/templates/verify-email.tsx";
import { linkInvalid, newToken, storeToken, useToken } from "./tokens.ts";

/** Mails the user a link that verifies their address (registration, "Resend"); an earlier one stops working. */
export async function sendVerificationLink(db: Db, config: ApiConfig, user: { id: number; name: string; email: string }): Promise<void> {
  const issued = newToken("email_verification");
  const dates = await readerDates(db, user.id);
  const mail = await renderMail(
    VerifyEmail({ appUrl: config.appUrl, name: user.name, token: issued.token, expiresAt: issued.expiresAt, dates }),
  );
  await db.transaction(async (tx) => {
    await storeToken(tx, user.id, "email_verification", issued, user.email);
    await queueMail(tx, { to: user.email, userId: user.id, kind: "verify_email", subject: VERIFY_EMAIL_SUBJECT, ...mail });
  });
}

/** Uses a verification link: the address it was sent to is verified, if it is still the user's. */
export async function verifyEmail(db: Db, token: string): Promise<number> {
  return db.transaction(async (tx) => {
    const used = await useToken(tx, "email_verification", token);
    const [user] = await tx
      .update(users)
      .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
      .where(and(eq(users.id, used.userId), eq(users.email, used.email)))
      .returning({ id: users.id });
    if (!user) throw linkInvalid();
    return user.id;
  });
}

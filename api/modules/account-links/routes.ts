/**
 * The links mailed to prove an address, beside /api/register and /api/login:
 *
 *   POST /api/forgot-password {email}                         mails a reset link; the same answer whether or not an account has it
 *   GET  /api/reset-password/{token}                          the link works (200) or not (404, one message for unknown, used, expired)
 *   POST /api/reset-password {token, password, password_confirmation}   new password, every login ends, this one starts
 *   POST /api/email/verification-notification                 mails the caller a new verification link
 *   GET  /api/email/verify/{token}, POST /api/email/verify {token}      the link works; verifies the address
 *   GET  /api/email/confirm/{token}, POST /api/email/confirm {token}    the link works; the account takes its new address
 *   GET  /api/user/email-change                               the new address waiting for its confirmation
 *
 * Opening a link needs no login: it may be opened on another device. A GET only looks at a link; using
 * it is a POST, from a button on the page it opens, so a mail scanner fetching the link uses nothing.
 */
import { Hono } from "hono";
import {
  EMAIL_ALREADY_VERIFIED,
  EMAIL_CHANGED,
  EMAIL_VERIFIED,
  PASSWORD_RESET_DONE,
  RESET_LINK_SENT,
  forgotPasswordSchema,
  linkTokenSchema,
  resetPasswordSchema,
  verificationSent,
  type PasswordResetAnswer,
} from "#schemas/account-links.ts";
import type { AppEnv } from "#api/context.ts";
import { readBody } from "#api/lib/body.ts";
import { limits } from "#api/lib/limits.ts";
import { hit } from "#api/lib/rate-limit.ts";
import { noFields, validate } from "#api/lib/validation.ts";
import { recheckListeners } from "../broadcasting/recheck.ts";
import { currentUser, requireUser } from "../auth/middleware.ts";
import { startSession } from "../auth/login.ts";
import { loadAuthUser } from "../auth/sessions.ts";
import { issuePendingLogin } from "../two-factor/pending-login.ts";
import { userResource } from "../auth/users.ts";
import { confirmEmailChange, pendingEmailChange } from "./email-change.ts";
import { requestPasswordReset, resetPassword } from "./password-reset.ts";
import { checkToken } from "./tokens.ts";
import { sendVerificationLink, verifyEmail } from "./verification.ts";

export const accountLinkRoutes = new Hono<AppEnv>();

accountLinkRoutes.post("/api/forgot-password", async (c) => {
  const { email } = validate(forgotPasswordSchema, await readBody(c));
  await requestPasswordReset(c.get("db"), c.get("config"), email, c.env?.clientIp);
  return c.json({ message: RESET_LINK_SENT });
});

accountLinkRoutes.get("/api/reset-password/:token", async (c) =>
  c.json(await checkToken(c.get("db"), "password_reset", c.req.param("token"))),
);

accountLinkRoutes.post("/api/reset-password", async (c) => {
  const input = validate(resetPasswordSchema, await readBody(c));
  const userId = await resetPassword(c.get("db"), input.token, input.password, c.get("config").passwordHashCost);
  // Every login of the user ended: their sockets lose what those logins let them hear.
  await recheckListeners(c, [userId]);
  // A mailed link proves the address, not the second factor: with two-factor sign-in on, the reset ends
  // where a right password ends at login, waiting for the code.
  if ((await loadAuthUser(c.get("db"), userId)).twoFactorEnabledAt) {
    await issuePendingLogin(c, userId);
    return c.json({ message: PASSWORD_RESET_DONE, two_factor: true } satisfies PasswordResetAnswer);
  }
  const user = await startSession(c, userId);
  return c.json({ message: PASSWORD_RESET_DONE, user: userResource(user, c.get("config")) } satisfies PasswordResetAnswer);
});

accountLinkRoutes.post("/api/email/verification-notification", requireUser, async (c) => {
  validate(noFields, await readBody(c));
  const user = currentUser(c);
  if (user.emailVerifiedAt) return c.json({ message: EMAIL_ALREADY_VERIFIED });
  await hit(c.get("db"), limits(c.get("config")).verificationResend, user.id);
  await sendVerificationLink(c.get("db"), c.get("config"), user);
  return c.json({ message: verificationSent(user.email) });
});

accountLinkRoutes.get("/api/email/verify/:token", async (c) =>
  c.json(await checkToken(c.get("db"), "email_verification", c.req.param("token"))),
);

accountLinkRoutes.post("/api/email/verify", async (c) => {
  const { token } = validate(linkTokenSchema, await readBody(c));
  await verifyEmail(c.get("db"), token);
  return c.json({ message: EMAIL_VERIFIED });
});

accountLinkRoutes.get("/api/email/confirm/:token", async (c) =>
  c.json(await checkToken(c.get("db"), "email_change", c.req.param("token"))),
);

accountLinkRoutes.post("/api/email/confirm", async (c) => {
  const { token } = validate(linkTokenSchema, await readBody(c));
  const userId = await confirmEmailChange(c.get("db"), token, { userId: c.get("user")?.id, sessionHash: c.get("sessionHash") });
  await recheckListeners(c, [userId]);
  return c.json({ message: EMAIL_CHANGED });
});

accountLinkRoutes.get("/api/user/email-change", requireUser, async (c) => c.json(await pendingEmailChange(c.get("db"), currentUser(c).id)));

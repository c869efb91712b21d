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
  verificationSent,
} from "#schemas/account-links.ts";
import { accountLinkRoutes as routes } from "#schemas/contract/account-links.ts";
import type { AppEnv } from "#api/context.ts";
import { serve } from "#api/lib/contract.ts";
import { readBody } from "#api/lib/body.ts";
import { limits } from "#api/lib/limits.ts";
import { hit } from "#api/lib/rate-limit.ts";
import { noFields, validate } from "#api/lib/validation.ts";
import { recheckListeners } from "../broadcasting/recheck.ts";
import { currentUser } from "../auth/middleware.ts";
import { startSession } from "../auth/login.ts";
import { loadAuthUser } from "../auth/sessions.ts";
import { issuePendingLogin } from "../two-factor/pending-login.ts";
import { userResource } from "../auth/users.ts";
import { confirmEmailChange, pendingEmailChange } from "./email-change.ts";
import { requestPasswordReset, resetPassword } from "./password-reset.ts";
import { checkToken } from "./tokens.ts";
import { sendVerificationLink, verifyEmail } from "./verification.ts";

export const accountLinkRoutes = new Hono<AppEnv>();

serve(accountLinkRoutes, routes.forgotPassword, async (c, { body: { email } }) => {
  await requestPasswordReset(c.get("db"), c.get("config"), email, c.env?.clientIp);
  return { message: RESET_LINK_SENT };
});

serve(accountLinkRoutes, routes.checkResetLink, async (c, { params }) => checkToken(c.get("db"), "password_reset", params.token));

serve(accountLinkRoutes, routes.resetPassword, async (c, { body: input }) => {
  const userId = await resetPassword(c.get("db"), input.token, input.password, c.get("config").passwordHashCost);
  // Every login of the user ended: their sockets lose what those logins let them hear.
  await recheckListeners(c, [userId]);
  // A mailed link proves the address, not the second factor: with two-factor sign-in on, the reset ends
  // where a right password ends at login, waiting for the code.
  if ((await loadAuthUser(c.get("db"), userId)).twoFactorEnabledAt) {
    await issuePendingLogin(c, userId);
    return { message: PASSWORD_RESET_DONE, two_factor: true as const };
  }
  const user = await startSession(c, userId);
  return { message: PASSWORD_RESET_DONE, user: userResource(user, c.get("config")) };
});

// The body is read here, not declared: the call takes no fields, and one with any is refused.
serve(accountLinkRoutes, routes.sendVerificationLink, async (c) => {
  validate(noFields, await readBody(c));
  const user = currentUser(c);
  if (user.emailVerifiedAt) return { message: EMAIL_ALREADY_VERIFIED };
  await hit(c.get("db"), limits(c.get("config")).verificationResend, user.id);
  await sendVerificationLink(c.get("db"), c.get("config"), user);
  return { message: verificationSent(user.email) };
});

serve(accountLinkRoutes, routes.checkVerificationLink, async (c, { params }) =>
  checkToken(c.get("db"), "email_verification", params.token),
);

serve(accountLinkRoutes, routes.verifyEmail, async (c, { body: { token } }) => {
  await verifyEmail(c.get("db"), token);
  return { message: EMAIL_VERIFIED };
});

serve(accountLinkRoutes, routes.checkEmailChangeLink, async (c, { params }) => checkToken(c.get("db"), "email_change", params.token));

serve(accountLinkRoutes, routes.confirmEmailChange, async (c, { body: { token } }) => {
  const userId = await confirmEmailChange(c.get("db"), token, { userId: c.get("user")?.id, sessionHash: c.get("sessionHash") });
  await recheckListeners(c, [userId]);
  return { message: EMAIL_CHANGED };
});

serve(accountLinkRoutes, routes.pendingEmailChange, async (c) => pendingEmailChange(c.get("db"), currentUser(c).id));

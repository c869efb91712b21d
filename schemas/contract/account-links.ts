/**
 * The links mailed to prove an address: a password reset, the verification of the address, the
 * confirmation of a new one. Opening one needs no login (it may be opened on another device); a GET only
 * looks at a link, using it is a POST.
 */
import { apiPart, apiRoute } from "./route.ts";
import { messageAnswer } from "./answers.ts";
import {
  accountLinkStatusView,
  forgotPasswordSchema,
  linkTokenSchema,
  passwordResetAnswer,
  pendingEmailChangeView,
  resetPasswordSchema,
} from "../account-links.ts";

/** The same refusal for a link that is unknown, used or expired. */
const linkRefusals = [404] as const;

export const accountLinkRoutes = apiPart("Account links", {
  forgotPassword: apiRoute({
    method: "POST",
    path: "/api/forgot-password",
    summary: "Mail a password reset link; the same answer whether or not an account has the address",
    access: "public",
    body: forgotPasswordSchema,
    answer: messageAnswer,
    refusals: [429],
  }),
  checkResetLink: apiRoute({
    method: "GET",
    path: "/api/reset-password/{token}",
    summary: "Whether a password reset link still works, and until when",
    access: "public",
    answer: accountLinkStatusView,
    refusals: linkRefusals,
  }),
  resetPassword: apiRoute({
    method: "POST",
    path: "/api/reset-password",
    summary:
      "Set a new password with a reset link: every login ends and this one starts (with two-factor sign-in on, it waits for its code)",
    access: "public",
    body: resetPasswordSchema,
    answer: passwordResetAnswer,
    refusals: linkRefusals,
  }),
  sendVerificationLink: apiRoute({
    method: "POST",
    path: "/api/email/verification-notification",
    summary: "Mail the caller a new link to verify their address (none when it is verified already)",
    access: "user",
    answer: messageAnswer,
    refusals: [400, 415, 422, 429],
  }),
  checkVerificationLink: apiRoute({
    method: "GET",
    path: "/api/email/verify/{token}",
    summary: "Whether a verification link still works, and until when",
    access: "public",
    answer: accountLinkStatusView,
    refusals: linkRefusals,
  }),
  verifyEmail: apiRoute({
    method: "POST",
    path: "/api/email/verify",
    summary: "Verify an address with the link mailed to it",
    access: "public",
    body: linkTokenSchema,
    answer: messageAnswer,
    refusals: linkRefusals,
  }),
  checkEmailChangeLink: apiRoute({
    method: "GET",
    path: "/api/email/confirm/{token}",
    summary: "Whether a new address's confirmation link still works, and until when",
    access: "public",
    answer: accountLinkStatusView,
    refusals: linkRefusals,
  }),
  confirmEmailChange: apiRoute({
    method: "POST",
    path: "/api/email/confirm",
    summary: "Give the account its new address with the link mailed to it",
    access: "public",
    body: linkTokenSchema,
    answer: messageAnswer,
    refusals: linkRefusals,
  }),
  pendingEmailChange: apiRoute({
    method: "GET",
    path: "/api/user/email-change",
    summary: "The new address waiting for its confirmation, if any",
    access: "user",
    answer: pendingEmailChangeView,
  }),
});

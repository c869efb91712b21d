/*
 * Links mailed to prove that the reader holds an address: a password reset, the verification of the
 * address, the confirmation of a new one. The forms, the messages and the answers both the panel and the
 * API use. Every page a link opens says the same thing for a link that is unknown, used or expired, and
 * nothing about whether an account exists.
 */
import { z } from "zod";
import { timestamp } from "./contract/answers.ts";
import { confirmed, currentUserView, passwordField } from "./auth.ts";
import { emailField } from "./fields.ts";
import { twoFactorStatusView } from "./two-factor.ts";

export const ACCOUNT_TOKEN_PURPOSES = ["password_reset", "email_verification", "email_change"] as const;
export type AccountTokenPurpose = (typeof ACCOUNT_TOKEN_PURPOSES)[number];

/** How long a link works. A reset is the key to the account, so it lasts an hour; the others a day. */
export const LINK_LIFETIME_MINUTES: Record<AccountTokenPurpose, number> = {
  password_reset: 60,
  email_verification: 24 * 60,
  email_change: 24 * 60,
};

/** The answer to /forgot-password, whether or not an account has that address. */
export const RESET_LINK_SENT = "If an account exists for that address, we have sent a link";
/** A link that is unknown, used or expired: one answer for all three. */
export const LINK_INVALID = "This link is invalid or has expired.";
export const PASSWORD_RESET_DONE = "Your password has been reset.";

/**
 * `POST /api/reset-password`: signed in (`user`), or, for an account with two-factor sign-in, the sign-in
 * waiting for its code (`two_factor`), as after a right password at login.
 */
export const passwordResetAnswer = z.union([
  z.object({ message: z.string(), user: currentUserView }),
  z.object({ message: z.string(), two_factor: z.literal(true) }),
]);
export type PasswordResetAnswer = z.output<typeof passwordResetAnswer>;
export const EMAIL_VERIFIED = "Your email address is verified.";
export const EMAIL_ALREADY_VERIFIED = "Your email address is already verified.";
export const EMAIL_CHANGED = "Your email address has been changed.";
export const verificationSent = (email: string) => `We have sent a new verification link to ${email}.`;
export const emailChangePending = (email: string) =>
  `We have sent a link to ${email}. Your email address changes when you open it; until then it stays as it was.`;

export { HELD_ACTIONS, verifyEmailFirst, type EmailVerificationPolicy, type HeldAction } from "./held-actions.ts";

/**
 * A token as a link carries it. Anything that is not text is read as no token, so a malformed one gets the
 * same answer as an unknown one.
 */
const tokenField = z.string().max(200).catch("");

export const forgotPasswordSchema = z.object({ email: emailField });

/** The new password of a reset: the same rules as registration. */
const newPassword = {
  password: passwordField,
  password_confirmation: z.string({ error: "The password confirmation field is required." }),
};
export const newPasswordSchema = z.object(newPassword).superRefine(confirmed);
export const resetPasswordSchema = z.object({ token: tokenField, ...newPassword }).superRefine(confirmed);

/** Opening a verification or a change-of-address link. */
export const linkTokenSchema = z.object({ token: tokenField });

/** `GET /api/reset-password/{token}`, `/api/email/verify/{token}`, `/api/email/confirm/{token}`: the link works (else 404). */
export const accountLinkStatusView = z.object({ valid: z.literal(true), expires_at: timestamp });
export type AccountLinkStatus = z.output<typeof accountLinkStatusView>;

/** `GET /api/user/email-change`: the address waiting for its confirmation, if any. */
export const pendingEmailChangeView = z.object({ pending_email: z.string().nullable(), expires_at: timestamp.nullable() });
export type PendingEmailChange = z.output<typeof pendingEmailChangeView>;

/** `GET /api/user/account`: everything /account shows, in one answer (the user as `GET /api/user` answers it). */
export const accountScreenView = z.object({
  user: currentUserView,
  two_factor: twoFactorStatusView,
  pending_email_change: pendingEmailChangeView,
});
export type AccountScreen = z.output<typeof accountScreenView>;

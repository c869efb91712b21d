import { z } from "zod";
import { storableString } from "./fields.ts";

/** Two-factor sign-in: a TOTP code from an authenticator app, or one of the recovery codes shown once. */
export const TOTP_DIGITS = 6;
/** Seconds a TOTP code stands for (what every authenticator app uses). */
export const TOTP_PERIOD_SECONDS = 30;
export const RECOVERY_CODE_COUNT = 10;
/** How long a correct password waits for its second factor before the sign-in starts again. */
export const PENDING_LOGIN_SECONDS = 5 * 60;

export const TOTP_CODE_FORMAT = `The code must be the ${TOTP_DIGITS} digits your authenticator app shows.`;
export const SECOND_FACTOR_REQUIRED = "Enter the code from your authenticator app, or a recovery code.";
export const INVALID_TOTP_CODE = "The code is not valid, or it has already been used. Wait for the next one and try again.";
export const INVALID_RECOVERY_CODE = "The recovery code is not valid, or it has already been used.";
export const PENDING_LOGIN_EXPIRED = "Your sign-in has expired. Please log in again.";
export const TWO_FACTOR_REQUIRED =
  "Your role requires two-factor authentication: set it up on your account page before doing anything else.";
export const TWO_FACTOR_CANNOT_TURN_OFF = "Your role requires two-factor authentication, so it cannot be turned off.";
export const TWO_FACTOR_ALREADY_ON = "Two-factor authentication is already on.";
export const TWO_FACTOR_NOT_ON = "Two-factor authentication is not on.";
export const TWO_FACTOR_NO_SETUP = "Start the setup first: no QR code is waiting for its first code.";
export const TWO_FACTOR_SETUP_STARTED = "Scan the QR code with your authenticator app, then enter the code it shows.";
export const TWO_FACTOR_ON = "Two-factor authentication is on.";
export const TWO_FACTOR_OFF = "Two-factor authentication is off.";
export const RECOVERY_CODES_RENEWED = "New recovery codes are ready: the old ones no longer work.";

/** An empty input (JavaScript off, or a JSON client sending "") is no answer at all. */
const blankAsMissing = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);

/** Six digits; the spaces some apps show in the middle ("123 456") are dropped. */
const totpCode = storableString({ error: TOTP_CODE_FORMAT })
  .max(32, TOTP_CODE_FORMAT)
  .transform((value) => value.replace(/\s+/g, ""))
  .pipe(z.string().regex(new RegExp(`^\\d{${TOTP_DIGITS}}$`), TOTP_CODE_FORMAT));
export const totpCodeField = z.preprocess(blankAsMissing, totpCode.optional());

/** As shown ("abcde-fghij"), in any case, with or without the dash or spaces. */
export const recoveryCodeField = z.preprocess(
  blankAsMissing,
  storableString({ error: INVALID_RECOVERY_CODE })
    .max(64, INVALID_RECOVERY_CODE)
    .transform((value) => value.replace(/[\s-]+/g, "").toLowerCase())
    .optional(),
);

const currentPassword = z
  .string({ error: "The current password field is required." })
  .min(1, "The current password field is required.")
  .max(128, "The current password field must not be greater than 128 characters.");

/** The second step of a sign-in, turning two-factor off, new recovery codes: a TOTP code or a recovery code. */
const secondFactorShape = { code: totpCodeField, recovery_code: recoveryCodeField };
const oneOfThem = (value: { code?: string; recovery_code?: string }, ctx: z.RefinementCtx) => {
  if (!value.code && !value.recovery_code) ctx.addIssue({ code: "custom", path: ["code"], message: SECOND_FACTOR_REQUIRED });
};

export const secondFactorSchema = z.object(secondFactorShape).superRefine(oneOfThem);
export type SecondFactor = z.output<typeof secondFactorSchema>;

/** Turning it on: the password, and a first code from the app that scanned the QR code. */
export const twoFactorConfirmSchema = z.object({
  current_password: currentPassword,
  code: z.preprocess(blankAsMissing, totpCode),
});

/** Turning it off: the password and a code (or a recovery code, for someone who lost the app). */
export const twoFactorDisableSchema = z.object({ current_password: currentPassword, ...secondFactorShape }).superRefine(oneOfThem);

/** A setup waiting for its first code: what the authenticator app needs, shown only until it is on. */
export const twoFactorSetupView = z.object({
  /** Base32, for typing into an app that cannot scan. */
  secret: z.string(),
  otpauth_url: z.string(),
  /** The otpauth URL as a QR code, an SVG document drawn by the server. */
  qr_code_svg: z.string(),
});
export type TwoFactorSetup = z.output<typeof twoFactorSetupView>;

/** `GET /api/user/two-factor`. */
export const twoFactorStatusView = z.object({
  enabled: z.boolean(),
  enabled_at: z.string().nullable(),
  /** The user's role requires it (REQUIRE_2FA_FOR_ADMINS); it cannot be turned off then. */
  required: z.boolean(),
  recovery_codes_left: z.number().int(),
  setup: twoFactorSetupView.nullable(),
});
export type TwoFactorStatus = z.output<typeof twoFactorStatusView>;

/** `POST /api/user/two-factor`: a new setup, waiting for its first code. */
export const twoFactorSetupStarted = z.object({ message: z.string(), setup: twoFactorSetupView });

/** Turning it on and making new recovery codes: the codes, in clear this one time. */
export const recoveryCodesAnswer = z.object({ message: z.string(), recovery_codes: z.array(z.string()) });
export type RecoveryCodesAnswer = z.output<typeof recoveryCodesAnswer>;

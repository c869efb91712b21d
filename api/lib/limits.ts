import { counted, tryAgainIn, waitTime } from "#schemas/plural.ts";
import { AI_RATE, AI_THROTTLED } from "#schemas/ai.ts";
import { ANNOUNCEMENT_RATE, ANNOUNCEMENTS_THROTTLED } from "#schemas/announcements.ts";
import { MESSAGE_RATE, MESSAGES_THROTTLED } from "#schemas/conversations.ts";
import { TEAM_INVITATION_RATE, TEAM_INVITATIONS_THROTTLED } from "#schemas/team.ts";
import { WEATHER_RATE, WEATHER_THROTTLED } from "#schemas/weather.ts";
import { WEBHOOK_SEND_RATE, WEBHOOK_SENDS_THROTTLED } from "#schemas/webhooks.ts";
import type { ApiConfig } from "../config.ts";
import { tooMany, type RateLimit } from "./rate-limit.ts";

/**
 * Every rate limit in the product, by name: what it counts, how many in what window, and what a caller
 * past it is told. All of them are counted by api/lib/rate-limit.ts. Those with settings read them from
 * the configuration (README, Configuration).
 */
export interface Limits {
  /** Failed logins per email and address: the owner's own typos; a successful login clears it. */
  loginEmailAddress: RateLimit;
  /** Failed logins from one address, whatever the email (one machine trying many accounts). */
  loginAddress: RateLimit;
  /** Failed logins for one email, whatever the address (many machines trying one account). */
  loginAccount: RateLimit;
  /**
   * Wrong current passwords per user when changing the password or the email (a borrowed session guessing
   * it). Each check holds a place while it runs, so its refusal speaks of attempts, not of wrong ones.
   */
  currentPassword: RateLimit;
  /** Wrong two-factor codes per user when turning it on or off or making new recovery codes (signing in counts on the login tiers). */
  twoFactorCode: RateLimit;
  /**
   * Registrations tried from one address, an address already taken included: otherwise its answer could be
   * asked about any number of addresses, which the password reset's answers keep to themselves.
   */
  registration: RateLimit;
  /** Tickets scanned at the door per member, whatever the outcome (ticket codes must not be guessable). */
  checkInScan: RateLimit;
  /** Unknown coupon codes tried per user (codes must not be guessable). */
  couponGuess: RateLimit;
  /** Chat messages sent per user. */
  chatMessage: RateLimit;
  /** AI helper requests per user (each one is a paid call to the provider). */
  aiRequest: RateLimit;
  /** Weather look-ups per user that the answer cache could not serve (each one asks the provider). */
  weatherLookup: RateLimit;
  /** Password reset links asked for from one address, whatever the email (one machine mailing many people). */
  passwordResetAddress: RateLimit;
  /**
   * Password reset links asked for one email, whatever the address, counted whether or not an account
   * has it: so the refusal says nothing about accounts, and nobody fills an inbox with links.
   */
  passwordResetEmail: RateLimit;
  /** Verification links a member asks to be sent again. */
  verificationResend: RateLimit;
  /** Changes of address a member asks for: each one mails the new address and the old one. */
  emailChange: RateLimit;
  /** Announcements an event sends (to its people, by notification and mail), counted per event. */
  announcement: RateLimit;
  /** Team invitations an organization mails, resends included (each is a mail to any address), per organization. */
  teamInvitation: RateLimit;
  /** Webhook calls a person asks for (test events, redeliveries), per organization: each calls a URL they chose. */
  webhookSend: RateLimit;
}

const loginRefusal = (seconds: number) => tooMany(`Too many login attempts. ${tryAgainIn(seconds)}`, seconds, "email");

/** Wrong current passwords allowed per user in the window: as few as a login's, and a longer wait. */
export const CURRENT_PASSWORD_RATE = { maxAttempts: 5, windowSeconds: 600 } as const;

/** Wrong two-factor codes a signed-in user may give in the window: as the current password's. */
export const TWO_FACTOR_CODE_RATE = { maxAttempts: 5, windowSeconds: 600 } as const;
/** Links mailed on request: a few per quarter of an hour is plenty for a person, and little for a flood. */
export const ACCOUNT_MAIL_RATE = { perAddress: 10, perEmail: 3, resends: 3, emailChanges: 5, windowSeconds: 900 } as const;

export function limitsOf(config: ApiConfig): Limits {
  return {
    loginEmailAddress: {
      prefix: "login",
      max: config.loginMaxAttempts,
      windowSeconds: config.loginThrottleWindowSeconds,
      refusal: loginRefusal,
    },
    loginAddress: {
      prefix: "login-address",
      max: config.loginMaxAttemptsPerAddress,
      windowSeconds: config.loginAddressWindowSeconds,
      refusal: loginRefusal,
    },
    loginAccount: {
      prefix: "login-account",
      max: config.loginMaxAttemptsPerAccount,
      windowSeconds: config.loginAccountWindowSeconds,
      refusal: loginRefusal,
    },
    currentPassword: {
      prefix: "current-password",
      max: CURRENT_PASSWORD_RATE.maxAttempts,
      windowSeconds: CURRENT_PASSWORD_RATE.windowSeconds,
      refusal: (seconds) => tooMany(`Too many attempts at your current password. ${tryAgainIn(seconds)}`, seconds, "current_password"),
    },
    twoFactorCode: {
      prefix: "two-factor-code",
      max: TWO_FACTOR_CODE_RATE.maxAttempts,
      windowSeconds: TWO_FACTOR_CODE_RATE.windowSeconds,
      refusal: (seconds) => tooMany(`Too many wrong codes. ${tryAgainIn(seconds)}`, seconds, "code"),
    },
    registration: {
      prefix: "register",
      max: config.registerMaxPerAddress,
      windowSeconds: config.registerWindowSeconds,
      refusal: (seconds) => tooMany(`Too many registrations from this address. ${tryAgainIn(seconds)}`, seconds, "email"),
    },
    checkInScan: {
      prefix: "check-in",
      max: config.checkInMaxPerMember,
      windowSeconds: config.checkInWindowSeconds,
      refusal: (seconds) =>
        tooMany(
          `Too many tickets scanned: at most ${counted(config.checkInMaxPerMember, "ticket")} in ${waitTime(config.checkInWindowSeconds)} per member. ${tryAgainIn(seconds)}`,
          seconds,
          "code",
        ),
    },
    couponGuess: {
      prefix: "coupon",
      max: config.couponMaxAttempts,
      windowSeconds: config.couponThrottleWindowSeconds,
      refusal: (seconds) => tooMany(`Too many coupon codes tried. ${tryAgainIn(seconds)}`, seconds, "coupon_code"),
    },
    announcement: {
      prefix: "announcement",
      max: ANNOUNCEMENT_RATE.maxAnnouncements,
      windowSeconds: ANNOUNCEMENT_RATE.windowSeconds,
      refusal: (seconds) => tooMany(ANNOUNCEMENTS_THROTTLED(seconds), seconds),
    },
    teamInvitation: {
      prefix: "team-invitation",
      max: TEAM_INVITATION_RATE.maxMails,
      windowSeconds: TEAM_INVITATION_RATE.windowSeconds,
      refusal: (seconds) => tooMany(TEAM_INVITATIONS_THROTTLED(seconds), seconds, "email"),
    },
    webhookSend: {
      prefix: "webhook-send",
      max: WEBHOOK_SEND_RATE.maxSends,
      windowSeconds: WEBHOOK_SEND_RATE.windowSeconds,
      refusal: (seconds) => tooMany(WEBHOOK_SENDS_THROTTLED(seconds), seconds),
    },
    chatMessage: {
      prefix: "chat",
      max: MESSAGE_RATE.maxMessages,
      windowSeconds: MESSAGE_RATE.windowSeconds,
      refusal: (seconds) => tooMany(MESSAGES_THROTTLED(seconds), seconds),
    },
    aiRequest: {
      prefix: "ai",
      max: AI_RATE.maxRequests,
      windowSeconds: AI_RATE.windowSeconds,
      refusal: (seconds) => tooMany(AI_THROTTLED(seconds), seconds),
    },
    weatherLookup: {
      prefix: "weather",
      max: WEATHER_RATE.maxLookups,
      windowSeconds: WEATHER_RATE.windowSeconds,
      refusal: (seconds) => tooMany(WEATHER_THROTTLED(seconds), seconds),
    },
    passwordResetAddress: {
      prefix: "password-reset-address",
      max: ACCOUNT_MAIL_RATE.perAddress,
      windowSeconds: ACCOUNT_MAIL_RATE.windowSeconds,
      refusal: (seconds) => tooMany(`Too many password reset requests. ${tryAgainIn(seconds)}`, seconds, "email"),
    },
    passwordResetEmail: {
      prefix: "password-reset-email",
      max: ACCOUNT_MAIL_RATE.perEmail,
      windowSeconds: ACCOUNT_MAIL_RATE.windowSeconds,
      refusal: (seconds) => tooMany(`Too many password reset requests for this email. ${tryAgainIn(seconds)}`, seconds, "email"),
    },
    verificationResend: {
      prefix: "verification-resend",
      max: ACCOUNT_MAIL_RATE.resends,
      windowSeconds: ACCOUNT_MAIL_RATE.windowSeconds,
      refusal: (seconds) => tooMany(`Too many verification links sent. ${tryAgainIn(seconds)}`, seconds),
    },
    emailChange: {
      prefix: "email-change",
      max: ACCOUNT_MAIL_RATE.emailChanges,
      windowSeconds: ACCOUNT_MAIL_RATE.windowSeconds,
      refusal: (seconds) => tooMany(`Too many changes of email address. ${tryAgainIn(seconds)}`, seconds, "email"),
    },
  };
}

const cache = new WeakMap<ApiConfig, Limits>();

/** The limits for this configuration, made once per configuration object. */
export function limits(config: ApiConfig): Limits {
  let found = cache.get(config);
  if (!found) cache.set(config, (found = limitsOf(config)));
  return found;
}

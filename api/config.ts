import type { AiConfig } from "./integrations/ai/provider.ts";
import type { MailConfig } from "./mail/config.ts";
import type { MeetingsConfig } from "./modules/meetings/config.ts";
import type { StorageConfig } from "./modules/files/storage-config.ts";
import { DEFAULT_WEBHOOKS_CONFIG, type WebhooksConfig } from "./modules/webhooks/config.ts";

/** argon2id's cost for a new password hash: memory in KiB, and passes over it. */
export interface PasswordHashCost {
  memoryCost: number;
  timeCost: number;
}

/** OWASP's recommended minimum for argon2id (19 MiB, 2 passes). */
export const STANDARD_PASSWORD_HASH_COST: PasswordHashCost = { memoryCost: 19_456, timeCost: 2 };

/** Settings the API needs; server.ts reads them from the environment, tests pass their own. */
export interface ApiConfig {
  /** Public origin of the app, e.g. https://launchpad.example.com. */
  appUrl: string;
  /** Secure (and __Host- prefixed) cookies; on whenever appUrl is https. */
  secureCookies: boolean;
  /** A session not used for this long is gone. */
  sessionIdleMinutes: number;
  /** Largest accepted request body, in bytes (a form with its images); larger ones get 413. */
  maxBodyBytes: number;
  /** Failed logins allowed per email and address in `loginThrottleWindowSeconds`. */
  loginMaxAttempts: number;
  loginThrottleWindowSeconds: number;
  /** Failed logins allowed from one address, whatever the email, in `loginAddressWindowSeconds` (credential stuffing). */
  loginMaxAttemptsPerAddress: number;
  loginAddressWindowSeconds: number;
  /** Failed logins allowed for one email, whatever the address, in `loginAccountWindowSeconds` (many machines, one account). */
  loginMaxAttemptsPerAccount: number;
  loginAccountWindowSeconds: number;
  /** Unknown coupon codes a user may try in `couponThrottleWindowSeconds` (codes must not be guessable). */
  couponMaxAttempts: number;
  couponThrottleWindowSeconds: number;
  /** Registrations (an address already taken included) allowed from one address in `registerWindowSeconds` (429 beyond). */
  registerMaxPerAddress: number;
  registerWindowSeconds: number;
  /**
   * Tickets one member may scan at the door in `checkInWindowSeconds` (429 beyond): a door lets a person in
   * every few seconds, so a member scanning faster is guessing codes.
   */
  checkInMaxPerMember: number;
  checkInWindowSeconds: number;
  /**
   * The cost of hashing a new password (registering, changing or resetting one). Every server uses the
   * standard cost; only the test suites, which register thousands of accounts, pass a small one.
   */
  passwordHashCost: PasswordHashCost;
  /**
   * REQUIRE_2FA_FOR_ADMINS: super admins and admins without two-factor sign-in may do nothing but set it
   * up (api/modules/two-factor/requirement.ts); the panel sends them to /account first.
   */
  requireTwoFactorForAdmins: boolean;
  /** Stripe Checkout is the payment provider when set; otherwise the embedded sandbox provider is. */
  stripeSecretKey?: string;
  /** Signs Stripe's webhook calls; without it (or without a secret key) the webhook answers 404. */
  stripeWebhookSecret?: string;
  /** Stripe's API origin (tests point it at a loopback fake). */
  stripeApiBase: string;
  /** Open-Meteo's forecast API origin (WEATHER_API_BASE; tests point it at tests/fakes/open-meteo.ts). */
  weatherApiBase: string;
  /**
   * Open-Meteo's geocoding API origin (GEOCODING_API_BASE), asked only for names the app's own city list
   * does not know. Unset: the list alone (the tests' default, so no test depends on the internet; the
   * server's default is Open-Meteo's, see server/config.ts).
   */
  geocodingApiBase?: string;
  /**
   * How long a session look-up may be reused, in ms; 0 turns the cache off. Only for a process that is
   * its database's only writer (server.ts: the embedded database). See api/modules/auth/caller-cache.ts.
   */
  callerCacheMs: number;
  /**
   * How long a dashboard card's answer may be reused, in ms; 0 turns the cache off. Any write through this
   * API empties it; another instance's write shows after at most this long. See
   * api/modules/dashboard/card-cache.ts and docs/decisions/011-dashboard-cache.md.
   */
  dashboardCacheMs: number;
  /**
   * How long an event's public page answer may be reused, in ms; 0 turns it off. Emptied like the dashboard's
   * (any write through this API); see docs/decisions/034-public-event-pages-reused.md.
   */
  publicPageCacheMs: number;
  /** The AI writing helper's provider (GEMINI_* or AI_* settings); unset: POST /api/v1/admin/ai answers 503. */
  ai?: AiConfig;
  /**
   * Outgoing mail (SMTP_URL, MAIL_FROM). Without an SMTP URL (or without this) nothing is sent: messages
   * stay in the outbox (api/mail/). Without it at all, From is no-reply at appUrl's host.
   */
  mail?: MailConfig;
  /**
   * An unverified member may not publish an event form, send co-founder invitations or start a chat (403
   * saying why). REQUIRE_VERIFIED_EMAIL, or by default whether mail leaves the machine (SMTP_URL): without
   * it nobody could verify. See api/modules/account-links/policy.ts.
   */
  requireVerifiedEmail: boolean;
  /** Zoom and Google Meet (ZOOM_*, GOOGLE_* settings); unset: both answer "not configured" (api/modules/meetings). */
  meetings?: MeetingsConfig;
  /**
   * STORAGE_URL: the S3-compatible bucket new uploads go to; unset, they stay in the database. See
   * api/modules/files/storage-config.ts.
   */
  storage?: StorageConfig;
  /** Outgoing webhooks (WEBHOOK_RETRY_SECONDS, WEBHOOKS_ALLOW_PRIVATE): see api/modules/webhooks/config.ts. */
  webhooks: WebhooksConfig;
  /**
   * Tests only: a body from readBody refuses (500, naming the field) any read of its fields outside
   * validate(), so a handler that reads a field no schema checked fails every test that reaches it.
   */
  watchBodyReads?: boolean;
}

export const defaultApiConfig: ApiConfig = {
  appUrl: "http://localhost:3000",
  secureCookies: false,
  sessionIdleMinutes: 120,
  maxBodyBytes: 8 * 1024 * 1024,
  loginMaxAttempts: 5,
  loginThrottleWindowSeconds: 60,
  loginMaxAttemptsPerAddress: 20,
  loginAddressWindowSeconds: 600,
  loginMaxAttemptsPerAccount: 10,
  loginAccountWindowSeconds: 600,
  couponMaxAttempts: 10,
  couponThrottleWindowSeconds: 600,
  registerMaxPerAddress: 10,
  registerWindowSeconds: 3600,
  checkInMaxPerMember: 60,
  checkInWindowSeconds: 60,
  passwordHashCost: STANDARD_PASSWORD_HASH_COST,
  requireTwoFactorForAdmins: false,
  stripeApiBase: "https://api.stripe.com",
  weatherApiBase: "https://api.open-meteo.com",
  callerCacheMs: 0,
  dashboardCacheMs: 0,
  publicPageCacheMs: 0,
  webhooks: DEFAULT_WEBHOOKS_CONFIG,
  requireVerifiedEmail: false,
};

export function sessionCookieName(config: Pick<ApiConfig, "secureCookies">): string {
  return config.secureCookies ? "__Host-launchpad_session" : "launchpad_session";
}

/**
 * The HttpOnly cookie that carries a sign-in waiting for its second factor (api/modules/two-factor/pending-login.ts),
 * `__Host-` prefixed under https like the session cookie.
 */
export function twoFactorCookieName(config: Pick<ApiConfig, "secureCookies">): string {
  return config.secureCookies ? "__Host-launchpad_two_factor" : "launchpad_two_factor";
}

/**
 * The script-readable cookie that carries the XSRF token. Under https it is `__Host-` prefixed, so no
 * sibling subdomain (and no plain-http page) can plant one for this host.
 */
export function xsrfCookieName(config: Pick<ApiConfig, "secureCookies">): string {
  return config.secureCookies ? "__Host-XSRF-TOKEN" : "XSRF-TOKEN";
}

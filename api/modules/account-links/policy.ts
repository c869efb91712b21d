import type { EmailVerificationPolicy } from "#schemas/account-links.ts";
import type { ApiConfig } from "#api/config.ts";

/**
 * REQUIRE_VERIFIED_EMAIL=true|false, or when unset whether mail leaves the machine (SMTP_URL): without it
 * no member could open a link, so holding them back would hold them back for good. A value that is
 * neither stops the server at start rather than guessing.
 */
export function readRequireVerifiedEmail(env: NodeJS.ProcessEnv): boolean {
  const value = env.REQUIRE_VERIFIED_EMAIL?.trim().toLowerCase();
  if (!value) return Boolean(env.SMTP_URL?.trim());
  if (value === "true" || value === "1") return true;
  if (value === "false" || value === "0") return false;
  throw new Error("REQUIRE_VERIFIED_EMAIL must be true or false");
}

/** What verifying means here, for the panel's banner (GET /api/user). */
export function verificationPolicy(config: Pick<ApiConfig, "requireVerifiedEmail" | "mail">): EmailVerificationPolicy {
  if (config.requireVerifiedEmail) return "required";
  return config.mail?.smtpUrl ? "offered" : "off";
}

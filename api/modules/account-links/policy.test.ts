import { describe, expect, it } from "vitest";
import { readConfig } from "#server/config.ts";
import { readRequireVerifiedEmail, verificationPolicy } from "./policy.ts";

describe("REQUIRE_VERIFIED_EMAIL", () => {
  it("defaults to whether mail leaves the machine, and is overridden either way", () => {
    expect(readRequireVerifiedEmail({})).toBe(false);
    expect(readRequireVerifiedEmail({ SMTP_URL: "smtp://mail.example.com:587" })).toBe(true);
    expect(readRequireVerifiedEmail({ SMTP_URL: "  " })).toBe(false);
    expect(readRequireVerifiedEmail({ SMTP_URL: "smtp://mail.example.com", REQUIRE_VERIFIED_EMAIL: "false" })).toBe(false);
    expect(readRequireVerifiedEmail({ REQUIRE_VERIFIED_EMAIL: "true" })).toBe(true);
    expect(readRequireVerifiedEmail({ REQUIRE_VERIFIED_EMAIL: " TRUE " })).toBe(true);
    expect(readRequireVerifiedEmail({ REQUIRE_VERIFIED_EMAIL: "0", SMTP_URL: "smtp://x" })).toBe(false);
    expect(() => readRequireVerifiedEmail({ REQUIRE_VERIFIED_EMAIL: "yes" })).toThrow("REQUIRE_VERIFIED_EMAIL must be true or false");
  });

  it("reaches the API's configuration, and the policy the panel's banner follows", () => {
    const withMail = readConfig({ SMTP_URL: "smtp://mail.example.com:587" }).api;
    expect(withMail.requireVerifiedEmail).toBe(true);
    expect(verificationPolicy(withMail)).toBe("required");
    const optional = readConfig({ SMTP_URL: "smtp://mail.example.com:587", REQUIRE_VERIFIED_EMAIL: "false" }).api;
    expect(verificationPolicy(optional)).toBe("offered");
    const none = readConfig({}).api;
    expect(none.requireVerifiedEmail).toBe(false);
    expect(verificationPolicy(none)).toBe("off");
    expect(verificationPolicy(readConfig({ REQUIRE_VERIFIED_EMAIL: "true" }).api)).toBe("required");
  });
});

import { Form, useLocation } from "react-router";
import { HELD_ACTIONS, type EmailVerificationPolicy } from "#schemas/held-actions";
import type { CurrentUser } from "#schemas/auth";
import { Button } from "~/components/ui/button";

/** "publish an event form, send co-founder invitations or start a chat": what waits for a verified address. */
const held = Object.values(HELD_ACTIONS)
  .join(", ")
  .replace(/, ([^,]*)$/, " or $1");

/** The banner's policy for this user: none when the address is verified or nobody could verify it here. */
export function verificationBannerPolicy(user: CurrentUser): Exclude<EmailVerificationPolicy, "off"> | null {
  return user.email_verified === false && user.email_verification !== "off" ? (user.email_verification ?? null) : null;
}

/**
 * Above every admin page and the profile setup while the member's address is not verified (and verifying
 * it is possible). Its "Resend" is a plain form to /verify-email, which comes back to this page.
 */
export function VerifyEmailBanner({ email, policy }: { email: string; policy: Exclude<EmailVerificationPolicy, "off"> }) {
  const location = useLocation();
  return (
    <section
      aria-label="Unverified account"
      className="flex flex-wrap items-center gap-x-4 gap-y-2 border-b border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-800 sm:px-6"
      data-testid="verify-email-banner"
    >
      <p className="min-w-0 flex-1">
        <strong>Verify your email address.</strong> Open the link we sent to {email}.
        {policy === "required" ? ` Until then you cannot ${held}.` : null}
      </p>
      <Form method="post" action="/verify-email">
        <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
        <Button type="submit" variant="secondary" size="sm">
          Resend
        </Button>
      </Form>
    </section>
  );
}

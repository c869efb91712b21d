import type { EventPageView } from "#schemas/event-pages";
import { buttonClass } from "~/components/ui/button";
import { InAppLink } from "~/components/ui/in-app-link";
import { loginStepUrl } from "~/lib/two-factor";

/**
 * The page's one action. Someone with a session goes straight to the event's form (the panel sends an
 * expired one through login and back). Anyone else registers first and comes back to the form: through
 * setup, which keeps the form's id (lib/setup-path.ts); those who have an account log in instead.
 */
export function ApplyCall({ event, formPath, loggedIn }: { event: EventPageView; formPath: string; loggedIn: boolean }) {
  if (!event.can_apply) {
    return (
      <p className="rounded-md bg-slate-100 p-3 font-medium text-slate-800" data-testid="closed-reason">
        {event.closed_reason}
      </p>
    );
  }
  const label = event.joins_waitlist ? "Join the waitlist" : event.type_of_event === "paid" ? "Register" : "Apply";
  return (
    <div className="space-y-2">
      <InAppLink
        to={loggedIn ? formPath : `/register?redirectTo=${encodeURIComponent(formPath)}`}
        className={`${buttonClass()} w-full justify-center`}
      >
        {label}
      </InAppLink>
      {loggedIn ? null : (
        <p className="text-center text-sm text-slate-600">
          Have an account?{" "}
          <InAppLink to={loginStepUrl(formPath)} className="font-medium text-brand-700 underline">
            Log in
          </InAppLink>
        </p>
      )}
    </div>
  );
}

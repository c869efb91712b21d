import type { ApplicationStatus } from "#schemas/applications";
import type { EventPageView } from "#schemas/event-pages";
import { buttonClass } from "~/components/ui/button";
import { InAppLink } from "~/components/ui/in-app-link";
import { Badge } from "~/components/ui/layout";
import { STATUS_TONES } from "~/lib/event-format";
import { loginStepUrl } from "~/lib/two-factor";

/** The reader's own application to the event, once they started one. */
export interface ReaderApplication {
  status: ApplicationStatus;
  /** Where they wait in the line (1: next to get a place); null when not waiting. */
  waitlist_position: number | null;
  /** A paid event's place held for them while they pay; null when none. */
  offer_expires_at: string | null;
}

/** Where the reader's application stands, in one line. */
function standing(mine: ReaderApplication): string {
  if (mine.status === "cancelled") return "You cancelled your application.";
  if (mine.status === "accepted") return "Your place is confirmed.";
  if (mine.status === "rejected") return "Your application was not accepted.";
  if (mine.offer_expires_at) return "A place opened for you: pay for it on your application before it goes to the next one in line.";
  if (mine.waitlist_position) return `You are number ${mine.waitlist_position} on the waitlist.`;
  return "You applied.";
}

/** What the page says of the reader's application, in place of the action: applying again is not a way back. */
function MyApplication({ mine, formPath }: { mine: ReaderApplication; formPath: string }) {
  return (
    <div className="space-y-2" data-testid="my-application">
      <p className="flex flex-wrap items-center gap-2 text-slate-800">
        <Badge tone={STATUS_TONES[mine.status]}>{mine.status}</Badge>
        {standing(mine)}
      </p>
      <InAppLink to={formPath} className={`${buttonClass()} w-full justify-center`}>
        View your application
      </InAppLink>
    </div>
  );
}

/**
 * The page's one action. A member goes straight to the event's form, or sees their application once they
 * sent one. Anyone else registers first and comes back to the form: through setup, which keeps the form's
 * id (lib/setup-path.ts); those who have an account log in instead.
 */
export function ApplyCall({
  event,
  formPath,
  loggedIn,
  mine,
}: {
  event: EventPageView;
  formPath: string;
  loggedIn: boolean;
  mine: ReaderApplication | null;
}) {
  if (mine && mine.status !== "draft") return <MyApplication mine={mine} formPath={formPath} />;
  if (!event.can_apply) {
    return (
      <p className="rounded-md bg-slate-100 p-3 font-medium text-slate-800" data-testid="closed-reason">
        {event.closed_reason}
      </p>
    );
  }
  const label = mine
    ? "Continue your application"
    : event.joins_waitlist
      ? "Join the waitlist"
      : event.type_of_event === "paid"
        ? "Register"
        : "Apply";
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

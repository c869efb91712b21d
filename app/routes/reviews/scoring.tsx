import { useHydrated } from "remix-utils/use-hydrated";
import { Form, type ShouldRevalidateFunction } from "react-router";
import { ApplicationAnswers } from "~/components/responses/application-answers";
import { OtherReviews } from "~/components/reviews/other-reviews";
import { ScoringForm } from "~/components/reviews/scoring-form";
import { loadScoring, scoringAction } from "./scoring.server";
import { SCORING_KEYS } from "~/components/reviews/use-scoring-keys";
import { Button, buttonClass } from "~/components/ui/button";
import { InAppLink } from "~/components/ui/in-app-link";
import { Card, PageHeader } from "~/components/ui/layout";
import { apiContext } from "~/lib/contexts";
import { requirePermission } from "~/lib/guards.server";
import { requestEnvContext } from "~/lib/request-env";
import { requireId } from "~/lib/route-params.server";
import type { Route } from "./+types/scoring";

const applicationId = (params: { application_id: string }) => requireId(params.application_id, "Event Application not found");

export async function loader({ params, context }: Route.LoaderArgs) {
  requirePermission(context, "event response read");
  return loadScoring(context.get(apiContext), applicationId(params));
}

export async function action({ request, params, context }: Route.ActionArgs) {
  requirePermission(context, "event response read");
  const id = applicationId(params);
  return scoringAction(context.get(apiContext), context.get(requestEnvContext), id, await request.formData());
}

/** The draft kept as the reviewer types changes nothing the page shows: no reload for it. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formData, defaultShouldRevalidate }) =>
  formData?.get("intent") === "autosave" ? false : defaultShouldRevalidate;

function QueueLinks({ queue }: { queue: Route.ComponentProps["loaderData"]["reading"]["queue"] }) {
  const links = [
    { id: queue.previous_id, label: "Previous", key: "k" },
    { id: queue.next_id, label: "Next", key: "j" },
    { id: queue.next_unreviewed_id, label: "Next unreviewed", key: "n" },
  ];
  return (
    <nav aria-label="Your review queue" className="flex flex-wrap items-center gap-2">
      {links.map((link) =>
        link.id === null ? null : (
          <InAppLink key={link.label} to={`/reviews/${link.id}`} className={buttonClass("secondary", "sm")} aria-keyshortcuts={link.key}>
            {link.label}
          </InAppLink>
        ),
      )}
    </nav>
  );
}

/** The keys work once the page's script runs; without it the buttons below the scores save and submit. */
function KeysHelp() {
  if (!useHydrated())
    return (
      <Card>
        <p className="text-sm text-slate-600" data-testid="scoring-plain">
          Save a draft or submit your review with the buttons below the scores.
        </p>
      </Card>
    );
  return (
    <Card>
      <h2 className="text-sm font-semibold">Keys</h2>
      <ul className="mt-2 space-y-1 text-sm text-slate-600" data-testid="scoring-keys">
        {SCORING_KEYS.map((entry) => (
          <li key={entry.does}>
            {entry.keys.map((key, i) => (
              <span key={key}>
                {i > 0 ? " to " : null}
                <kbd className="rounded border border-slate-300 px-1 font-mono">{key}</kbd>
              </span>
            ))}
            : {entry.does}
          </li>
        ))}
        <li>Keys do nothing while you type in the note. Your draft is kept as you go.</li>
      </ul>
    </Card>
  );
}

export default function Scoring({ loaderData, actionData }: Route.ComponentProps) {
  const { reading, detail } = loaderData;
  const application = detail.event_application;
  const { queue } = reading;
  const refused = actionData && "result" in actionData ? actionData.result : null;
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <div>
        <InAppLink to="/reviews" className="text-sm text-brand-600 hover:underline">
          ← Reviews
        </InAppLink>
        <PageHeader
          title={application.applicant_name}
          description={`${reading.event_form_title}${queue.position ? ` · ${queue.position} of ${queue.total} in your queue` : ""}`}
          actions={<QueueLinks queue={queue} />}
        />
      </div>
      {detail.blind ? (
        <p role="note" className="rounded-md border border-slate-200 bg-slate-50 p-3 text-sm text-slate-700" data-testid="blind-note">
          Blind review: who applied stays hidden until you have submitted your review of this application.
        </p>
      ) : reading.form_blind && !reading.submitted ? (
        <p role="note" className="rounded-md border border-slate-200 bg-slate-50 p-3 text-sm text-slate-700" data-testid="managers-note">
          This form is reviewed blind. You see who applied because you manage the form; the other reviewers do not until their own review is
          in.
        </p>
      ) : null}
      <div className="grid gap-6 lg:grid-cols-2">
        <div className="space-y-6">
          <h2 className="sr-only">The application</h2>
          <ApplicationAnswers application={application} form={detail.event_form} hidden={detail.hidden_questions} />
        </div>
        <div className="space-y-6">
          {reading.assigned ? (
            <ScoringForm key={reading.application_id} reading={reading} refused={refused} />
          ) : (
            <p className="text-sm text-slate-600">You manage this form and were not given this application to review.</p>
          )}
          {reading.others ? (
            <OtherReviews criteria={reading.criteria} others={reading.others} />
          ) : reading.assigned ? (
            <p className="text-sm text-slate-600" data-testid="others-hidden">
              The other reviewers&apos; scores show here once you have submitted yours.
            </p>
          ) : null}
          {reading.assigned && !reading.submitted && !reading.closed ? (
            <Form method="post" className="space-y-2">
              <input type="hidden" name="intent" value="conflict" />
              <p className="text-sm text-slate-600">
                Know the applicant, or have a stake in them? The application goes to another reviewer.
              </p>
              <Button type="submit" variant="danger" size="sm">
                Declare a conflict
              </Button>
            </Form>
          ) : null}
          <KeysHelp />
        </div>
      </div>
    </div>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Score an application · Launchpad" }];

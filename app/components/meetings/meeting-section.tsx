import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { FormErrors } from "~/components/ui/field";
import { Card } from "~/components/ui/layout";
import type { FormMeetingView } from "#schemas/meetings";
import { InAppLink } from "~/components/ui/in-app-link";

/**
 * "Video meeting" on an event form's edit page: create one with a connected provider (online and hybrid
 * forms), see its join link, send the form's time again. Plain forms: it works without JavaScript.
 */
export function MeetingSection({ view, error, warning }: { view: FormMeetingView; error?: string | null; warning?: string | null }) {
  const navigation = useNavigation();
  const busy = (intent: string) => navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const { meeting, can_have_meeting: canHave, providers } = view;
  const connected = providers.filter((p) => p.connected);
  return (
    <Card>
      <h2 className="text-lg font-semibold">Video meeting</h2>
      <div className="mt-3 space-y-3">
        {warning ? (
          <div
            className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
            role="alert"
            data-testid="meeting-warning"
          >
            {warning}
          </div>
        ) : null}
        <FormErrors errors={error ? [error] : undefined} />
        {meeting ? (
          <>
            <p className="text-slate-700">
              {meeting.provider_label} meeting:{" "}
              <a
                href={meeting.join_url}
                target="_blank"
                rel="noreferrer"
                className="break-all font-medium text-brand-700 underline"
                data-testid="meeting-join-url"
              >
                {meeting.join_url}
              </a>
            </p>
            <p className="text-sm text-slate-600">
              Accepted applicants see this link on the event's page and on My applications; nobody else does. When you change the event's
              time and save, the meeting moves with it.
            </p>
            <Form method="post">
              <input type="hidden" name="intent" value="update-meeting" />
              <Button type="submit" variant="secondary" size="sm" pending={busy("update-meeting")}>
                Update meeting
              </Button>
              <span className="ml-2 text-sm text-slate-600">
                Sends the form's current title and time to {meeting.provider_label} again.
              </span>
            </Form>
          </>
        ) : !canHave ? (
          <p className="text-sm text-slate-600">
            Only online and hybrid events can have a meeting. Set the nature to Online or Hybrid and save the form first.
          </p>
        ) : connected.length === 0 ? (
          <p className="text-sm text-slate-600">
            Create a Zoom or Google Meet meeting for this event: connect an account on the{" "}
            <InAppLink to="/integration" className="font-medium text-brand-700 underline">
              Integrations
            </InAppLink>{" "}
            page first.
          </p>
        ) : (
          <Form method="post" className="space-y-3">
            <input type="hidden" name="intent" value="create-meeting" />
            <fieldset>
              <legend className="text-sm text-slate-700">Create the meeting with</legend>
              <div className="mt-2 flex flex-wrap gap-3">
                {connected.map((p, i) => (
                  <label key={p.provider} className="flex items-center gap-2 rounded-md border border-slate-200 px-3 py-2 text-sm">
                    <input type="radio" name="provider" value={p.provider} defaultChecked={i === 0} />
                    {p.label}
                    {p.account_label ? <span className="text-slate-600">({p.account_label})</span> : null}
                  </label>
                ))}
              </div>
            </fieldset>
            <Button type="submit" pending={busy("create-meeting")}>
              Create meeting
            </Button>
          </Form>
        )}
      </div>
    </Card>
  );
}

import { Form, data } from "react-router";
import { API } from "#schemas/contract/index";
import { isRetryable, OUTBOX_MESSAGE_NOT_FOUND } from "#schemas/mail";
import { MessageText } from "~/components/chat/message-text";
import { MailStatusBadge } from "~/components/mail/mail-status";
import { Button } from "~/components/ui/button";
import { FormErrors } from "~/components/ui/field";
import { InAppLink } from "~/components/ui/in-app-link";
import { Card, PageHeader } from "~/components/ui/layout";
import { apiContext } from "~/lib/contexts";
import { useDates } from "~/lib/dates";
import { redirectWithToast } from "~/lib/flash.server";
import { requireSuperAdmin } from "~/lib/guards.server";
import { requireId } from "~/lib/route-params.server";
import { requestEnvContext } from "~/lib/request-env";
import type { Route } from "./+types/outbox-message";

export async function loader({ params, context }: Route.LoaderArgs) {
  requireSuperAdmin(context);
  const id = requireId(params.id, OUTBOX_MESSAGE_NOT_FOUND);
  const { data: message } = await context.get(apiContext).answer(API.showOutboxMessage, { params: { id } });
  return { message };
}

/** Trying a failed message again, once the operator has fixed what made it fail. */
export async function action({ params, url, context }: Route.ActionArgs) {
  requireSuperAdmin(context);
  const id = requireId(params.id, OUTBOX_MESSAGE_NOT_FOUND);
  const result = await context.get(apiContext).request(API.retryOutboxMessage, { params: { id } });
  if (!result.ok) return data({ error: result.body.message }, { status: result.status });
  return redirectWithToast(context.get(requestEnvContext), url.pathname, { type: "success", message: result.body.message });
}

export default function OutboxMessage({ loaderData, actionData }: Route.ComponentProps) {
  const { message } = loaderData;
  const dates = useDates();
  return (
    <div className="mx-auto max-w-5xl">
      <p className="mb-2 text-sm">
        <InAppLink to="/user-management/outbox" className="text-brand-700 underline">
          Back to the outbox
        </InAppLink>
      </p>
      <PageHeader
        title={message.subject}
        description={`To ${message.to_name ? `${message.to_name} <${message.to_address}>` : message.to_address}`}
        actions={
          isRetryable(message.status) ? (
            <Form method="post">
              <Button type="submit">{message.status === "kept" ? "Send now" : "Try again"}</Button>
            </Form>
          ) : null
        }
      />
      {actionData?.error ? <FormErrors errors={[actionData.error]} /> : null}
      <Card className="mb-4">
        <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
          <dt className="font-medium text-slate-600">Status</dt>
          <dd>
            <MailStatusBadge status={message.status} />
          </dd>
          <dt className="font-medium text-slate-600">Kind</dt>
          <dd>{message.kind}</dd>
          <dt className="font-medium text-slate-600">Tries</dt>
          <dd>{message.attempts}</dd>
          {message.last_error ? (
            <>
              <dt className="font-medium text-slate-600">Last error</dt>
              <dd className="break-words text-red-700">{message.last_error}</dd>
            </>
          ) : null}
          <dt className="font-medium text-slate-600">Written</dt>
          <dd>{dates.dayTime(message.created_at)}</dd>
          <dt className="font-medium text-slate-600">Sent</dt>
          <dd>{dates.dayTime(message.sent_at)}</dd>
          {message.next_attempt_at ? (
            <>
              <dt className="font-medium text-slate-600">Next try</dt>
              <dd>{dates.dayTime(message.next_attempt_at)}</dd>
            </>
          ) : null}
          <dt className="font-medium text-slate-600">Message-ID</dt>
          <dd className="break-all font-mono text-xs">{message.message_id}</dd>
          {message.attachments.length ? (
            <>
              <dt className="font-medium text-slate-600">Attachments</dt>
              <dd>{message.attachments.map((file) => `${file.filename} (${file.content_type})`).join(", ")}</dd>
            </>
          ) : null}
        </dl>
      </Card>
      <h2 className="mb-2 text-lg font-semibold">Text</h2>
      <Card className="mb-4 text-sm">
        {/* The text part as text; its web addresses become links, nothing in it can become markup. */}
        <MessageText body={message.text} mine={false} />
      </Card>
      <h2 className="mb-2 text-lg font-semibold">As it looks</h2>
      {/* The HTML part only inside a sandboxed frame: no script runs, and it cannot reach the panel's page. */}
      <iframe
        title={`The message "${message.subject}" as its recipient sees it`}
        // No scripts, no forms, nothing of this origin; its links open in a new tab, as in a mail client.
        sandbox="allow-popups allow-popups-to-escape-sandbox"
        srcDoc={linksInNewTab(message.html)}
        className="h-[36rem] w-full rounded-lg border border-slate-200 bg-white"
      />
    </div>
  );
}

export const meta: Route.MetaFunction = ({ data: loaded }) => [
  { title: `${loaded?.message.subject ?? "Message"} · Mail outbox · Launchpad` },
];

/** The message's HTML with its links opening a new tab: the frame itself may not show the panel's pages. */
function linksInNewTab(html: string): string {
  const base = '<base target="_blank">';
  return /<head[^>]*>/i.test(html) ? html.replace(/<head[^>]*>/i, (head) => head + base) : base + html;
}

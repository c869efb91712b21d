import { Form, data, useSearchParams } from "react-router";
import { API } from "#schemas/contract/index";
import { MAIL_STATUS_LABELS, MAIL_STATUSES } from "#schemas/mail";
import { MailStatusBadge } from "~/components/mail/mail-status";
import { Button } from "~/components/ui/button";
import { FormErrors } from "~/components/ui/field";
import { InAppLink } from "~/components/ui/in-app-link";
import { DataTable } from "~/components/ui/data-table";
import { PageHeader } from "~/components/ui/layout";
import { ListSearch } from "~/components/ui/list-controls";
import { Pagination } from "~/components/ui/pagination";
import { apiContext } from "~/lib/contexts";
import { useDates } from "~/lib/dates";
import { redirectWithToast } from "~/lib/flash.server";
import { requireSuperAdmin } from "~/lib/guards.server";
import { listQueryOf } from "~/lib/list-query.server";
import { requestEnvContext } from "~/lib/request-env";
import type { Route } from "./+types/outbox";

export async function loader({ url, context }: Route.LoaderArgs) {
  requireSuperAdmin(context);
  const query = listQueryOf(url, ["page", "search", "status"], { per_page: "25" });
  return { outbox: await context.get(apiContext).answer(API.listOutbox, { query }) };
}

/** The one action here: a test message to the super admin, to check the mail settings end to end. */
export async function action({ request, url, context }: Route.ActionArgs) {
  requireSuperAdmin(context);
  const formData = await request.formData();
  if (formData.get("intent") !== "test") return data({ error: "That request was not understood." }, { status: 400 });
  const result = await context.get(apiContext).request(API.sendTestMail, {});
  if (!result.ok) return data({ error: result.body.message }, { status: result.status });
  return redirectWithToast(context.get(requestEnvContext), url.pathname, { type: "success", message: result.body.message });
}

export default function Outbox({ loaderData, actionData }: Route.ComponentProps) {
  const { outbox } = loaderData;
  const dates = useDates();
  const [searchParams] = useSearchParams();
  const filtered = Boolean(searchParams.get("search") || searchParams.get("status"));
  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader
        title="Mail outbox"
        description={
          outbox.meta.smtp_configured
            ? "Every email Launchpad sends, newest first: what it said, and whether the mail server took it."
            : "SMTP_URL is not set, so no email leaves the server: every message is kept here. Read one to pass its link on by hand."
        }
        actions={
          <Form method="post">
            <input type="hidden" name="intent" value="test" />
            <Button type="submit" variant="secondary">
              Send me a test message
            </Button>
          </Form>
        }
      />
      {actionData?.error ? <FormErrors errors={[actionData.error]} /> : null}
      <ListSearch
        label="Search messages"
        placeholder="Search by recipient or subject"
        filters={[
          {
            name: "status",
            label: "Status",
            anyLabel: "All statuses",
            options: MAIL_STATUSES.map((s) => ({ value: s, label: MAIL_STATUS_LABELS[s] })),
          },
        ]}
      />
      <DataTable
        caption="Mail outbox"
        rows={outbox.data}
        rowKey={(message) => message.id}
        rowProps={(message) => ({ "data-testid": `outbox-row-${message.id}` })}
        empty={{ title: "No messages", children: filtered ? "Try another search or status." : "Launchpad has not written any email yet." }}
        columns={[
          {
            label: "To",
            cell: (message) => (
              <>
                {message.to_name ? <p className="font-medium">{message.to_name}</p> : null}
                <p className="text-slate-500">{message.to_address}</p>
              </>
            ),
          },
          {
            label: "Subject",
            cell: (message) => (
              <>
                <InAppLink to={`/user-management/outbox/${message.id}`} className="font-medium text-brand-700 underline">
                  {message.subject}
                </InAppLink>
                <p className="text-xs text-slate-500">{message.kind}</p>
              </>
            ),
          },
          {
            label: "Status",
            cell: (message) => (
              <>
                <MailStatusBadge status={message.status} />
                {message.last_error && message.status !== "sent" ? (
                  <p className="mt-1 max-w-xs break-words text-xs text-red-700">{message.last_error}</p>
                ) : null}
              </>
            ),
          },
          { label: "Tries", cell: (message) => message.attempts },
          { label: "Written", className: "text-slate-500", cell: (message) => dates.dayTime(message.created_at) },
          { label: "Sent", className: "text-slate-500", cell: (message) => dates.dayTime(message.sent_at) },
        ]}
      />
      <Pagination meta={outbox.meta} />
    </div>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Mail outbox · Launchpad" }];

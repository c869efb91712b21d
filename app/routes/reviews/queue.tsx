import { API } from "#schemas/contract/index";
import { QUEUE_STATES, type QueueItemState, type QueueState } from "#schemas/review-queue";
import { buttonClass } from "~/components/ui/button";
import { DataTable } from "~/components/ui/data-table";
import { InAppLink } from "~/components/ui/in-app-link";
import { Badge, Card, PageHeader } from "~/components/ui/layout";
import { Pagination } from "~/components/ui/pagination";
import { apiContext } from "~/lib/contexts";
import { useDates } from "~/lib/dates";
import { requirePermission } from "~/lib/guards.server";
import { listQueryOf } from "~/lib/list-query.server";
import type { Route } from "./+types/queue";

export async function loader({ url, context }: Route.LoaderArgs) {
  requirePermission(context, "event response read");
  const query = listQueryOf(url, ["page", "state"], { per_page: "20" });
  return { queue: await context.get(apiContext).answer(API.reviewQueue, { query }) };
}

const TAB_LABELS: Record<QueueState, string> = { to_do: "To do", done: "Done" };
const STATE_LABELS: Record<QueueItemState, { label: string; tone: "slate" | "blue" | "green" }> = {
  to_do: { label: "Not started", tone: "slate" },
  draft: { label: "Draft", tone: "blue" },
  done: { label: "Submitted", tone: "green" },
};

export default function ReviewQueue({ loaderData }: Route.ComponentProps) {
  const dates = useDates();
  const { queue } = loaderData;
  const { done, total } = queue.progress;
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <PageHeader title="Reviews" description="The applications you were given to review, across your organization's forms." />
      <Card>
        <h2 className="text-lg font-semibold">Your progress</h2>
        <p className="mt-1 text-slate-700" data-testid="review-progress">
          {done} of {total} reviewed
        </p>
        {total > 0 ? <progress className="mt-2 w-full" value={done} max={total} aria-label="Applications reviewed" /> : null}
        {queue.forms.length > 1 ? (
          <ul className="mt-3 space-y-1 text-sm text-slate-600">
            {queue.forms.map((form) => (
              <li key={form.event_form_id} data-testid="form-progress">
                {form.title}: {form.done} of {form.total}
              </li>
            ))}
          </ul>
        ) : null}
      </Card>
      <nav aria-label="Reviews to do or done" className="flex gap-2">
        {QUEUE_STATES.map((state) => (
          <InAppLink
            key={state}
            to={`?state=${state}`}
            aria-current={queue.state === state ? "page" : undefined}
            className={buttonClass(queue.state === state ? "primary" : "secondary", "sm")}
          >
            {TAB_LABELS[state]}
          </InAppLink>
        ))}
      </nav>
      <DataTable
        caption={queue.state === "done" ? "Applications you reviewed" : "Applications to review"}
        rows={queue.data}
        rowKey={(item) => item.application_id}
        rowProps={(item) => ({ "data-testid": `queue-item-${item.application_id}` })}
        columns={[
          { label: "Application", cell: (item) => item.applicant_label, rowHeader: true },
          { label: "Form", cell: (item) => item.event_form_title },
          {
            label: "State",
            cell: (item) => <Badge tone={STATE_LABELS[item.state].tone}>{STATE_LABELS[item.state].label}</Badge>,
          },
          { label: "Last saved", cell: (item) => (item.updated_at ? dates.dayTime(item.updated_at) : "—") },
        ]}
        actions={{
          label: "Open",
          cell: (item) => (
            <InAppLink
              to={`/reviews/${item.application_id}`}
              className={buttonClass("secondary", "sm")}
              aria-label={`${item.state === "done" ? "Read" : "Score"} ${item.applicant_label}`}
            >
              {item.state === "done" ? "Read" : "Score"}
            </InAppLink>
          ),
        }}
        empty={{
          title: queue.state === "done" ? "No reviews submitted yet" : "Nothing left to review",
          children:
            queue.state === "done"
              ? "Applications you have reviewed appear here."
              : "When an application is given to you, it appears here.",
        }}
      />
      <Pagination meta={queue.meta} />
    </div>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Reviews · Launchpad" }];

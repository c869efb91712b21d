import { data, useSearchParams } from "react-router";
import { ACTIVITY_KIND_LABELS, changeLines, type AuditLogEntry } from "#schemas/activity";
import { API } from "#schemas/contract/index";
import { pathTo } from "#schemas/contract/route";
import { buttonClass } from "~/components/ui/button";
import { DataTable } from "~/components/ui/data-table";
import { PageHeader } from "~/components/ui/layout";
import { Pagination } from "~/components/ui/pagination";
import { apiContext } from "~/lib/contexts";
import { useDates } from "~/lib/dates";
import { listQueryOf } from "~/lib/list-query.server";
import type { Route } from "./+types/audit-log";
import { AUDIT_FILTERS, AuditLogFilters } from "./filters";

/** Long values (a description, the questions) are cut on the screen; the CSV has them whole. */
const SHOWN_CHARACTERS = 80;

export const meta = () => [{ title: "Audit log" }];

export async function loader({ url, context }: Route.LoaderArgs) {
  const api = context.get(apiContext);
  // Owners and admins only: the API answers 403 to any other member, shown as the panel's 403 screen.
  const query = listQueryOf(url, ["page", ...AUDIT_FILTERS], { per_page: "25" });
  const result = await api.request(API.auditLog, { query });
  if (result.ok) return { log: result.body, errors: {}, exportHref: pathTo(API.auditLogCsv, {}, listQueryOf(url, AUDIT_FILTERS)) };
  if (result.status !== 422) throw data(result.body.message, { status: result.status });
  // A filter that is not one: said beside it, with the choices of the unfiltered log and no entries.
  const log = await api.answer(API.auditLog, { query: { per_page: "1" } });
  return {
    log: { ...log, data: [], meta: { ...log.meta, total: 0, from: null, to: null } },
    errors: result.body.errors ?? {},
    exportHref: null,
  };
}

/** Who made the change: the member by the name they had then; nobody for what the system did. */
const actorName = (entry: AuditLogEntry) => entry.actor.name ?? "System";

export default function AuditLog({ loaderData }: Route.ComponentProps) {
  const { log, errors, exportHref } = loaderData;
  const dates = useDates();
  const [searchParams] = useSearchParams();
  const filtered = AUDIT_FILTERS.some((name) => searchParams.get(name));
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <PageHeader
        title="Audit log"
        description="Every change made in your organization: who made it, when, and what it changed. Entries are never edited or deleted."
        actions={
          exportHref ? (
            <a href={exportHref} className={buttonClass("secondary")} download>
              Download CSV
            </a>
          ) : null
        }
      />
      <AuditLogFilters actors={log.actors} forms={log.event_forms} errors={errors} />
      <DataTable
        caption="Audit log"
        rows={log.data}
        rowKey={(entry) => entry.id}
        rowProps={(entry) => ({ "data-testid": `audit-entry-${entry.id}` })}
        empty={{
          title: "No entries",
          children: Object.keys(errors).length
            ? "Correct the filters to see the log."
            : filtered
              ? "Nothing matches these filters."
              : "Changes to your event forms, collections, applications, payments and coupons will be listed here.",
        }}
        columns={[
          { label: "When", className: "whitespace-nowrap", cell: (entry) => <time dateTime={entry.at}>{dates.dayTime(entry.at)}</time> },
          { label: "Member", cell: actorName },
          { label: "What", cell: (entry) => ACTIVITY_KIND_LABELS[entry.kind] ?? entry.kind },
          { label: "Subject", cell: (entry) => entry.subject.label },
          {
            label: "Changes",
            className: "text-slate-600",
            cell: (entry) => {
              const lines = changeLines(entry.changes, SHOWN_CHARACTERS);
              return lines.length ? (
                <ul className="space-y-0.5 break-words">
                  {lines.map((line) => (
                    <li key={line}>{line}</li>
                  ))}
                </ul>
              ) : (
                "—"
              );
            },
          },
        ]}
      />
      <Pagination meta={log.meta} label="Audit log pages" />
    </div>
  );
}

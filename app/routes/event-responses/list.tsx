import { useSearchParams } from "react-router";
import { REVIEW_STATUSES, STANDARD_QUESTIONS } from "#schemas/event-kinds";
import { APPLICATION_SUBMITTED_EVENT, CHECK_INS_CHANGED_EVENT, eventFormChannel } from "#schemas/realtime";
import { requireId } from "~/lib/route-params.server";
import { buttonClass } from "~/components/ui/button";
import { DataTable } from "~/components/ui/data-table";
import { Badge, PageHeader } from "~/components/ui/layout";
import { ListSearch } from "~/components/ui/list-controls";
import { Pagination } from "~/components/ui/pagination";
import { apiContext } from "~/lib/contexts";
import { listQueryOf } from "~/lib/list-query.server";
import { STATUS_TONES, answerText } from "~/lib/event-format";
import { requirePermission, canInOrganization } from "~/lib/guards.server";
import { API } from "#schemas/contract/index";
import { pathTo } from "#schemas/contract/route";
import { useLiveRevalidate } from "~/lib/realtime/use-live-revalidate";
import type { Route } from "./+types/list";
import { useDates } from "~/lib/dates";
import { InAppLink } from "~/components/ui/in-app-link";
import { counted } from "#schemas/plural";
import { data } from "react-router";
import { requestEnvContext } from "~/lib/request-env";
import { DecisionBar } from "~/components/reviews/decision-bar";
import { DECISION_FORM_ID } from "~/components/reviews/decision-fields";
import { decisionAction } from "~/components/reviews/decisions.server";
import { ReviewFiguresCell, ReviewerProgressList } from "~/components/reviews/review-figures";

const REVIEWED_OPTIONS = [
  { value: "complete", label: "Reviews complete" },
  { value: "incomplete", label: "Reviews to come" },
];

export async function loader({ url, params, context }: Route.LoaderArgs) {
  const user = requirePermission(context, "event response read");
  const formId = requireId(params.event_form_id, "Event form not found");
  const query = listQueryOf(url, ["page", "search", "status", "sort_by", "sort_order", "flag", "reviewed"], { per_page: "25" });
  // The API answers 404 'Event form not found' and 403 'Access Forbidden' for another startup's form.
  const responses = await context.get(apiContext).answer(API.listResponses, { params: { id: formId }, query });
  // The download has what the list's filters match, every page of it.
  const { page: _page, per_page: _perPage, ...exportQuery } = query;
  // Every answer as short text, one column per question, so the page carries no more than it shows.
  const form = responses.event_form;
  const columns = [
    ...STANDARD_QUESTIONS.filter((q) => form.questions[q.key]?.enabled && q.key !== "full_name" && q.key !== "email").map((q) => ({
      key: q.key,
      label: q.label,
    })),
    ...form.custom_questions.map((q) => ({ key: q.id, label: q.label })),
  ].filter((column) => !responses.hidden_questions.includes(column.key));
  const rows = responses.data.map(({ id, applicant_name, applicant_email, submitted_at, status, answers, review }) => ({
    id,
    applicant_name,
    applicant_email,
    submitted_at,
    status,
    review,
    cells: columns.map((column) => answerText(answers[column.key])),
  }));
  return {
    responses: { ...responses, data: rows },
    columns,
    exportHref: pathTo(API.responsesCsv, { id: formId }, exportQuery),
    canCheckIn: canInOrganization(user, "event response write", "check_in"),
    canDecide: canInOrganization(user, "event response write", "forms.manage"),
  };
}

export async function action({ request, params, url, context }: Route.ActionArgs) {
  requirePermission(context, "event response write");
  const formId = requireId(params.event_form_id, "Event form not found");
  const answer = await decisionAction(
    context.get(apiContext),
    context.get(requestEnvContext),
    formId,
    await request.formData(),
    url.pathname + url.search,
  );
  if (answer) return answer;
  throw data("Not found", { status: 404 });
}

export default function Responses({ loaderData, actionData }: Route.ComponentProps) {
  const dates = useDates();
  const { responses, columns, exportHref, canCheckIn, canDecide } = loaderData;
  // Figures show for those who manage the form, and for a reviewer once they reviewed an application.
  const reviewing = responses.reviewers.length > 0 || responses.data.some((application) => application.review);
  const form = responses.event_form;
  const [searchParams] = useSearchParams();
  // New applications appear as they arrive (and after a reconnect, with whatever was missed).
  useLiveRevalidate(eventFormChannel(form.id), APPLICATION_SUBMITTED_EVENT);
  // And the door's figures as tickets are scanned.
  useLiveRevalidate(eventFormChannel(form.id), CHECK_INS_CHANGED_EVENT);
  // Scores rank best first on the first click; names, dates and statuses go A to Z.
  const sortLink = (column: string, first: "asc" | "desc" = "asc") => {
    const params = new URLSearchParams(searchParams);
    const current = params.get("sort_by") === column;
    const other = first === "asc" ? "desc" : "asc";
    params.set("sort_by", column);
    params.set("sort_order", current && params.get("sort_order") === first ? other : first);
    params.delete("page");
    return `?${params}`;
  };
  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader
        title={`Responses: ${form.title}`}
        description={
          <>
            <span>{counted(responses.meta.total, "application")}</span> ·{" "}
            <span data-testid="responses-check-ins">
              {responses.check_ins.checked_in} of {responses.check_ins.expected} checked in
            </span>
          </>
        }
        actions={
          <>
            {canCheckIn ? (
              <InAppLink to={`/event-forms/check-in/${form.id}`} className={buttonClass("secondary")}>
                Check-in
              </InAppLink>
            ) : null}
            {/* While review is blind the CSV, which names everyone, is for those who manage the form. */}
            {responses.blind ? null : (
              <a href={exportHref} className={buttonClass("secondary")} download>
                Export CSV
              </a>
            )}
          </>
        }
      />
      <ReviewerProgressList
        reviewers={responses.reviewers}
        threshold={responses.discuss_threshold}
        withoutReviewer={responses.without_reviewer}
      />
      {canDecide ? <DecisionBar answer={actionData} cancelTo={`?${searchParams}`} /> : null}
      <ListSearch
        label="Search responses"
        placeholder="Search by name or email"
        // A blind reviewer's search would tell them who applied: the API refuses it, so it is not offered.
        searchable={!responses.blind}
        filters={[
          { name: "status", label: "Status", anyLabel: "Any status", options: [...REVIEW_STATUSES, "cancelled"] },
          ...(canDecide && reviewing
            ? [
                { name: "reviewed", label: "Reviews", anyLabel: "Any reviews", options: REVIEWED_OPTIONS },
                { name: "flag", label: "Flag", anyLabel: "Any flag", options: [{ value: "discuss", label: "Discuss" }] },
              ]
            : []),
        ]}
      />
      <DataTable
        caption={`Applications to ${form.title}`}
        rows={responses.data}
        rowKey={(application) => application.id}
        rowProps={(application) => ({ "data-testid": `response-${application.id}` })}
        empty={{
          title: "No applications found",
          children: searchParams.get("search") || searchParams.get("status") ? "Try another search." : "Nobody has applied yet.",
        }}
        columns={[
          {
            label: "Applicant",
            header: <InAppLink to={sortLink("applicant_name")}>Applicant</InAppLink>,
            cell: (application) => (
              <div className="flex items-start gap-2">
                {/* Ticked for a decision in bulk: the checkbox belongs to the decision's form. */}
                {canDecide ? (
                  <input
                    type="checkbox"
                    name="application_ids"
                    value={application.id}
                    form={DECISION_FORM_ID}
                    aria-label={`Select ${application.applicant_name}`}
                    className="mt-1"
                  />
                ) : null}
                <div>
                  <p className="font-medium">{application.applicant_name}</p>
                  <p className="text-slate-500">{application.applicant_email}</p>
                </div>
              </div>
            ),
          },
          {
            label: "Submitted",
            header: <InAppLink to={sortLink("submitted_at")}>Submitted</InAppLink>,
            className: "text-slate-600",
            cell: (application) => dates.dayTimeBesideEvent(application.submitted_at, form.timezone),
          },
          {
            label: "Status",
            header: <InAppLink to={sortLink("status")}>Status</InAppLink>,
            cell: (application) => <Badge tone={STATUS_TONES[application.status]}>{application.status}</Badge>,
          },
          reviewing && {
            label: "Reviews",
            header: canDecide ? (
              <>
                Reviews: sort by{" "}
                <InAppLink to={sortLink("score", "desc")} className="underline">
                  score
                </InAppLink>{" "}
                ·{" "}
                <InAppLink to={sortLink("normalized_score", "desc")} className="underline">
                  normalized
                </InAppLink>
              </>
            ) : (
              "Reviews"
            ),
            cell: (application) => <ReviewFiguresCell applicationId={application.id} figures={application.review} />,
          },
          ...columns.map((column, index) => ({
            label: column.label,
            key: column.key,
            className: "text-slate-700",
            cell: (application: (typeof responses.data)[number]) => (
              <span className="block truncate @min-[40rem]:max-w-48" title={application.cells[index]}>
                {application.cells[index]}
              </span>
            ),
          })),
        ]}
        actions={{
          cell: (application) => (
            <InAppLink to={`/event-responses/${form.id}/form/${application.id}`} className={buttonClass("secondary", "sm")}>
              Review
            </InAppLink>
          ),
        }}
      />
      <Pagination meta={responses.meta} />
    </div>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Responses · Launchpad" }];

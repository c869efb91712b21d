import { Form, useLocation } from "react-router";
import type { DraftJson } from "#schemas/drafts";
import { buttonClass } from "~/components/ui/button";
import { Badge, Card, EmptyState, PageHeader } from "~/components/ui/layout";
import { Pagination } from "~/components/ui/pagination";
import { apiContext, userContext } from "~/lib/contexts";
import { listQueryOf } from "~/lib/list-query.server";
import { formatEventTime } from "~/lib/event-format";
import { canInOrganization } from "~/lib/guards.server";
import { requestEnvContext } from "~/lib/request-env";
import { API } from "#schemas/contract/index";
import type { Route } from "./+types/drafts";
import { draftsAction } from "./action.server";
import { useDates } from "~/lib/dates";
import { InAppLink } from "~/components/ui/in-app-link";

export async function loader({ url, context }: Route.LoaderArgs) {
  const query = listQueryOf(url, ["page"], { per_page: "15" });
  const drafts = await context.get(apiContext).answer(API.listDrafts, { query });
  const user = context.get(userContext);
  return {
    drafts,
    /** The application draft whose discard is being confirmed (`?discard=12`): the confirm step needs no JS. */
    discarding: url.searchParams.get("discard"),
    canPublish: canInOrganization(user, "event form write", "forms.manage"),
    canCreateForms: user.startup_id !== null && canInOrganization(user, "event form write", "forms.manage"),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  return draftsAction(request, context.get(apiContext), context.get(requestEnvContext));
}

const continueLink = (draft: DraftJson) =>
  draft.type === "application" ? `/form-submission?form_id=${draft.event_form_id}` : `/event-forms/edit/${draft.id}`;

export default function Drafts({ loaderData }: Route.ComponentProps) {
  const { drafts, discarding, canPublish, canCreateForms } = loaderData;
  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader title="Drafts" description="Everything you started and have not finished, the most recently changed first." />
      {drafts.data.length === 0 ? (
        <EmptyState title={drafts.meta.total > 0 ? "Nothing on this page" : "No drafts"}>
          {drafts.meta.total > 0 ? (
            <InAppLink to="/drafts" className="text-brand-700 underline">
              Back to the first page
            </InAppLink>
          ) : (
            <>
              Applications you save as a draft{canCreateForms ? " and event forms you have not published" : ""} wait here.{" "}
              <InAppLink to="/events" className="text-brand-700 underline">
                Discover events
              </InAppLink>
              {canCreateForms ? (
                <>
                  {" or "}
                  <InAppLink to="/event-forms/create" className="text-brand-700 underline">
                    create an event form
                  </InAppLink>
                </>
              ) : null}
              .
            </>
          )}
        </EmptyState>
      ) : (
        <Card flush>
          <ul aria-label="Drafts">
            {drafts.data.map((draft) => (
              <DraftRow
                key={`${draft.type}-${draft.id}`}
                draft={draft}
                confirming={draft.type === "application" && discarding === String(draft.id)}
                canPublish={canPublish}
              />
            ))}
          </ul>
        </Card>
      )}
      <Pagination meta={drafts.meta} />
    </div>
  );
}

function DraftRow({ draft, confirming, canPublish }: { draft: DraftJson; confirming: boolean; canPublish: boolean }) {
  const dates = useDates();
  const location = useLocation();
  const kept = new URLSearchParams(location.search);
  kept.delete("discard");
  const here = `${location.pathname}${kept.size ? `?${kept}` : ""}`;
  const withParam = (name: string, value: string) => {
    const params = new URLSearchParams(location.search);
    params.set(name, value);
    return `?${params}`;
  };
  return (
    <li
      className="flex flex-wrap items-start justify-between gap-3 border-b border-slate-100 px-4 py-3 last:border-0"
      data-testid={`draft-${draft.type}-${draft.id}`}
    >
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-2">
          <InAppLink to={continueLink(draft)} className="font-medium text-slate-900 hover:text-brand-700 hover:underline">
            {draft.title}
          </InAppLink>
          <Badge tone={draft.type === "application" ? "blue" : "slate"}>
            {draft.type === "application" ? "Application" : "Event form"}
          </Badge>
        </div>
        <p className="text-sm text-slate-600">
          {draft.startup_name} · {formatEventTime(draft.starts_at, draft.ends_at, draft.timezone)}
        </p>
        <p className="text-xs text-slate-600">Last changed {dates.dayTime(draft.updated_at)}</p>
      </div>
      {confirming ? (
        <Form method="post" className="flex flex-wrap items-center gap-2">
          <input type="hidden" name="intent" value="discard" />
          <input type="hidden" name="id" value={draft.id} />
          <input type="hidden" name="redirect_to" value={here} />
          <span className="text-sm">Discard this draft and its answers?</span>
          <button type="submit" className={buttonClass("danger", "sm")}>
            Yes, discard it
          </button>
          <InAppLink to={here} className={buttonClass("ghost", "sm")}>
            Keep it
          </InAppLink>
        </Form>
      ) : (
        <div className="flex flex-wrap items-center gap-2">
          <InAppLink
            to={continueLink(draft)}
            className={buttonClass("secondary", "sm")}
            aria-label={`${draft.type === "application" ? "Continue" : "Edit"} ${draft.title}`}
          >
            {draft.type === "application" ? "Continue" : "Edit"}
          </InAppLink>
          {draft.type === "application" ? (
            <InAppLink
              to={withParam("discard", String(draft.id))}
              className={buttonClass("ghost", "sm")}
              aria-label={`Discard the draft for ${draft.title}…`}
            >
              Discard…
            </InAppLink>
          ) : canPublish ? (
            <Form method="post">
              <input type="hidden" name="intent" value="publish" />
              <input type="hidden" name="id" value={draft.id} />
              <input type="hidden" name="redirect_to" value={`${location.pathname}${location.search}`} />
              <button type="submit" className={buttonClass("primary", "sm")} aria-label={`Publish ${draft.title}`}>
                Publish
              </button>
            </Form>
          ) : null}
        </div>
      )}
    </li>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Drafts · Launchpad" }];

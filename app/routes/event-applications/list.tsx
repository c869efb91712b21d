import { Form, data, useSearchParams } from "react-router";
import { parseId } from "#schemas/ids";
import { JoinMeeting } from "~/components/meetings/join-meeting";
import { buttonClass } from "~/components/ui/button";
import { FormErrors } from "~/components/ui/field";
import { Badge, Card, EmptyState, PageHeader } from "~/components/ui/layout";
import { Pagination } from "~/components/ui/pagination";
import { apiContext } from "~/lib/contexts";
import { listQueryOf } from "~/lib/list-query.server";
import { STATUS_TONES, formatEventTime } from "~/lib/event-format";
import { redirectWithToast } from "~/lib/flash.server";
import { requestEnvContext } from "~/lib/request-env";
import { API } from "#schemas/contract/index";
import type { Route } from "./+types/list";
import { useDates } from "~/lib/dates";
import { InAppLink } from "~/components/ui/in-app-link";

export async function loader({ url, context }: Route.LoaderArgs) {
  const query = listQueryOf(url, ["page", "status"], { per_page: "20" });
  const applications = await context.get(apiContext).answer(API.listMyApplications, { query });
  return { applications, cancelling: parseId(url.searchParams.get("cancel")) ?? null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const id = parseId((await request.formData()).get("id"));
  if (id === undefined) return data({ error: "That request was not understood." }, { status: 400 });
  const result = await context.get(apiContext).request(API.cancelApplication, { params: { id } });
  if (result.status === 404) return redirectWithToast(context.get(requestEnvContext), "/", { type: "error", message: "No event found" });
  if (!result.ok) return data({ error: result.body.errors?.application?.[0] ?? result.body.message }, { status: result.status });
  return redirectWithToast(context.get(requestEnvContext), "/event-applications", { type: "success", message: result.body.message });
}

export default function MyApplications({ loaderData, actionData }: Route.ComponentProps) {
  const dates = useDates();
  const { applications, cancelling } = loaderData;
  const [searchParams] = useSearchParams();
  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader title="My applications" description="Everything you have applied to, and where each application stands." />
      {actionData?.error ? <FormErrors errors={[actionData.error]} /> : null}
      {applications.data.length === 0 ? (
        <EmptyState title={searchParams.get("status") ? "No applications with that status" : "No applications yet"}>
          <InAppLink className="text-brand-600 hover:underline" to="/events">
            Discover events
          </InAppLink>{" "}
          to apply to.
        </EmptyState>
      ) : (
        <div className="space-y-3">
          {applications.data.map((application) => (
            <Card key={application.id} className="p-4">
              <div className="flex flex-wrap items-start justify-between gap-3" data-testid={`application-${application.id}`}>
                <div>
                  <InAppLink
                    to={`/form-submission?form_id=${application.event_form.id}`}
                    className="font-semibold text-brand-700 hover:underline"
                  >
                    {application.event_form.title}
                  </InAppLink>
                  <p className="text-sm text-slate-500">
                    {application.event_form.startup.name}
                    {` · ${formatEventTime(application.event_form.starts_at, application.event_form.ends_at, application.event_form.timezone)}`}
                  </p>
                  <p className="mt-1 flex items-center gap-2 text-sm">
                    <Badge tone={STATUS_TONES[application.status]}>{application.status}</Badge>
                    {application.status === "draft"
                      ? "Not submitted yet"
                      : application.submitted_at
                        ? `Submitted ${dates.dayTime(application.submitted_at)}`
                        : null}
                  </p>
                  {application.event_form.meeting ? <JoinMeeting meeting={application.event_form.meeting} /> : null}
                </div>
                {application.status !== "cancelled" ? (
                  cancelling === application.id ? (
                    <Form method="post" className="flex flex-wrap items-center gap-2">
                      <input type="hidden" name="id" value={application.id} />
                      <span className="text-sm">
                        {application.status === "draft" ? "Discard this draft and its answers?" : "Cancel this application?"}
                      </span>
                      <button type="submit" className={buttonClass("danger", "sm")}>
                        {application.status === "draft" ? "Yes, discard it" : "Yes, cancel it"}
                      </button>
                      <InAppLink to="/event-applications" className={buttonClass("ghost", "sm")}>
                        Keep it
                      </InAppLink>
                    </Form>
                  ) : (
                    <InAppLink to={`?cancel=${application.id}`} className={buttonClass("secondary", "sm")}>
                      {application.status === "draft" ? "Discard draft…" : "Cancel…"}
                    </InAppLink>
                  )
                ) : null}
              </div>
            </Card>
          ))}
        </div>
      )}
      <Pagination meta={applications.meta} />
    </div>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "My applications · Launchpad" }];

import { getFormProps } from "@conform-to/react";
import { data, Form, useNavigation, useSearchParams } from "react-router";
import { ANNOUNCEMENT_AUDIENCES, announcementSchema, AUDIENCE_LABELS } from "#schemas/announcements";
import { API } from "#schemas/contract/index";
import { parseId } from "#schemas/ids";
import { counted } from "#schemas/plural";
import { Button } from "~/components/ui/button";
import { FormErrors } from "~/components/ui/field";
import { ChoiceField, InputField, TextareaField } from "~/components/ui/form-fields";
import { Card, EmptyState, PageHeader } from "~/components/ui/layout";
import { InAppLink } from "~/components/ui/in-app-link";
import { Pagination } from "~/components/ui/pagination";
import { apiContext } from "~/lib/contexts";
import { useDates } from "~/lib/dates";
import { redirectWithToast } from "~/lib/flash.server";
import { replyInvalid, replyWithApiErrors } from "~/lib/forms.server";
import { requirePermission } from "~/lib/guards.server";
import { listQueryOf } from "~/lib/list-query.server";
import { requestEnvContext } from "~/lib/request-env";
import { requireId } from "~/lib/route-params.server";
import { parseSubmission } from "~/lib/submission.server";
import { useZodForm } from "~/lib/use-zod-form";
import type { Route } from "./+types/announcements";

/*
 * An event's announcements (/event-forms/announcements/{id}), for its owner: write to everyone with a
 * place, everyone waiting or everyone checked in (a notification and a mail each), and see what went to
 * whom. Plain forms and links: it all works without JavaScript.
 */

const FORM_NOT_FOUND = "Event Form not found";
/** Who got an announcement pages on its own, beside the history's own pages. */
const RECIPIENTS_PAGE = "recipients_page";
const RECIPIENTS_PER_PAGE = 50;

export async function loader({ url, params, context }: Route.LoaderArgs) {
  requirePermission(context, "event response write");
  const id = requireId(params.id, FORM_NOT_FOUND);
  const api = context.get(apiContext);
  const opened = parseId(url.searchParams.get("recipients"));
  const [history, recipients] = await Promise.all([
    api.answer(API.listAnnouncements, { params: { id }, query: listQueryOf(url, ["page"], { per_page: "10" }) }),
    opened === undefined
      ? null
      : api.answer(API.announcementRecipients, {
          params: { id, announcementId: opened },
          query: { per_page: String(RECIPIENTS_PER_PAGE), page: url.searchParams.get(RECIPIENTS_PAGE)?.trim() || "1" },
        }),
  ]);
  return { history, recipients: recipients && opened !== undefined ? { id: opened, people: recipients } : null };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  requirePermission(context, "event response write");
  const id = requireId(params.id, FORM_NOT_FOUND);
  const submission = parseSubmission(await request.formData(), { schema: announcementSchema });
  if (submission.status !== "success") return replyInvalid(submission);
  const result = await context.get(apiContext).request(API.sendAnnouncement, { params: { id }, body: submission.value });
  if (result.status === 404) throw data(FORM_NOT_FOUND, { status: 404 });
  if (!result.ok) return replyWithApiErrors(submission, result);
  const count = result.body.announcement.recipient_count;
  return redirectWithToast(context.get(requestEnvContext), `/event-forms/announcements/${id}`, {
    type: "success",
    message: `Announcement sent to ${counted(count, "person", "people")}.`,
  });
}

export default function Announcements({ loaderData, actionData }: Route.ComponentProps) {
  const { history, recipients } = loaderData;
  const form = history.event_form;
  const navigation = useNavigation();
  const [searchParams] = useSearchParams();
  const dates = useDates();
  const [composer, fields] = useZodForm(announcementSchema, { id: "announcement", lastResult: actionData?.result });
  const audiences = ANNOUNCEMENT_AUDIENCES.map((value) => ({
    value,
    label: `${AUDIENCE_LABELS[value]} (${history.audience_sizes[value]})`,
  }));
  const linkTo = (recipientsOf: number | null) => {
    const params = new URLSearchParams(searchParams);
    params.delete(RECIPIENTS_PAGE);
    if (recipientsOf === null) params.delete("recipients");
    else params.set("recipients", String(recipientsOf));
    const query = params.toString();
    return query ? `?${query}` : `/event-forms/announcements/${form.id}`;
  };
  return (
    <div className="mx-auto max-w-4xl">
      <InAppLink to="/event-forms" className="text-sm text-brand-600 hover:underline">
        ← Event forms
      </InAppLink>
      <PageHeader
        title={`Announcements: ${form.title}`}
        description="Each person gets it in the panel and, as their settings say, by mail."
      />
      <Card className="mb-8">
        <Form method="post" className="space-y-4" aria-label="Write an announcement" {...getFormProps(composer)}>
          <FormErrors errors={composer.errors} />
          <ChoiceField field={fields.audience} label="Send to" placeholder="Choose who hears it" options={audiences} />
          <InputField field={fields.subject} label="Subject" type="text" maxLength={150} />
          <TextareaField field={fields.message} label="Message" hint="Plain text: links and markup are shown as written." />
          <Button type="submit" pending={navigation.state === "submitting"}>
            Send announcement
          </Button>
        </Form>
      </Card>
      <h2 className="mb-3 text-lg font-semibold text-slate-900">Sent</h2>
      {history.data.length === 0 ? (
        <EmptyState title="Nothing sent yet">What you send appears here, with who it went to.</EmptyState>
      ) : (
        <ol className="space-y-3" aria-label="Announcements sent">
          {history.data.map((announcement) => {
            const open = recipients?.id === announcement.id;
            return (
              <li key={announcement.id} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm" data-testid="announcement">
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <h3 className="font-semibold text-slate-900">{announcement.subject}</h3>
                  <p className="text-sm text-slate-500">
                    {announcement.sent_by?.name ?? "Someone no longer here"} · {dates.dayTime(announcement.created_at)}
                  </p>
                </div>
                <p className="mt-1 text-sm text-slate-600">
                  {AUDIENCE_LABELS[announcement.audience]} · {counted(announcement.recipient_count, "person", "people")} ·{" "}
                  {announcement.mailed_count} by mail
                </p>
                <p className="mt-2 whitespace-pre-line text-sm text-slate-800">{announcement.message}</p>
                <InAppLink to={linkTo(open ? null : announcement.id)} className="mt-2 inline-block text-sm text-brand-600 hover:underline">
                  {open ? "Hide who got it" : "Who got it"}
                </InAppLink>
                {open && recipients ? (
                  <ul className="mt-2 grid gap-1 text-sm sm:grid-cols-2" aria-label={`Who got ${announcement.subject}`}>
                    {recipients.people.data.map((person) => (
                      <li key={person.id} className="truncate text-slate-700" title={person.email}>
                        {person.name} <span className="text-slate-500">({person.email})</span>
                      </li>
                    ))}
                  </ul>
                ) : null}
                {open && recipients ? (
                  <Pagination meta={recipients.people.meta} param={RECIPIENTS_PAGE} label={`Pages of who got ${announcement.subject}`} />
                ) : null}
              </li>
            );
          })}
        </ol>
      )}
      <Pagination meta={history.meta} />
    </div>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `Announcements: ${loaderData.history.event_form.title} · Launchpad` : "Announcements · Launchpad" },
];

import { useEffect, useRef } from "react";
import { Form, data, redirect, useNavigation } from "react-router";
import { toast } from "react-toastify";
import { eventLocation } from "#schemas/event-pages";
import { STANDARD_QUESTIONS, questionTypeOf } from "#schemas/event-kinds";
import { TicketCard } from "~/components/check-in/ticket-card";
import { AddToCalendar } from "~/components/event-page/event-facts";
import { QuestionInput } from "~/components/event-forms/question-preview";
import { useApplyingQuestions } from "~/components/event-forms/applying-questions";
import { JoinMeeting } from "~/components/meetings/join-meeting";
import { Button } from "~/components/ui/button";
import { FormErrors } from "~/components/ui/field";
import { loadEventWeather } from "~/components/weather/event-weather.server";
import { WeatherCard } from "~/components/weather/weather-card";
import { Badge, Card } from "~/components/ui/layout";
import { API } from "#schemas/contract/index";
import { apiContext, userContext } from "~/lib/contexts";
import { NATURE_LABELS, STATUS_TONES, formatEventTime, formatInZone, price } from "~/lib/event-format";
import { redirectWithToast } from "~/lib/flash.server";
import { requestEnvContext } from "~/lib/request-env";
import type { Route } from "./+types/apply";
import { billingPath, formPath } from "./paths";
import { counted } from "#schemas/plural";
import { InAppLink } from "~/components/ui/in-app-link";
import type { SiteEventForm } from "#schemas/applications";
import { loadSiteForm, needsPayment } from "./site-form.server";
import { useDates } from "~/lib/dates";

/** The form, once the billing guards (needsPayment) let the user in. */
async function loadForm(url: URL, context: Route.LoaderArgs["context"]): Promise<SiteEventForm> {
  const view = await loadSiteForm({ url, context });
  if (needsPayment(view)) throw redirect(billingPath(view.event_form.id));
  return view;
}

export async function loader({ url, context }: Route.LoaderArgs) {
  const view = await loadForm(url, context);
  const user = context.get(userContext);
  return {
    ...view,
    // The name and email questions start from the account's, as the billing step does: nobody retypes them.
    prefill: { full_name: user.name, email: user.email } as Record<string, string>,
    // An in-person event's day, when it is within the forecast: the weather in its venue's city (components/weather).
    eventWeather: await loadEventWeather(context, view.event_form),
  };
}

export async function action({ request, url, context }: Route.ActionArgs) {
  const view = await loadForm(url, context);
  const incoming = await request.formData();
  const body = new FormData();
  body.set("intent", incoming.get("intent") === "draft" ? "draft" : "submit");
  if (incoming.get(SHOW_ON_EVENT_PAGE)) body.set(SHOW_ON_EVENT_PAGE, "1");
  for (const [key, value] of incoming) {
    // An empty file input is "no new file": a draft keeps the one it has.
    if (!key.startsWith("answers[") || (value instanceof File && value.size === 0)) continue;
    body.append(key, value);
  }
  const result = await context.get(apiContext).request(API.applyToForm, { params: { id: view.event_form.id }, body });
  if (!result.ok) {
    const answers: Record<string, unknown> = {};
    for (const [key, value] of incoming) {
      const name = key.match(/^answers\[(.+)\]$/)?.[1];
      if (name && typeof value === "string") answers[name] = name in answers ? [answers[name], value].flat() : value;
    }
    return data(
      {
        errors: result.body.errors ?? {},
        message: result.body.errors?.application?.[0] ?? result.body.message,
        answers,
        showOnEventPage: incoming.has(SHOW_ON_EVENT_PAGE),
      },
      { status: result.status },
    );
  }
  return redirectWithToast(context.get(requestEnvContext), formPath(view.event_form.id), { type: "success", message: result.body.message });
}

/** The applicant's choice to be shown among the attendees on the event's public page. */
const SHOW_ON_EVENT_PAGE = "show_on_event_page";

export default function Apply({ loaderData, actionData }: Route.ComponentProps) {
  const dates = useDates();
  const { event_form: form, can_apply: canApply, closed_reason: closedReason, my_application: mine, eventWeather } = loaderData;
  const navigation = useNavigation();
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (actionData?.message) toast.error(actionData.message, { toastId: actionData.message });
    // A refused application takes the keyboard to its first answer to fix, as the other forms do.
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [actionData]);
  const submitted = mine && mine.status !== "draft";
  const saved = (key: string) => actionData?.answers?.[key] ?? mine?.answers[key] ?? loaderData.prefill[key];
  const errorsFor = (key: string) => actionData?.errors?.[`answers.${key}`];
  const conditional = useApplyingQuestions(form.custom_questions, saved);
  const standard = STANDARD_QUESTIONS.filter((q) => form.questions[q.key]?.enabled || form.questions[q.key]?.required);
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <Card flush className="overflow-hidden">
        {form.banner_url ? <img src={form.banner_url} alt="" className="h-48 w-full object-cover" /> : null}
        <div className="space-y-2 p-6">
          <p className="text-sm text-slate-500">
            {form.startup.name} · {form.category} · {NATURE_LABELS[form.nature]}
          </p>
          <h1 className="text-2xl font-bold">{form.title}</h1>
          <p className="text-slate-700">{formatEventTime(form.starts_at, form.ends_at, form.timezone)}</p>
          <p className="text-slate-700">Where: {eventLocation(form)}</p>
          <p className="font-medium">{price(form.paid_event_information)}</p>
          {form.paid_event_information?.includes ? (
            <p className="text-sm text-slate-600">Includes: {form.paid_event_information.includes}</p>
          ) : null}
          <p className="whitespace-pre-line text-slate-700">{form.description}</p>
          {form.application_deadline ? (
            <p className="text-sm text-slate-500">Apply by {formatInZone(form.application_deadline, form.timezone)}</p>
          ) : null}
          {form.status === "draft" ? null : (
            <p className="text-sm">
              <a href={form.public_url} className="text-brand-700 underline">
                The event&apos;s public page
              </a>{" "}
              <span className="text-slate-500">(to share it with anyone)</span>
            </p>
          )}
        </div>
      </Card>

      {loaderData.my_ticket ? <TicketCard ticket={loaderData.my_ticket} eventTitle={form.title} /> : null}

      {eventWeather ? <WeatherCard weather={eventWeather.weather} day={eventWeather.day} /> : null}

      {submitted ? (
        <Card>
          <h2 className="text-lg font-semibold">Your application</h2>
          <p className="mt-1 flex items-center gap-2 text-slate-700" data-testid="my-application-status">
            <Badge tone={STATUS_TONES[mine.status]}>{mine.status}</Badge>
            {mine.status === "cancelled"
              ? `Cancelled ${dates.dayTime(mine.cancelled_at)}`
              : `Submitted ${dates.dayTime(mine.submitted_at)}`}
          </p>
          {loaderData.my_offer_expires_at ? (
            <p className="mt-2 text-slate-700" data-testid="waitlist-offer">
              A place opened and is held for you until {dates.dayTime(loaderData.my_offer_expires_at)}.{" "}
              <InAppLink to={billingPath(form.id)} className="font-medium text-brand-600 underline">
                Pay to take it
              </InAppLink>
              ; after that it goes to the next one in line.
            </p>
          ) : loaderData.my_waitlist_position ? (
            <p className="mt-2 text-slate-700" data-testid="waitlist-position">
              You are number {loaderData.my_waitlist_position} in line.{" "}
              {form.type_of_event === "paid"
                ? `When a place opens it is offered to you, and you have ${counted(form.waitlist_offer_hours, "hour")} to pay for it.`
                : "When a place opens it is yours at once, with your ticket, and you are told."}
            </p>
          ) : null}
          {loaderData.my_meeting ? <JoinMeeting meeting={loaderData.my_meeting} /> : null}
          {mine.status === "cancelled" ? null : (
            <div className="mt-3">
              <AddToCalendar event={form} />
            </div>
          )}
          <p className="mt-3 text-sm text-slate-600" data-testid="my-applications-note">
            {mine.status === "cancelled" ? "It stays on " : "You can follow it, or cancel it, on "}
            <InAppLink to="/event-applications" className="font-medium text-brand-600 underline">
              My applications
            </InAppLink>
            .
          </p>
        </Card>
      ) : canApply ? (
        <Card>
          <h2 className="mb-1 text-lg font-semibold">Apply</h2>
          {loaderData.joins_waitlist ? (
            <p className="mb-4 text-sm text-slate-700" data-testid="joins-waitlist">
              This event is full. Applying puts you on its waitlist: each place that frees goes to the first one waiting.
            </p>
          ) : null}
          {mine?.status === "draft" ? (
            <p className="mb-4 text-sm text-slate-600">
              Your draft was saved {dates.dayTime(mine.updated_at)}. Finish it when you are ready.
            </p>
          ) : null}
          {actionData?.message ? (
            <div className="mb-4">
              <FormErrors errors={[actionData.message]} />
            </div>
          ) : null}
          <Form ref={formRef} method="post" encType="multipart/form-data" className="space-y-5" noValidate onChange={conditional.onChange}>
            {standard.map((q) => (
              <QuestionInput
                key={q.key}
                name={`answers[${q.key}]`}
                id={`answer-${q.key}`}
                label={q.label}
                type={q.type}
                required={Boolean(form.questions[q.key]?.required)}
                options={[]}
                value={saved(q.key)}
                errors={errorsFor(q.key)}
              />
            ))}
            {form.custom_questions.map((q) => (
              // A question that does not apply stays in the page, hidden: its answer comes back if it applies again.
              <div key={q.id} hidden={!conditional.shows(q.id)} data-testid={`question-${q.id}`}>
                <QuestionInput
                  name={`answers[${q.id}]`}
                  id={`answer-${q.id}`}
                  label={q.label}
                  type={questionTypeOf(q.type)}
                  required={q.required}
                  helpText={[q.help_text, conditional.hint(q)].filter(Boolean).join(" ") || null}
                  options={q.options}
                  value={saved(q.id)}
                  errors={errorsFor(q.id)}
                />
              </div>
            ))}
            <label className="flex items-start gap-2 text-sm text-slate-700">
              <input
                type="checkbox"
                name={SHOW_ON_EVENT_PAGE}
                value="1"
                defaultChecked={actionData?.showOnEventPage ?? mine?.show_on_event_page ?? false}
                className="mt-0.5 size-4"
              />
              <span>Show my name and picture among the attendees on the event&apos;s public page once I am accepted</span>
            </label>
            <div className="flex flex-wrap gap-3">
              <Button
                type="submit"
                name="intent"
                value="submit"
                pending={navigation.state === "submitting" && navigation.formData?.get("intent") === "submit"}
              >
                {loaderData.joins_waitlist ? "Join the waitlist" : "Submit application"}
              </Button>
              <Button type="submit" name="intent" value="draft" variant="secondary">
                Save draft
              </Button>
            </div>
          </Form>
        </Card>
      ) : (
        <Card>
          <p className="font-medium" data-testid="closed-reason">
            {closedReason}
          </p>
        </Card>
      )}
    </div>
  );
}

export const meta: Route.MetaFunction = ({ data }) => [{ title: `${data?.event_form.title ?? "Apply"} · Launchpad` }];

import { Hono, type Context } from "hono";
import { z } from "zod";
import type { EventFormSaved } from "#schemas/event-form-views.ts";
import { optionalIdField } from "#schemas/id-fields.ts";
import { EVENT_CATEGORIES, EVENT_FORM_STATUSES, EVENT_NATURES, eventFormSchema, eventFormStatusSchema } from "#schemas/events.ts";
import { eventFormRoutes as routes } from "#schemas/contract/event-forms.ts";
import type { AppEnv } from "#api/context.ts";
import { serve } from "#api/lib/contract.ts";
import { jsonText, readBody } from "#api/lib/body.ts";
import { pathId } from "#api/lib/ids.ts";
import { page, parseListQuery } from "#api/lib/pagination.ts";
import { validate } from "#api/lib/validation.ts";
import { authorize } from "../access/authorize.ts";
import { assertVerifiedEmail } from "../account-links/hold.ts";
import { currentUser } from "../auth/middleware.ts";
import { organizationFor } from "#api/lib/owner.ts";
import { moveMeetingAfterEdit } from "../meetings/meetings.ts";
import { meetingsContext } from "../meetings/providers.ts";
import {
  EVENT_FORM_NOT_FOUND,
  createEventForm,
  deleteEventForm,
  getEventForm,
  listEventForms,
  managedFormOr404,
  setEventFormStatus,
  updateEventForm,
  type FormEditor,
} from "./service.ts";

export const eventFormRoutes = new Hono<AppEnv>();

const capitalise = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);

// ---- reference lists ---------------------------------------------------------------------------

serve(eventFormRoutes, routes.listEventCategories, async () => ({
  data: EVENT_CATEGORIES.map((name) => ({ value: name, label: name })),
}));

serve(eventFormRoutes, routes.listEventNatures, async () => ({ data: EVENT_NATURES.map(({ value, label }) => ({ value, label })) }));

serve(eventFormRoutes, routes.listEventFormStatuses, async () => ({
  data: EVENT_FORM_STATUSES.map((value) => ({ value, label: capitalise(value) })),
}));

// ---- event forms -------------------------------------------------------------------------------

const formId = (value: string) => pathId(value, EVENT_FORM_NOT_FOUND);

/** A JSON client's null means "not given", as a blank multipart field does (e.g. a resource sent back as is). */
const withoutNulls = (value: unknown): unknown =>
  value && typeof value === "object" && !Array.isArray(value) && !(value instanceof File)
    ? Object.fromEntries(Object.entries(value).filter(([, v]) => v !== null))
    : value;

/** The body as `eventFormSchema` expects it, whichever way it was sent. */
const eventFormBodySchema = z.preprocess((body) => {
  const input = withoutNulls(body) as Record<string, unknown>;
  input.questions = jsonText(input.questions);
  input.paid_event_information = withoutNulls(jsonText(input.paid_event_information));
  const questions = jsonText(input.custom_questions);
  input.custom_questions = Array.isArray(questions) ? questions.map(withoutNulls) : questions;
  // Price details of a free event are neither checked nor kept.
  if (input.type_of_event !== "paid") delete input.paid_event_information;
  if (input.banner === "") delete input.banner;
  return input;
}, eventFormSchema);

const eventFormBody = async (c: Context<AppEnv>) => validate(eventFormBodySchema, await readBody(c));

const editor = (c: Context<AppEnv>): FormEditor => {
  const { id, name } = currentUser(c);
  return { userId: id, name, access: organizationFor(c.get("user"), "forms.manage") };
};

const formListQuery = z.object({
  collection_id: optionalIdField("The selected collection is invalid."),
  status: z.enum(EVENT_FORM_STATUSES).optional().catch(undefined),
});

eventFormRoutes.get("/api/v1/admin/event_forms", authorize("event form read"), async (c) => {
  const access = organizationFor(c.get("user"), "forms.read");
  const filters = validate(formListQuery, c.req.query());
  const query = { ...parseListQuery(c.req.url), collection_id: filters.collection_id, status: filters.status };
  // Newest first unless the caller asks for an order.
  if (!query.sort_by && !c.req.query("sort_order")) query.sort_order = "desc";
  const { total, data } = await listEventForms(c.get("db"), access, query);
  return c.json(page(c.req.url, query, total, data));
});

eventFormRoutes.post("/api/v1/admin/event_forms", authorize("event form write"), async (c) => {
  const who = editor(c);
  const event_form = await createEventForm(c.get("db"), who, await eventFormBody(c));
  const answer: EventFormSaved = { event_form, message: "Event form created." };
  return c.json(answer, 201);
});

eventFormRoutes.get("/api/v1/admin/event_forms/:id", authorize("event form read"), async (c) => {
  const access = organizationFor(c.get("user"), "forms.read");
  return c.json({ event_form: await getEventForm(c.get("db"), access, formId(c.req.param("id"))) });
});

/** Updates come as POST with `_method=PUT` (multipart, for the banner) or as a plain PUT. */
const update = async (c: Context<AppEnv>) => {
  const who = editor(c);
  const id = formId(c.req.param("id") ?? "");
  const before = await managedFormOr404(c.get("db"), who.access, id);
  const event_form = await updateEventForm(c.get("db"), who, id, await eventFormBody(c));
  // After the save's commit: a provider's answer never undoes it, a failure is only reported.
  const meeting_warning = await moveMeetingAfterEdit(meetingsContext(c.get("db"), c.get("config")), before);
  const answer: EventFormSaved = { event_form, message: "Event form updated.", ...(meeting_warning ? { meeting_warning } : {}) };
  return c.json(answer);
};
eventFormRoutes.post("/api/v1/admin/event_forms/:id", authorize("event form write"), update);
eventFormRoutes.put("/api/v1/admin/event_forms/:id", authorize("event form write"), update);

eventFormRoutes.delete("/api/v1/admin/event_forms/:id", authorize("event form write"), async (c) => {
  const access = organizationFor(c.get("user"), "forms.manage");
  await deleteEventForm(c.get("db"), access, currentUser(c), formId(c.req.param("id")));
  return c.json({ message: "Event form deleted." });
});

eventFormRoutes.put("/api/v1/admin/event_form_statuses/:id", authorize("event form write"), async (c) => {
  const access = organizationFor(c.get("user"), "forms.manage");
  const id = formId(c.req.param("id"));
  await managedFormOr404(c.get("db"), access, id);
  const { status } = validate(eventFormStatusSchema, await readBody(c));
  if (status === "published") assertVerifiedEmail(c, "publish");
  const event_form = await setEventFormStatus(c.get("db"), access, currentUser(c), id, status);
  return c.json({ event_form, message: "Status updated." });
});

/** Event forms as their organization keeps them: the lists their fields choose from, the forms, their statuses. */
import { z } from "zod";
import { jsonText } from "../api-multipart.ts";
import { eventFormSaved, eventFormView } from "../event-form-views.ts";
import { EVENT_FORM_STATUSES, eventFormSchema, eventFormStatusSchema } from "../events.ts";
import { optionalIdField } from "../id-fields.ts";
import { messageAnswer, pageOf } from "./answers.ts";
import { listQuery } from "./list-query.ts";
import { apiPart, apiRoute } from "./route.ts";

/** A list to choose from, as a select shows it. */
const choices = z.object({ data: z.array(z.object({ value: z.string(), label: z.string() })) });

/** Who reads the organization's forms, and who changes them. */
const reads = { feature: "event form read", organization: "forms.read" } as const;
const writes = { feature: "event form write", organization: "forms.manage" } as const;

/** The list's filters beyond the basics: a collection that is no id is refused, an unknown status ignored. */
export const eventFormListQuery = listQuery.extend({
  collection_id: optionalIdField("The selected collection is invalid."),
  status: z.enum(EVENT_FORM_STATUSES).optional().catch(undefined),
});

/** A JSON client's null means "not given", as a blank multipart field does (e.g. a resource sent back as is). */
const withoutNulls = (value: unknown): unknown =>
  value && typeof value === "object" && !Array.isArray(value) && !(value instanceof File)
    ? Object.fromEntries(Object.entries(value).filter(([, v]) => v !== null))
    : value;

/**
 * A form's body as `eventFormSchema` reads it, whichever way it was sent: JSON, or multipart (a banner may
 * be among its fields) with the questions and the price as JSON text.
 */
export const eventFormBodySchema = z.preprocess((body) => {
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

export const eventFormRoutes = apiPart("Event forms", {
  listEventCategories: apiRoute({
    method: "GET",
    path: "/api/v1/site/common/event_categories",
    summary: "The categories an event may have",
    access: "user",
    answer: choices,
  }),
  listEventNatures: apiRoute({
    method: "GET",
    path: "/api/v1/site/common/event_natures",
    summary: "How an event is held: online, in person or hybrid",
    access: "user",
    answer: choices,
  }),
  listEventFormStatuses: apiRoute({
    method: "GET",
    path: "/api/v1/admin/event_form_statuses",
    summary: "The statuses an event form may have: draft, published, closed",
    access: { feature: "event form read" },
    answer: choices,
  }),
  listEventForms: apiRoute({
    method: "GET",
    path: "/api/v1/admin/event_forms",
    summary: "List the organization's event forms the caller reaches, newest first (search by title; filter by collection, status)",
    access: reads,
    query: eventFormListQuery,
    answer: pageOf(eventFormView),
    refusals: [404],
  }),
  createEventForm: apiRoute({
    method: "POST",
    path: "/api/v1/admin/event_forms",
    summary: "Create an event form, a draft, in one of the organization's collections (JSON, or multipart with a banner)",
    access: writes,
    body: eventFormBodySchema,
    answer: eventFormSaved,
    status: 201,
  }),
  showEventForm: apiRoute({
    method: "GET",
    path: "/api/v1/admin/event_forms/{id}",
    summary: "Show one event form, with its collection, its startup and its count of submitted applications",
    access: reads,
    answer: z.object({ event_form: eventFormView }),
    refusals: [404],
  }),
  updateEventForm: apiRoute({
    method: "PUT",
    path: "/api/v1/admin/event_forms/{id}",
    summary: "Replace an event form's fields; its video meeting moves with it (`meeting_warning` when the provider would not)",
    access: writes,
    body: eventFormBodySchema,
    answer: eventFormSaved,
    refusals: [404],
  }),
  updateEventFormForm: apiRoute({
    method: "POST",
    path: "/api/v1/admin/event_forms/{id}",
    summary: "As PUT /api/v1/admin/event_forms/{id}, for a form with a file: multipart with `_method=PUT`",
    access: writes,
    body: eventFormBodySchema,
    answer: eventFormSaved,
    refusals: [404],
  }),
  deleteEventForm: apiRoute({
    method: "DELETE",
    path: "/api/v1/admin/event_forms/{id}",
    summary: "Delete an event form that has neither applications nor billings (close it instead)",
    access: writes,
    answer: messageAnswer,
    refusals: [404, 422],
  }),
  setEventFormStatus: apiRoute({
    method: "PUT",
    path: "/api/v1/admin/event_form_statuses/{id}",
    summary: "Set an event form's status: draft, published (needs a verified email address) or closed",
    access: writes,
    body: eventFormStatusSchema,
    answer: eventFormSaved.omit({ meeting_warning: true }),
    refusals: [404],
  }),
});

/**
 * Applications to event forms: the applicant's own (apply, list, read, cancel, their documents), and a form's
 * responses as its organization reads and decides them.
 */
import { ticked } from "../fields.ts";
import { z } from "zod";
import { pageOf } from "./answers.ts";
import { listQuery } from "./list-query.ts";
import { apiPart, apiRoute, fileAnswer } from "./route.ts";
import { jsonText } from "../api-multipart.ts";
import { APPLICATION_STATUSES, applicationSaved, applicationView, myApplication, responseDetail, responsesPage } from "../applications.ts";
import { reviewStatusSchema } from "../events.ts";
import { REVIEW_COMPLETENESS } from "../reviews.ts";

/** A list's status filter: an unknown status is no filter rather than refused. */
const statusFilter = z.enum(APPLICATION_STATUSES).optional().catch(undefined);

/** The caller's own applications, newest first unless asked otherwise. */
export const myApplicationsQuery = listQuery.extend({ status: statusFilter });

/**
 * A form's responses: by status, and (for those who manage the form) by review: `sort_by` score or
 * normalized_score, `flag=discuss`, `reviewed` complete or incomplete. Anything else asked is no such filter.
 */
export const responsesQuery = listQuery.extend({
  status: statusFilter,
  flag: z.enum(["discuss"]).optional().catch(undefined),
  reviewed: z.enum(REVIEW_COMPLETENESS).optional().catch(undefined),
});

/** The CSV has every response the list's search and status filter match, on one sheet. */
export const responsesCsvQuery = z.object({ search: listQuery.shape.search, status: statusFilter });

const ANSWER_FIELD = /^answers\[([^\]]+)\](?:\[\])?$/;

/** Every answer of the body by question key; each is then checked by its question's rule (the API's answers.ts). */
function answersOf(body: Record<string, unknown>) {
  const answers = new Map<string, unknown>();
  for (const [name, value] of Object.entries(body)) {
    const key = ANSWER_FIELD.exec(name)?.[1];
    if (key) answers.set(key, value);
  }
  // JSON clients send `answers` as an object; a form client may send them all as one JSON-encoded field.
  const whole = jsonText(body.answers);
  if (whole && typeof whole === "object" && !Array.isArray(whole)) {
    for (const [key, answer] of Object.entries(whole)) if (!answers.has(key)) answers.set(key, answer);
  }
  return answers;
}

/**
 * An application body: multipart or url-encoded fields `answers[<key>]` (repeated for several choices,
 * files as files) or JSON `{intent, answers: {...}}`. Answers are kept in a Map so no key can reach an
 * object prototype. Read with every value of a repeated field kept (serve's `readAll`).
 */
export const applicationBodySchema = z.preprocess(
  (body) => {
    const fields = body as Record<string, unknown>;
    return { intent: fields.intent, answers: answersOf(fields), show_on_event_page: fields.show_on_event_page };
  },
  z.object({
    intent: z.preprocess(
      (v) => (Array.isArray(v) ? v[v.length - 1] : v === "" || v === null ? undefined : v),
      z.enum(["draft", "submit"], { error: "The selected intent is invalid." }).default("submit"),
    ),
    answers: z.instanceof(Map<string, unknown>),
    // A checkbox: sent ("1", "on", true) when ticked, absent when not.
    show_on_event_page: z.preprocess((v) => ticked(Array.isArray(v) ? v[v.length - 1] : v), z.boolean()),
  }),
);

/*
 * A form's responses: a member whose role reads no forms is told an existing form is forbidden and a missing
 * one not found, so these name only the account-wide permission and the handler checks the organization's.
 */
const readsResponses = { feature: "event response read" } as const;

export const applicationRoutes = apiPart("Applications", {
  applyToForm: apiRoute({
    method: "POST",
    path: "/api/v1/admin/event_forms/{id}/applications",
    summary:
      "Apply to a form, or save the caller's draft (intent draft): 201 when the application is made, 200 when the caller's draft is changed",
    access: "user",
    body: applicationBodySchema,
    answer: applicationSaved,
    status: [201, 200],
    refusals: [404],
  }),
  listMyApplications: apiRoute({
    method: "GET",
    path: "/api/v1/admin/event_applications",
    summary: "List the caller's own applications with their forms, newest first (filter by status)",
    access: "user",
    query: myApplicationsQuery,
    answer: pageOf(myApplication),
  }),
  showMyApplication: apiRoute({
    method: "GET",
    path: "/api/v1/admin/event_applications/{id}",
    summary: "Show one application: the caller's own, or a submitted one of a form their organization reads",
    access: "user",
    answer: z.object({ event_application: applicationView }),
    refusals: [404],
  }),
  applicationFile: apiRoute({
    method: "GET",
    path: "/api/v1/admin/event_applications/{id}/files/{fileId}",
    summary: "Download a document an application answers with, to those who may read the application",
    access: "user",
    answer: fileAnswer("*/*", "The uploaded document, as it was uploaded"),
    refusals: [404],
  }),
  cancelApplication: apiRoute({
    method: "PUT",
    path: "/api/v1/admin/event_applications/{id}/cancel_apply",
    summary: "Cancel the caller's application (its place goes to the waitlist), or discard their draft",
    access: "user",
    answer: z.object({ event_application: applicationView.nullable(), message: z.string() }),
    refusals: [404, 422],
  }),
  setApplicationStatus: apiRoute({
    method: "PUT",
    path: "/api/v1/admin/event_applications/{id}/status",
    summary: "Set a submitted application's review status (the applicant is told)",
    access: { feature: "event response write" },
    body: reviewStatusSchema,
    answer: applicationSaved,
    refusals: [404],
  }),
  listResponses: apiRoute({
    method: "GET",
    path: "/api/v1/admin/event_forms/{id}/responses",
    summary: "List a form's submitted applications with their review figures, the form, the door's counts and each reviewer's progress",
    access: readsResponses,
    query: responsesQuery,
    answer: responsesPage,
    refusals: [404],
  }),
  responsesCsv: apiRoute({
    method: "GET",
    path: "/api/v1/admin/event_forms/{id}/responses.csv",
    summary: "Download a form's responses as CSV, one column per question (and each reviewer's scores, for those who manage it)",
    access: readsResponses,
    query: responsesCsvQuery,
    answer: fileAnswer("text/csv", "The form's responses, one row each"),
    refusals: [404],
  }),
  showResponse: apiRoute({
    method: "GET",
    path: "/api/v1/admin/event_forms/{id}/responses/{applicationId}",
    summary: "Show one submitted application of a form, and the form it answers",
    access: readsResponses,
    answer: responseDetail,
    refusals: [404],
  }),
});

/** What the caller started and has not finished: application drafts, and event forms not yet published. */
import { messageAnswer, pageOf } from "./answers.ts";
import { listQuery } from "./list-query.ts";
import { apiPart, apiRoute } from "./route.ts";
import { draftView } from "../drafts.ts";

export const draftRoutes = apiPart("Drafts", {
  listDrafts: apiRoute({
    method: "GET",
    path: "/api/v1/admin/drafts",
    summary: "List the caller's drafts (applications they started, event forms not yet published), last changed first",
    access: "user",
    query: listQuery,
    answer: pageOf(draftView),
  }),
  // An event form's draft is deleted as the form is (DELETE /api/v1/admin/event_forms/{id}), with its own rules.
  discardApplicationDraft: apiRoute({
    method: "DELETE",
    path: "/api/v1/admin/drafts/applications/{id}",
    summary: "Discard one of the caller's application drafts, and the files it holds",
    access: "user",
    answer: messageAnswer,
    refusals: [404],
  }),
});

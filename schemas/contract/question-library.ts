/** The organization's question library: questions saved from one form to be added to others. */
import { listQuery } from "./list-query.ts";
import { messageAnswer, pageOf } from "./answers.ts";
import { apiPart, apiRoute } from "./route.ts";
import { savedQuestionSaved, savedQuestionSchema, savedQuestionView } from "../question-library.ts";

const access = { feature: "event form write", organization: "forms.manage" } as const;

export const questionLibraryRoutes = apiPart("Question library", {
  listSavedQuestions: apiRoute({
    method: "GET",
    path: "/api/v1/admin/question_library",
    summary: "List the organization's saved questions (search by label; sort by label or created_at)",
    access,
    query: listQuery,
    answer: pageOf(savedQuestionView),
  }),
  saveQuestion: apiRoute({
    method: "POST",
    path: "/api/v1/admin/question_library",
    summary: "Save a question to the library (its rule, if any, is left behind)",
    access,
    body: savedQuestionSchema,
    answer: savedQuestionSaved,
    status: 201,
  }),
  deleteSavedQuestion: apiRoute({
    method: "DELETE",
    path: "/api/v1/admin/question_library/{id}",
    summary: "Delete a saved question (forms it was added to keep their copy)",
    access,
    answer: messageAnswer,
    refusals: [404],
  }),
});

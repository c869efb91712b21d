import { Hono } from "hono";
import { questionLibraryRoutes as routes } from "#schemas/contract/question-library.ts";
import type { AppEnv } from "#api/context.ts";
import { serve } from "#api/lib/contract.ts";
import { pathId } from "#api/lib/ids.ts";
import { page } from "#api/lib/pagination.ts";
import { currentUser } from "../auth/middleware.ts";
import { SAVED_QUESTION_NOT_FOUND, deleteSavedQuestion, listSavedQuestions, saveQuestion } from "./service.ts";

/** The library is for those who build the organization's forms (forms.manage), in list and in writing. */
export const questionLibraryRoutes = new Hono<AppEnv>();

serve(questionLibraryRoutes, routes.listSavedQuestions, async (c, { query, organization }) => {
  const { total, data } = await listSavedQuestions(c.get("db"), organization.organizationId, query);
  return page(c.req.url, query, total, data);
});

serve(questionLibraryRoutes, routes.saveQuestion, async (c, { body, organization }) => {
  const saved_question = await saveQuestion(c.get("db"), organization.organizationId, currentUser(c).id, body);
  return { saved_question, message: "Question saved to the library." };
});

serve(questionLibraryRoutes, routes.deleteSavedQuestion, async (c, { params, organization }) => {
  await deleteSavedQuestion(c.get("db"), organization.organizationId, pathId(params.id, SAVED_QUESTION_NOT_FOUND));
  return { message: "Saved question deleted." };
});

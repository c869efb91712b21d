import { Hono } from "hono";
import { savedQuestionSchema, type SavedQuestionSaved } from "#schemas/question-library.ts";
import type { AppEnv } from "#api/context.ts";
import { readBody } from "#api/lib/body.ts";
import { pathId } from "#api/lib/ids.ts";
import { ownStartupId } from "#api/lib/owner.ts";
import { page, parseListQuery } from "#api/lib/pagination.ts";
import { validate } from "#api/lib/validation.ts";
import { authorize } from "../access/authorize.ts";
import { currentUser } from "../auth/middleware.ts";
import { SAVED_QUESTION_NOT_FOUND, deleteSavedQuestion, listSavedQuestions, saveQuestion } from "./service.ts";

/** The library is for those who build the organization's forms (forms.manage), in list and in writing. */
export const questionLibraryRoutes = new Hono<AppEnv>();

const BASE = "/api/v1/admin/question_library";

questionLibraryRoutes.get(BASE, authorize("event form write"), async (c) => {
  const organizationId = ownStartupId(c.get("user"), "forms.manage");
  const query = parseListQuery(c.req.url);
  const { total, data } = await listSavedQuestions(c.get("db"), organizationId, query);
  return c.json(page(c.req.url, query, total, data));
});

questionLibraryRoutes.post(BASE, authorize("event form write"), async (c) => {
  const organizationId = ownStartupId(c.get("user"), "forms.manage");
  const input = validate(savedQuestionSchema, await readBody(c));
  const saved_question = await saveQuestion(c.get("db"), organizationId, currentUser(c).id, input);
  const answer: SavedQuestionSaved = { saved_question, message: "Question saved to the library." };
  return c.json(answer, 201);
});

questionLibraryRoutes.delete(`${BASE}/:id`, authorize("event form write"), async (c) => {
  const organizationId = ownStartupId(c.get("user"), "forms.manage");
  await deleteSavedQuestion(c.get("db"), organizationId, pathId(c.req.param("id"), SAVED_QUESTION_NOT_FOUND));
  return c.json({ message: "Saved question deleted." });
});

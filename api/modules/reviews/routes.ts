import { Hono } from "hono";
import {
  assignmentSchema,
  commentSchema,
  decisionSchema,
  NOT_ASSIGNED,
  reviewSchema,
  rubricSchema,
  type CommentsView,
  type RubricView,
} from "#schemas/reviews.ts";
import type { AppEnv } from "#api/context.ts";
import { readBody } from "#api/lib/body.ts";
import { pathId } from "#api/lib/ids.ts";
import { organizationFor, organizationOrNotFound } from "#api/lib/owner.ts";
import { validate } from "#api/lib/validation.ts";
import { BroadcastQueue, publishAfterCommit } from "#api/realtime/broadcaster.ts";
import { authorize } from "../access/authorize.ts";
import { currentUser } from "../auth/middleware.ts";
import { EVENT_FORM_NOT_FOUND } from "../event-forms/service.ts";
import { APPLICATION_NOT_FOUND } from "../applications/messages.ts";
import { assignReviewers } from "./assign.ts";
import { addComment, listComments } from "./comments.ts";
import { declareConflict } from "./conflicts.ts";
import { decide } from "./decisions.ts";
import { saveReview } from "./review.ts";
import { getRubric, saveRubric } from "./rubric.ts";
import { reviewQueue } from "./queue.ts";
import { reviewReading } from "./reading.ts";
import { queueStateSchema, type ReviewQueuePage, type ReviewReading } from "#schemas/review-queue.ts";
import { parseListQuery } from "#api/lib/pagination.ts";

export const reviewRoutes = new Hono<AppEnv>();

const RUBRIC = "/api/v1/admin/event_forms/:id/rubric";
const formId = (value: string) => pathId(value, EVENT_FORM_NOT_FOUND);

reviewRoutes.get(RUBRIC, authorize("event response read"), async (c) => {
  const access = organizationFor(c.get("user"), "forms.read");
  const rubric: RubricView = await getRubric(c.get("db"), access, formId(c.req.param("id")));
  return c.json({ rubric });
});

reviewRoutes.put(RUBRIC, authorize("event form write"), async (c) => {
  const access = organizationFor(c.get("user"), "forms.manage");
  const id = formId(c.req.param("id"));
  const input = validate(rubricSchema, await readBody(c));
  const { id: userId, name } = currentUser(c);
  const rubric = await saveRubric(c.get("db"), access, { id: userId, name }, id, input);
  return c.json({ rubric, message: "Rubric saved." });
});

reviewRoutes.post("/api/v1/admin/event_forms/:id/review_assignments", authorize("event form write"), async (c) => {
  const access = organizationFor(c.get("user"), "forms.manage");
  const id = formId(c.req.param("id"));
  const input = validate(assignmentSchema, await readBody(c));
  const { id: userId, name } = currentUser(c);
  return c.json(await assignReviewers(c.get("db"), access, { id: userId, name }, id, input));
});

reviewRoutes.post("/api/v1/admin/event_applications/:id/conflict", authorize("event response read"), async (c) => {
  const access = organizationOrNotFound(c.get("user"), "forms.read", APPLICATION_NOT_FOUND);
  const id = pathId(c.req.param("id"), APPLICATION_NOT_FOUND);
  const { id: userId, name } = currentUser(c);
  await declareConflict(c.get("db"), access, { id: userId, name }, id);
  return c.json({ message: "Conflict declared: this application will not be yours to review." });
});

reviewRoutes.put("/api/v1/admin/event_applications/:id/review", authorize("event response read"), async (c) => {
  const access = organizationOrNotFound(c.get("user"), "forms.read", NOT_ASSIGNED);
  const id = pathId(c.req.param("id"), APPLICATION_NOT_FOUND);
  const input = validate(reviewSchema, await readBody(c));
  const { id: userId, name } = currentUser(c);
  return c.json({ review: await saveReview(c.get("db"), access, { id: userId, name }, id, input) });
});

reviewRoutes.post("/api/v1/admin/event_forms/:id/decisions", authorize("event response write"), async (c) => {
  const id = formId(c.req.param("id"));
  const input = validate(decisionSchema, await readBody(c));
  const queue = new BroadcastQueue();
  const decided = await decide(c.get("db"), currentUser(c), id, input, queue);
  await publishAfterCommit(c.get("broadcaster"), queue.messages);
  return c.json(decided);
});

const COMMENTS = "/api/v1/admin/event_applications/:id/comments";

reviewRoutes.get(COMMENTS, authorize("event response read"), async (c) => {
  const comments: CommentsView = await listComments(c.get("db"), currentUser(c), pathId(c.req.param("id"), APPLICATION_NOT_FOUND));
  return c.json(comments);
});

reviewRoutes.post(COMMENTS, authorize("event response read"), async (c) => {
  const id = pathId(c.req.param("id"), APPLICATION_NOT_FOUND);
  const { body } = validate(commentSchema, await readBody(c));
  const queue = new BroadcastQueue();
  const commentId = await addComment(c.get("db"), currentUser(c), id, body, queue);
  await publishAfterCommit(c.get("broadcaster"), queue.messages);
  return c.json({ id: commentId, message: "Comment added." }, 201);
});

// ---- the reviewer's side: their queue and the scoring screen ------------------------------------

reviewRoutes.get("/api/v1/admin/reviews", authorize("event response read"), async (c) => {
  const access = organizationFor(c.get("user"), "forms.read");
  const state = queueStateSchema.parse(c.req.query("state"));
  const answer: ReviewQueuePage = await reviewQueue(c.get("db"), currentUser(c), access, state, parseListQuery(c.req.url), c.req.url);
  return c.json(answer);
});

reviewRoutes.get("/api/v1/admin/event_applications/:id/review", authorize("event response read"), async (c) => {
  const access = organizationOrNotFound(c.get("user"), "forms.read", NOT_ASSIGNED);
  const id = pathId(c.req.param("id"), APPLICATION_NOT_FOUND);
  const answer: ReviewReading = await reviewReading(c.get("db"), currentUser(c), access, id);
  return c.json(answer);
});

import { Hono } from "hono";
import { reviewRoutes as routes } from "#schemas/contract/reviews.ts";
import { NOT_ASSIGNED } from "#schemas/reviews.ts";
import type { AppEnv } from "#api/context.ts";
import { serve } from "#api/lib/contract.ts";
import { pathId } from "#api/lib/ids.ts";
import { organizationOrNotFound } from "#api/lib/owner.ts";
import { BroadcastQueue, publishAfterCommit } from "#api/realtime/broadcaster.ts";
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

export const reviewRoutes = new Hono<AppEnv>();

const formId = (value: string) => pathId(value, EVENT_FORM_NOT_FOUND);
const applicationId = (value: string) => pathId(value, APPLICATION_NOT_FOUND);

serve(reviewRoutes, routes.getRubric, async (c, { params, organization }) => ({
  rubric: await getRubric(c.get("db"), organization, formId(params.id)),
}));

serve(reviewRoutes, routes.saveRubric, async (c, { params, body, organization }) => {
  const { id, name } = currentUser(c);
  const rubric = await saveRubric(c.get("db"), organization, { id, name }, formId(params.id), body);
  return { rubric, message: "Rubric saved." };
});

serve(reviewRoutes, routes.assignReviewers, async (c, { params, body, organization }) => {
  const { id, name } = currentUser(c);
  return assignReviewers(c.get("db"), organization, { id, name }, formId(params.id), body);
});

// An application's review, conflict and comments: a member whose role reads no forms is told the
// application is not there (the contract names only the account-wide permission for these).

serve(reviewRoutes, routes.declareConflict, async (c, { params }) => {
  const access = organizationOrNotFound(c.get("user"), "forms.read", APPLICATION_NOT_FOUND);
  const { id, name } = currentUser(c);
  await declareConflict(c.get("db"), access, { id, name }, applicationId(params.id));
  return { message: "Conflict declared: this application will not be yours to review." };
});

serve(reviewRoutes, routes.saveReview, async (c, { params, body }) => {
  const access = organizationOrNotFound(c.get("user"), "forms.read", NOT_ASSIGNED);
  const { id, name } = currentUser(c);
  return { review: await saveReview(c.get("db"), access, { id, name }, applicationId(params.id), body) };
});

serve(reviewRoutes, routes.decideApplications, async (c, { params, body, organization }) => {
  const queue = new BroadcastQueue();
  const decided = await decide(c.get("db"), currentUser(c), organization, formId(params.id), body, queue);
  await publishAfterCommit(c.get("broadcaster"), queue.messages);
  return decided;
});

serve(reviewRoutes, routes.listComments, async (c, { params }) => listComments(c.get("db"), currentUser(c), applicationId(params.id)));

serve(reviewRoutes, routes.addComment, async (c, { params, body }) => {
  const queue = new BroadcastQueue();
  const id = await addComment(c.get("db"), currentUser(c), applicationId(params.id), body.body, queue);
  await publishAfterCommit(c.get("broadcaster"), queue.messages);
  return { id, message: "Comment added." };
});

// ---- the reviewer's side: their queue and the scoring screen ------------------------------------

serve(reviewRoutes, routes.reviewQueue, async (c, { query, organization }) =>
  reviewQueue(c.get("db"), currentUser(c), organization, query.state, query, c.req.url),
);

serve(reviewRoutes, routes.readReview, async (c, { params }) => {
  const access = organizationOrNotFound(c.get("user"), "forms.read", NOT_ASSIGNED);
  return reviewReading(c.get("db"), currentUser(c), access, applicationId(params.id));
});

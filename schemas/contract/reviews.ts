/**
 * Reviewing applications together: a form's rubric and who reviews it, the reviewer's queue and scoring, the
 * team's comments on an application, and the committee's decisions in bulk.
 */
import { z } from "zod";
import { messageAnswer } from "./answers.ts";
import { apiPart, apiRoute } from "./route.ts";
import { queueQuery, reviewQueuePage, reviewReading } from "../review-queue.ts";
import {
  assignmentSchema,
  commentAdded,
  commentSchema,
  commentsView,
  decisionSchema,
  decisionsView,
  reviewAssignmentsView,
  reviewSchema,
  reviewView,
  rubricSchema,
  rubricView,
} from "../reviews.ts";

const readsResponses = { feature: "event response read", organization: "forms.read" } as const;
const managesForm = { feature: "event form write", organization: "forms.manage" } as const;
/*
 * One application: a member whose role reads no forms is told it is not there (404) rather than refused, so
 * these name only the account-wide permission and the handler checks the organization's.
 */
const readsApplication = { feature: "event response read" } as const;

export const reviewRoutes = apiPart("Reviews", {
  getRubric: apiRoute({
    method: "GET",
    path: "/api/v1/admin/event_forms/{id}/rubric",
    summary: "Read a form's rubric: its criteria, blind review, reviewers per application and who may review",
    access: readsResponses,
    answer: z.object({ rubric: rubricView }),
    refusals: [404],
  }),
  saveRubric: apiRoute({
    method: "PUT",
    path: "/api/v1/admin/event_forms/{id}/rubric",
    summary: "Replace a form's rubric (a criterion already scored keeps its scale and cannot be removed)",
    access: managesForm,
    body: rubricSchema,
    answer: z.object({ rubric: rubricView, message: z.string() }),
    refusals: [404],
  }),
  assignReviewers: apiRoute({
    method: "POST",
    path: "/api/v1/admin/event_forms/{id}/review_assignments",
    summary: "Give a form's applications out to reviewers (everyone, or a number each by least load)",
    access: managesForm,
    body: assignmentSchema,
    answer: reviewAssignmentsView,
    refusals: [404],
  }),
  decideApplications: apiRoute({
    method: "POST",
    path: "/api/v1/admin/event_forms/{id}/decisions",
    summary: "Accept, waitlist or reject a form's chosen applications at once, or preview what would change",
    access: { feature: "event response write", organization: "forms.manage" },
    body: decisionSchema,
    answer: decisionsView,
    refusals: [404],
  }),
  reviewQueue: apiRoute({
    method: "GET",
    path: "/api/v1/admin/reviews",
    summary: "List the caller's review queue (to do or done), with their progress by form",
    access: readsResponses,
    query: queueQuery,
    answer: reviewQueuePage,
  }),
  readReview: apiRoute({
    method: "GET",
    path: "/api/v1/admin/event_applications/{id}/review",
    summary: "Read what the scoring screen shows: the rubric, the caller's review, their queue around it and the others' reviews",
    access: readsApplication,
    answer: reviewReading,
    refusals: [404],
  }),
  saveReview: apiRoute({
    method: "PUT",
    path: "/api/v1/admin/event_applications/{id}/review",
    summary: "Save the caller's review of an application given to them, as a draft or submitted",
    access: readsApplication,
    body: reviewSchema,
    answer: z.object({ review: reviewView }),
    refusals: [404, 409],
  }),
  declareConflict: apiRoute({
    method: "POST",
    path: "/api/v1/admin/event_applications/{id}/conflict",
    summary: "Declare a conflict: the application is never the caller's to review, and goes to another reviewer",
    access: readsApplication,
    answer: messageAnswer,
    refusals: [404],
  }),
  listComments: apiRoute({
    method: "GET",
    path: "/api/v1/admin/event_applications/{id}/comments",
    summary: "List the team's comments on an application and the members a comment may mention",
    access: readsApplication,
    answer: commentsView,
    refusals: [404],
  }),
  addComment: apiRoute({
    method: "POST",
    path: "/api/v1/admin/event_applications/{id}/comments",
    summary: "Comment on an application (@Name tells that member of the team)",
    access: readsApplication,
    body: commentSchema,
    answer: commentAdded,
    status: 201,
    refusals: [404],
  }),
});

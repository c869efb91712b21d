import { Hono, type MiddlewareHandler } from "hono";
import { applicationRoutes as routes } from "#schemas/contract/applications.ts";
import { siteEventRoutes } from "#schemas/contract/site-events.ts";
import { roleAllows } from "#schemas/organization-roles.ts";
import { BLIND_SEARCH, REVIEW_SORTS, SCORES_FOR_MANAGERS } from "#schemas/reviews.ts";
import type { AppEnv } from "#api/context.ts";
import { serve, withStatus } from "#api/lib/contract.ts";
import { csvResponse } from "#api/lib/csv.ts";
import { fieldError, forbidden } from "#api/lib/errors.ts";
import { pathId } from "#api/lib/ids.ts";
import { orderAsked, page } from "#api/lib/pagination.ts";
import { BroadcastQueue, publishAfterCommit } from "#api/realtime/broadcaster.ts";
import { currentUser } from "../auth/middleware.ts";
import { doorCounts } from "../check-ins/service.ts";
import { fileResponse } from "../files/service.ts";
import { apply } from "./applying.ts";
import { asCallerReads, BLIND_CSV, formReadBlind } from "./blind.ts";
import { listEvents, siteEventForm } from "./discovery.ts";
import { APPLICATION_NOT_FOUND, FORM_NOT_FOUND } from "./messages.ts";
import { applicationFile, cancelApplication, getApplication, listMyApplications } from "./my-applications.ts";
import { responsesFormResource } from "./views.ts";
import {
  getResponse,
  listResponses,
  listResponsesByReview,
  managedFormOr403,
  ordersByReview,
  responsesCsv,
  setApplicationStatus,
  type ReviewOrder,
} from "./responses.ts";
import { formReviews, reviewColumns, reviewerProgress, visibleFigures } from "./review-figures.ts";

export const applicationRoutes = new Hono<AppEnv>();

/** Path ids: anything that cannot name a row is the resource's own 404. */
const formId = (value: string | undefined) => pathId(value, FORM_NOT_FOUND);
const applicationId = (value: string | undefined) => pathId(value, APPLICATION_NOT_FOUND);

// ---- discovery and the public form --------------------------------------------------------------

serve(applicationRoutes, siteEventRoutes.listSiteEvents, async (c, { query: asked }) => {
  const query = { ...asked, sort_order: orderAsked(c.req.url) ?? ("asc" as const) };
  const { total, data } = await listEvents(c.get("db"), currentUser(c), query);
  return page(c.req.url, query, total, data);
});

serve(applicationRoutes, siteEventRoutes.showSiteEventForm, async (c, { params }) =>
  siteEventForm(c.get("db"), currentUser(c), formId(params.id)),
);

// ---- the applicant -----------------------------------------------------------------------------

/** An id that cannot name a form is "not found" before the application's body is read. */
const formIdFirst: MiddlewareHandler<AppEnv> = async (c, next) => {
  formId(c.req.param("id"));
  await next();
};

serve(
  applicationRoutes,
  routes.applyToForm,
  async (c, { params, body: { intent, answers, show_on_event_page } }) => {
    const queue = new BroadcastQueue();
    const input = { intent, answers, showOnEventPage: show_on_event_page };
    const { application, created } = await apply(c.get("db"), currentUser(c), formId(params.id), input, queue);
    await publishAfterCommit(c.get("broadcaster"), queue.messages);
    const message =
      intent === "draft" ? "Draft saved." : application.status === "waitlisted" ? "You are on the waitlist." : "Application submitted.";
    return withStatus(created ? 201 : 200, { event_application: application, message });
  },
  { before: [formIdFirst], readAll: true },
);

serve(applicationRoutes, routes.listMyApplications, async (c, { query }) => {
  const list = { ...query, sort_order: orderAsked(c.req.url) ?? ("desc" as const) };
  const { total, data } = await listMyApplications(c.get("db"), currentUser(c).id, list);
  return page(c.req.url, list, total, data);
});

serve(applicationRoutes, routes.showMyApplication, async (c, { params }) => ({
  event_application: await getApplication(c.get("db"), currentUser(c), applicationId(params.id)),
}));

serve(applicationRoutes, routes.applicationFile, async (c, { params }) => {
  const id = applicationId(params.id);
  const file = await applicationFile(c.get("db"), currentUser(c), id, params.fileId, c.req.method === "HEAD");
  return fileResponse(file, `application-${id}-${params.fileId.slice(0, 8)}`);
});

serve(applicationRoutes, routes.cancelApplication, async (c, { params }) => {
  const id = applicationId(params.id);
  const queue = new BroadcastQueue();
  const application = await cancelApplication(c.get("db"), currentUser(c).id, id, queue);
  await publishAfterCommit(c.get("broadcaster"), queue.messages);
  return { event_application: application, message: application ? "Application cancelled." : "Draft discarded." };
});

// ---- the form's owner --------------------------------------------------------------------------

/** An id that cannot name an application is "not found" before the status asked for is read. */
const applicationIdFirst: MiddlewareHandler<AppEnv> = async (c, next) => {
  applicationId(c.req.param("id"));
  await next();
};

serve(
  applicationRoutes,
  routes.setApplicationStatus,
  async (c, { params, body: { status } }) => {
    const queue = new BroadcastQueue();
    const application = await setApplicationStatus(c.get("db"), currentUser(c), applicationId(params.id), status, queue);
    await publishAfterCommit(c.get("broadcaster"), queue.messages);
    return { event_application: application, message: "Status updated." };
  },
  { before: [applicationIdFirst] },
);

serve(applicationRoutes, routes.listResponses, async (c, { params, query }) => {
  const db = c.get("db");
  const user = currentUser(c);
  const form = await managedFormOr403(db, user, formId(params.id));
  const list = { ...query, sort_order: orderAsked(c.req.url) ?? ("desc" as const) };
  const order: ReviewOrder = {
    sortBy: REVIEW_SORTS.find((sort) => sort === query.sort_by),
    discuss: query.flag === "discuss",
    reviewed: query.reviewed,
  };
  const manages = roleAllows(user.organizationRole, "forms.manage");
  if (ordersByReview(order) && !manages) throw forbidden(SCORES_FOR_MANAGERS);
  // A count of names matching would tell a blind reviewer who applied.
  if (list.search && (await formReadBlind(db, user, form.id))) throw fieldError("search", BLIND_SEARCH);
  const all = await formReviews(db, form.id);
  const { total, data } = ordersByReview(order)
    ? await listResponsesByReview(db, form, list, order, all.figures)
    : await listResponses(db, form, list);
  const { applications, formBlind, hidden } = await asCallerReads(db, user, form.id, data);
  const figures = await visibleFigures(
    db,
    { id: user.id, manages },
    applications.map((a) => a.id),
    all,
  );
  const progress = manages ? await reviewerProgress(db, form.id) : { reviewers: [], withoutReviewer: 0 };
  return {
    ...page(
      c.req.url,
      list,
      total,
      applications.map((a) => ({ ...a, review: figures.get(a.id) ?? null })),
    ),
    event_form: responsesFormResource(form),
    check_ins: await doorCounts(db, form.id),
    blind: formBlind,
    hidden_questions: hidden,
    reviewers: progress.reviewers,
    without_reviewer: progress.withoutReviewer,
    discuss_threshold: all.threshold,
  };
});

serve(applicationRoutes, routes.responsesCsv, async (c, { params, query }) => {
  const db = c.get("db");
  const form = await managedFormOr403(db, currentUser(c), formId(params.id));
  if (await formReadBlind(db, currentUser(c), form.id)) throw forbidden(BLIND_CSV);
  // Each reviewer's scores are for those who manage the form, as the list's figures are.
  const review = roleAllows(currentUser(c).organizationRole, "forms.manage")
    ? await reviewColumns(db, await formReviews(db, form.id))
    : undefined;
  return csvResponse(responsesCsv(db, form, query, review), `responses-${form.id}.csv`);
});

serve(applicationRoutes, routes.showResponse, async (c, { params }) => {
  const db = c.get("db");
  const form = await managedFormOr403(db, currentUser(c), formId(params.id));
  const found = await getResponse(db, form, applicationId(params.applicationId));
  const { applications, blind, hidden } = await asCallerReads(db, currentUser(c), form.id, [found]);
  return {
    event_application: applications[0],
    event_form: responsesFormResource(form),
    blind: blind.has(found.id),
    hidden_questions: blind.has(found.id) ? hidden : [],
  };
});

/** The organization's outgoing webhooks: its endpoints, their deliveries, a redelivery and a test event. */
import { z } from "zod";
import { listQuery } from "./list-query.ts";
import { messageAnswer, pageOf } from "./answers.ts";
import { apiPart, apiRoute } from "./route.ts";
import {
  webhookCreateSchema,
  webhookDeliveryQueued,
  webhookDeliveryView,
  webhookSaved,
  webhookUpdateSchema,
  webhookView,
} from "../webhooks.ts";

/** Owners and admins: those who manage the team manage what the organization tells other systems. */
const access = { organization: "team.manage" } as const;

export const webhookRoutes = apiPart("Webhooks", {
  listWebhooks: apiRoute({
    method: "GET",
    path: "/api/v1/admin/webhooks",
    summary: "List the organization's webhook endpoints, newest first",
    access,
    query: listQuery,
    answer: pageOf(webhookView),
  }),
  createWebhook: apiRoute({
    method: "POST",
    path: "/api/v1/admin/webhooks",
    summary: "Add a webhook endpoint (an https URL that resolves to public addresses); answers its whsec_ secret, once",
    access,
    body: webhookCreateSchema,
    answer: webhookSaved,
    status: 201,
  }),
  showWebhook: apiRoute({
    method: "GET",
    path: "/api/v1/admin/webhooks/{id}",
    summary: "Show one webhook endpoint (never its secret)",
    access,
    answer: z.object({ webhook: webhookView }),
    refusals: [404],
  }),
  updateWebhook: apiRoute({
    method: "PUT",
    path: "/api/v1/admin/webhooks/{id}",
    summary:
      "Change an endpoint's URL, kinds or description, turn it on or off, or rotate its secret (the new one answered once, the old one valid 24 hours more)",
    access,
    body: webhookUpdateSchema,
    answer: webhookSaved,
    refusals: [404],
  }),
  deleteWebhook: apiRoute({
    method: "DELETE",
    path: "/api/v1/admin/webhooks/{id}",
    summary: "Delete an endpoint and its deliveries",
    access,
    answer: messageAnswer,
    refusals: [404],
  }),
  listWebhookDeliveries: apiRoute({
    method: "GET",
    path: "/api/v1/admin/webhooks/{id}/deliveries",
    summary: "An endpoint's deliveries, newest first: state, tries, status code, duration, request and answer bodies (cut at 8 KB)",
    access,
    query: listQuery,
    answer: pageOf(webhookDeliveryView),
    refusals: [404],
  }),
  redeliverWebhook: apiRoute({
    method: "POST",
    path: "/api/v1/admin/webhook_deliveries/{id}/redeliver",
    summary: "Send a delivery again (same message id), now",
    access,
    answer: webhookDeliveryQueued,
    status: 202,
    refusals: [404, 429],
  }),
  testWebhook: apiRoute({
    method: "POST",
    path: "/api/v1/admin/webhooks/{id}/test",
    summary: "Send a test event (type webhook.test) to the endpoint, now",
    access,
    answer: webhookDeliveryQueued,
    status: 202,
    refusals: [404, 429],
  }),
});

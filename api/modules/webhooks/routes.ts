import { Hono, type Context } from "hono";
import { WEBHOOK_DELIVERY_NOT_FOUND, WEBHOOK_NOT_FOUND } from "#schemas/webhooks.ts";
import { webhookRoutes as routes } from "#schemas/contract/webhooks.ts";
import type { AppEnv } from "#api/context.ts";
import { serve } from "#api/lib/contract.ts";
import { pathId } from "#api/lib/ids.ts";
import { limits } from "#api/lib/limits.ts";
import { hit } from "#api/lib/rate-limit.ts";
import { page } from "#api/lib/pagination.ts";
import { listDeliveries, redeliver, sendTestEvent } from "./deliveries.ts";
import { createWebhook, deleteWebhook, listWebhooks, ownEndpoint, updateWebhook, webhookView } from "./endpoints.ts";
import { currentUser } from "../auth/middleware.ts";
import { actorOf } from "../organizations/team-access.ts";

/** The organization's webhooks, for its owners and admins; every query is kept to the caller's organization. */
export const webhookRoutes = new Hono<AppEnv>();

const webhookId = (value: string | undefined) => pathId(value, WEBHOOK_NOT_FOUND);
const allowPrivate = (c: Context<AppEnv>) => c.get("config").webhooks.allowPrivate;

serve(webhookRoutes, routes.listWebhooks, async (c, { query, organization }) => {
  const { total, data } = await listWebhooks(c.get("db"), organization.organizationId, query);
  return page(c.req.url, query, total, data);
});

serve(webhookRoutes, routes.createWebhook, async (c, { body, organization }) => {
  const saved = await createWebhook(c.get("db"), organization.organizationId, actorOf(currentUser(c)), body, allowPrivate(c));
  return { ...saved, message: "Webhook added. Copy its secret now: it is not shown again." };
});

serve(webhookRoutes, routes.showWebhook, async (c, { params, organization }) => ({
  webhook: webhookView(await ownEndpoint(c.get("db"), organization.organizationId, webhookId(params.id))),
}));

serve(webhookRoutes, routes.updateWebhook, async (c, { params, body, organization }) => {
  const { webhook, secret } = await updateWebhook(
    c.get("db"),
    organization.organizationId,
    actorOf(currentUser(c)),
    webhookId(params.id),
    body,
    allowPrivate(c),
  );
  return secret
    ? { webhook, secret, message: "Secret rotated. Copy the new one now; the old one signs for 24 hours more." }
    : { webhook, message: "Webhook updated." };
});

serve(webhookRoutes, routes.deleteWebhook, async (c, { params, organization }) => {
  await deleteWebhook(c.get("db"), organization.organizationId, actorOf(currentUser(c)), webhookId(params.id));
  return { message: "Webhook deleted." };
});

serve(webhookRoutes, routes.listWebhookDeliveries, async (c, { params, query, organization }) => {
  const { total, data } = await listDeliveries(c.get("db"), organization.organizationId, webhookId(params.id), query);
  return page(c.req.url, query, total, data);
});

serve(webhookRoutes, routes.redeliverWebhook, async (c, { params, organization }) => {
  await hit(c.get("db"), limits(c.get("config")).webhookSend, organization.organizationId);
  const delivery = await redeliver(c.get("db"), organization.organizationId, pathId(params.id, WEBHOOK_DELIVERY_NOT_FOUND));
  return { delivery, message: "Delivery queued again." };
});

serve(webhookRoutes, routes.testWebhook, async (c, { params, organization }) => {
  await hit(c.get("db"), limits(c.get("config")).webhookSend, organization.organizationId);
  const delivery = await sendTestEvent(c.get("db"), organization.organizationId, webhookId(params.id));
  return { delivery, message: "Test event queued." };
});

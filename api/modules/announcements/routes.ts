/**
 * An event's announcements, for its owner (another organization's form is a 404): the history with each
 * audience's size now, sending one (422 nobody in the audience; 429 past the limit), and who one went to.
 */
import { Hono, type Context, type MiddlewareHandler } from "hono";
import { announcementRoutes as routes } from "#schemas/contract/announcements.ts";
import type { AppEnv } from "#api/context.ts";
import { serve } from "#api/lib/contract.ts";
import { pathId } from "#api/lib/ids.ts";
import { limits } from "#api/lib/limits.ts";
import { page } from "#api/lib/pagination.ts";
import { BroadcastQueue, publishAfterCommit } from "#api/realtime/broadcaster.ts";
import { organizationFor, type OrganizationAccess } from "#api/lib/owner.ts";
import { currentUser } from "../auth/middleware.ts";
import { EVENT_FORM_NOT_FOUND, managedFormOr404 } from "../event-forms/service.ts";
import { ANNOUNCEMENT_NOT_FOUND, announcementRecipients, audienceSizes, listAnnouncements, sendAnnouncement } from "./service.ts";

export const announcementRoutes = new Hono<AppEnv>();

const formOf = (c: Context<AppEnv>, organization: OrganizationAccess, id: string | undefined) =>
  managedFormOr404(c.get("db"), organization, pathId(id, EVENT_FORM_NOT_FOUND));

/** Another organization's form is "not found" before the announcement is looked at (before the body is read). */
const formFound: MiddlewareHandler<AppEnv> = async (c, next) => {
  await formOf(c, organizationFor(currentUser(c), "forms.manage"), c.req.param("id"));
  await next();
};

serve(announcementRoutes, routes.listAnnouncements, async (c, { params, query, organization }) => {
  const form = await formOf(c, organization, params.id);
  const [{ total, data }, audience_sizes] = await Promise.all([
    listAnnouncements(c.get("db"), form.id, query),
    audienceSizes(c.get("db"), form.id),
  ]);
  return { ...page(c.req.url, query, total, data), event_form: { id: form.id, title: form.title }, audience_sizes };
});

serve(
  announcementRoutes,
  routes.sendAnnouncement,
  async (c, { params, body, organization }) => {
    const form = await formOf(c, organization, params.id);
    const queue = new BroadcastQueue();
    const announcement = await sendAnnouncement(c.get("db"), currentUser(c), form, body, queue, limits(c.get("config")).announcement);
    await publishAfterCommit(c.get("broadcaster"), queue.messages);
    return { announcement };
  },
  { before: [formFound] },
);

serve(announcementRoutes, routes.announcementRecipients, async (c, { params, query, organization }) => {
  const form = await formOf(c, organization, params.id);
  const id = pathId(params.announcementId, ANNOUNCEMENT_NOT_FOUND);
  const { total, data } = await announcementRecipients(c.get("db"), form.id, id, query);
  return page(c.req.url, query, total, data);
});

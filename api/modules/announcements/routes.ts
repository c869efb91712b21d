/**
 * An event's announcements, for its owner (permission "event response write"; another startup's form is a 404):
 *   GET  /api/v1/admin/event_forms/{id}/announcements                      the history, newest first, and each audience's size now
 *   POST /api/v1/admin/event_forms/{id}/announcements {audience, subject, message}
 *                                                                           sends it: 201; 422 nobody in the audience; 429 past the limit
 *   GET  /api/v1/admin/event_forms/{id}/announcements/{announcementId}/recipients   who it went to
 */
import { Hono, type Context } from "hono";
import {
  announcementSchema,
  type AnnouncementPage,
  type AnnouncementRecipientPage,
  type AnnouncementSent,
} from "#schemas/announcements.ts";
import type { AppEnv } from "#api/context.ts";
import { readBody } from "#api/lib/body.ts";
import { pathId } from "#api/lib/ids.ts";
import { limits } from "#api/lib/limits.ts";
import { page, parseListQuery } from "#api/lib/pagination.ts";
import { validate } from "#api/lib/validation.ts";
import { BroadcastQueue, publishAfterCommit } from "#api/realtime/broadcaster.ts";
import { organizationFor } from "#api/lib/owner.ts";
import { authorize } from "../access/authorize.ts";
import { currentUser } from "../auth/middleware.ts";
import { EVENT_FORM_NOT_FOUND, managedFormOr404 } from "../event-forms/service.ts";
import { ANNOUNCEMENT_NOT_FOUND, announcementRecipients, audienceSizes, listAnnouncements, sendAnnouncement } from "./service.ts";

export const announcementRoutes = new Hono<AppEnv>();

const BASE = "/api/v1/admin/event_forms/:id/announcements";
const formOf = (c: Context<AppEnv>) =>
  managedFormOr404(c.get("db"), organizationFor(currentUser(c), "forms.manage"), pathId(c.req.param("id"), EVENT_FORM_NOT_FOUND));

announcementRoutes.get(BASE, authorize("event response write"), async (c) => {
  const form = await formOf(c);
  const query = parseListQuery(c.req.url);
  const [{ total, data }, audience_sizes] = await Promise.all([
    listAnnouncements(c.get("db"), form.id, query),
    audienceSizes(c.get("db"), form.id),
  ]);
  const answer: AnnouncementPage = {
    ...page(c.req.url, query, total, data),
    event_form: { id: form.id, title: form.title },
    audience_sizes,
  };
  return c.json(answer);
});

announcementRoutes.post(BASE, authorize("event response write"), async (c) => {
  const form = await formOf(c);
  const input = validate(announcementSchema, await readBody(c));
  const queue = new BroadcastQueue();
  const announcement = await sendAnnouncement(c.get("db"), currentUser(c), form, input, queue, limits(c.get("config")).announcement);
  await publishAfterCommit(c.get("broadcaster"), queue.messages);
  const answer: AnnouncementSent = { announcement };
  return c.json(answer, 201);
});

announcementRoutes.get(`${BASE}/:announcementId/recipients`, authorize("event response write"), async (c) => {
  const form = await formOf(c);
  const id = pathId(c.req.param("announcementId"), ANNOUNCEMENT_NOT_FOUND);
  const query = parseListQuery(c.req.url);
  const { total, data } = await announcementRecipients(c.get("db"), form.id, id, query);
  const answer: AnnouncementRecipientPage = page(c.req.url, query, total, data);
  return c.json(answer);
});

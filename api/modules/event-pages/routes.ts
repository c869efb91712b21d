/**
 * An event's public page, answered to anyone (no account, no session needed):
 *   GET /api/v1/public/events/{slug}                the event (EventPageView); 404 "Event Form not found" for drafts and unknown slugs
 *   GET /api/v1/public/events/{slug}/calendar.ics   the event as a calendar file (RFC 5545); the join link only for
 *                                                   a logged-in caller whose application is accepted
 */
import { Hono } from "hono";
import type { AppEnv } from "#api/context.ts";
import { linkedAppUrl } from "#api/lib/app-links.ts";
import { applicationOf } from "../applications/queries.ts";
import { calendarOf } from "../notification-mail/event-mail.ts";
import { publicEventUrl } from "./links.ts";
import { eventPage, publicEvent } from "./service.ts";

export const eventPageRoutes = new Hono<AppEnv>();

eventPageRoutes.get("/api/v1/public/events/:slug", async (c) => c.json({ event: await eventPage(c.var.db, c.req.param("slug")) }));

eventPageRoutes.get("/api/v1/public/events/:slug/calendar.ics", async (c) => {
  const { form } = await publicEvent(c.var.db, c.req.param("slug"));
  const user = c.var.user;
  const status = user ? ((await applicationOf(c.var.db, form.id, user.id))?.status ?? null) : null;
  const file = calendarOf(linkedAppUrl(), form, status, publicEventUrl(form));
  return c.body(file.content, 200, {
    "Content-Type": "text/calendar; charset=utf-8",
    "Content-Disposition": `attachment; filename="event-${form.id}.ics"`,
  });
});

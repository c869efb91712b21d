import { changesOnly } from "#api/lib/answer-caches.ts";
/**
 * The door of an event, for its owner (permission "event response write"; another startup's form is a 404):
 *   GET    /api/v1/admin/event_forms/{id}/check_ins          the event's tickets (search, page) and the door's figures
 *   POST   /api/v1/admin/event_forms/{id}/check_ins {code}   a scanned QR code or a typed code: 201 checked in; 409 already
 *                                                            (when, by whom), cancelled or another event; 404 no such ticket;
 *                                                            429 past the member's scans per window (CHECK_IN_MAX_PER_MEMBER)
 *   DELETE /api/v1/admin/event_forms/{id}/check_ins/{code}   takes a check-in back
 * Both tell the event's channel (CheckInsChanged), except the socket named by `X-Socket-ID`: the door that
 * scanned has its answer already, and would otherwise load its page twice.
 */
import { Hono, type Context } from "hono";
import { z } from "zod";
import type { CheckInPage } from "#schemas/check-ins.ts";
import type { AppEnv } from "#api/context.ts";
import { readBody } from "#api/lib/body.ts";
import { pathId } from "#api/lib/ids.ts";
import { limits } from "#api/lib/limits.ts";
import { page, parseListQuery } from "#api/lib/pagination.ts";
import { validate } from "#api/lib/validation.ts";
import { BroadcastQueue, publishAfterCommit, senderSocket } from "#api/realtime/broadcaster.ts";
import { organizationFor } from "#api/lib/owner.ts";
import { authorize } from "../access/authorize.ts";
import { currentUser } from "../auth/middleware.ts";
import { EVENT_FORM_NOT_FOUND, managedFormOr404 } from "../event-forms/service.ts";
import { checkIn, doorCounts, listTickets, undoCheckIn } from "./service.ts";

export const checkInRoutes = new Hono<AppEnv>();

const formOf = (c: Context<AppEnv>) =>
  managedFormOr404(c.get("db"), organizationFor(currentUser(c), "check_in"), pathId(c.req.param("id"), EVENT_FORM_NOT_FOUND));

const scanSchema = z.object({
  code: z.string({ error: "The code field is required." }).trim().min(1, "The code field is required.").max(200, "The code is too long."),
});

checkInRoutes.get("/api/v1/admin/event_forms/:id/check_ins", authorize("event response write"), async (c) => {
  const form = await formOf(c);
  const query = parseListQuery(c.req.url);
  const [{ total, data }, counts] = await Promise.all([
    listTickets(c.get("db"), currentUser(c), form, query),
    doorCounts(c.get("db"), form.id),
  ]);
  const answer: CheckInPage = {
    ...page(c.req.url, query, total, data),
    counts,
    event_form: {
      id: form.id,
      title: form.title,
      starts_at: form.startsAt.toISOString(),
      ends_at: form.endsAt.toISOString(),
      timezone: form.timezone,
    },
  };
  return c.json(answer);
});

/*
 * The scan looks its event up with the ticket, and takes its place on the member's limit in that same statement
 * (service.ts): the door's busiest call makes two queries fewer. Every scan counts on the member's limit,
 * whatever it finds, so codes cannot be tried by the hundred.
 */
checkInRoutes.post("/api/v1/admin/event_forms/:id/check_ins", authorize("event response write"), async (c) => {
  // Said before anything can refuse the scan: a malformed code or one past the limit changes nothing a cache keeps
  // either, and a flood of guesses must not empty every cache with each refusal.
  changesOnly("check-ins");
  const formId = pathId(c.req.param("id"), EVENT_FORM_NOT_FOUND);
  const { code } = validate(scanSchema, await readBody(c));
  const queue = new BroadcastQueue(senderSocket(c.req.header("X-Socket-ID")));
  const { status, answer } = await checkIn(c.get("db"), currentUser(c), formId, code, queue, limits(c.get("config")).checkInScan);
  await publishAfterCommit(c.get("broadcaster"), queue.messages);
  return c.json(answer, status);
});

checkInRoutes.delete("/api/v1/admin/event_forms/:id/check_ins/:code", authorize("event response write"), async (c) => {
  changesOnly("check-ins");
  const form = await formOf(c);
  const queue = new BroadcastQueue(senderSocket(c.req.header("X-Socket-ID")));
  const answer = await undoCheckIn(c.get("db"), currentUser(c), form, c.req.param("code"), queue);
  await publishAfterCommit(c.get("broadcaster"), queue.messages);
  return c.json(answer);
});

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
import { Hono, type Context, type MiddlewareHandler } from "hono";
import { checkInRoutes as routes } from "#schemas/contract/check-ins.ts";
import type { AppEnv } from "#api/context.ts";
import { serve } from "#api/lib/contract.ts";
import { pathId } from "#api/lib/ids.ts";
import { limits } from "#api/lib/limits.ts";
import { page } from "#api/lib/pagination.ts";
import { BroadcastQueue, publishAfterCommit, senderSocket } from "#api/realtime/broadcaster.ts";
import type { OrganizationAccess } from "#api/lib/owner.ts";
import { currentUser } from "../auth/middleware.ts";
import { EVENT_FORM_NOT_FOUND, managedFormOr404 } from "../event-forms/service.ts";
import { checkIn, doorCounts, listTickets, undoCheckIn } from "./service.ts";

export const checkInRoutes = new Hono<AppEnv>();

const formId = (value: string | undefined) => pathId(value, EVENT_FORM_NOT_FOUND);
const formOf = (c: Context<AppEnv>, access: OrganizationAccess, id: string) => managedFormOr404(c.get("db"), access, formId(id));

serve(checkInRoutes, routes.listCheckIns, async (c, { params, query, organization }) => {
  const form = await formOf(c, organization, params.id);
  const [{ total, data }, counts] = await Promise.all([
    listTickets(c.get("db"), currentUser(c), form, query),
    doorCounts(c.get("db"), form.id),
  ]);
  return {
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
});

/**
 * Said before anything can refuse the scan: a malformed code or one past the limit changes nothing a cache
 * keeps either, and a flood of guesses must not empty every cache with each refusal. A malformed form id is
 * "not found" before the code is read.
 */
const scanStarts: MiddlewareHandler<AppEnv> = async (c, next) => {
  changesOnly("check-ins");
  formId(c.req.param("id"));
  await next();
};

/*
 * The scan looks its event up with the ticket, and takes its place on the member's limit in that same statement
 * (service.ts): the door's busiest call makes two queries fewer. Every scan counts on the member's limit,
 * whatever it finds, so codes cannot be tried by the hundred.
 */
serve(
  checkInRoutes,
  routes.checkIn,
  async (c, { params, body: { code } }) => {
    const queue = new BroadcastQueue(senderSocket(c.req.header("X-Socket-ID")));
    const { status, answer } = await checkIn(
      c.get("db"),
      currentUser(c),
      formId(params.id),
      code,
      queue,
      limits(c.get("config")).checkInScan,
    );
    await publishAfterCommit(c.get("broadcaster"), queue.messages);
    return c.json(answer, status);
  },
  { before: [scanStarts] },
);

serve(checkInRoutes, routes.undoCheckIn, async (c, { params, organization }) => {
  changesOnly("check-ins");
  const form = await formOf(c, organization, params.id);
  const queue = new BroadcastQueue(senderSocket(c.req.header("X-Socket-ID")));
  const answer = await undoCheckIn(c.get("db"), currentUser(c), form, params.code, queue);
  await publishAfterCommit(c.get("broadcaster"), queue.messages);
  return answer;
});

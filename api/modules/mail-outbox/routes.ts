import { Hono } from "hono";
import { z } from "zod";
import {
  MAIL_STATUSES,
  MESSAGE_NOT_RETRYABLE,
  NO_MAIL_SERVER,
  MESSAGE_REQUEUED,
  OUTBOX_MESSAGE_NOT_FOUND,
  TEST_MESSAGE_KEPT,
  TEST_MESSAGE_QUEUED,
  type OutboxActionResult,
  type OutboxPage,
} from "#schemas/mail.ts";
import type { AppEnv } from "#api/context.ts";
import { readBody } from "#api/lib/body.ts";
import { HttpError, notFound } from "#api/lib/errors.ts";
import { pathId } from "#api/lib/ids.ts";
import { page, parseListQuery } from "#api/lib/pagination.ts";
import { noFields, validate } from "#api/lib/validation.ts";
import { mailFromOf } from "#api/mail/config.ts";
import { readerDates } from "#api/mail/format.ts";
import { queueMail } from "#api/mail/outbox.ts";
import { renderMail } from "#api/mail/render.tsx";
import { TestMessage } from "#api/mail/templates/test-message.tsx";
import { superAdminOnly } from "../access/authorize.ts";
import { currentUser } from "../auth/middleware.ts";
import { getOutboxMessage, listOutbox, retryFailedMessage } from "./service.ts";

/** The mail outbox, for super admins only: its messages hold other people's reset and verification links. */
export const mailOutboxRoutes = new Hono<AppEnv>();

const BASE = "/api/v1/admin/mail_outbox";

/** An unknown status is ignored rather than refused, as every list's filters are. */
const outboxFilters = z.object({ status: z.enum(MAIL_STATUSES).optional().catch(undefined) });

mailOutboxRoutes.get(BASE, superAdminOnly, async (c) => {
  const query = { ...parseListQuery(c.req.url), ...validate(outboxFilters, c.req.query()) };
  // Newest first unless the caller asks for the oldest.
  if (!c.req.query("sort_order")) query.sort_order = "desc";
  const { total, data } = await listOutbox(c.get("db"), query);
  const list = page(c.req.url, query, total, data);
  const answer: OutboxPage = { ...list, meta: { ...list.meta, smtp_configured: Boolean(c.get("config").mail?.smtpUrl) } };
  return c.json(answer);
});

mailOutboxRoutes.get(`${BASE}/:id`, superAdminOnly, async (c) => {
  const message = await getOutboxMessage(c.get("db"), pathId(c.req.param("id"), OUTBOX_MESSAGE_NOT_FOUND), mailFromOf(c.get("config")));
  if (!message) throw notFound(OUTBOX_MESSAGE_NOT_FOUND);
  return c.json({ data: message });
});

/** A test message to the caller: proves the settings work end to end (or shows where kept mail is read). */
mailOutboxRoutes.post(`${BASE}/test`, superAdminOnly, async (c) => {
  validate(noFields, await readBody(c));
  const user = currentUser(c);
  const config = c.get("config");
  const rendered = await renderMail(
    TestMessage({ appUrl: config.appUrl, name: user.name, sentAt: new Date(), dates: await readerDates(c.get("db"), user.id) }),
  );
  const id = await queueMail(c.get("db"), {
    to: user.email,
    toName: user.name,
    userId: user.id,
    kind: "test_message",
    subject: "Launchpad test message",
    ...rendered,
  });
  const answer: OutboxActionResult = { message: config.mail?.smtpUrl ? TEST_MESSAGE_QUEUED : TEST_MESSAGE_KEPT, id: id! };
  return c.json(answer, 201);
});

mailOutboxRoutes.post(`${BASE}/:id/retry`, superAdminOnly, async (c) => {
  const id = pathId(c.req.param("id"), OUTBOX_MESSAGE_NOT_FOUND);
  validate(noFields, await readBody(c));
  // Without a mail server nothing could send it: it would only be kept again.
  const mailServer = Boolean(c.get("config").mail?.smtpUrl);
  if (!mailServer || !(await retryFailedMessage(c.get("db"), id))) {
    if (!(await getOutboxMessage(c.get("db"), id, mailFromOf(c.get("config"))))) throw notFound(OUTBOX_MESSAGE_NOT_FOUND);
    throw new HttpError(409, mailServer ? MESSAGE_NOT_RETRYABLE : NO_MAIL_SERVER);
  }
  const answer: OutboxActionResult = { message: MESSAGE_REQUEUED, id };
  return c.json(answer);
});

import { Hono } from "hono";
import {
  MESSAGE_NOT_RETRYABLE,
  NO_MAIL_SERVER,
  MESSAGE_REQUEUED,
  OUTBOX_MESSAGE_NOT_FOUND,
  TEST_MESSAGE_KEPT,
  TEST_MESSAGE_QUEUED,
} from "#schemas/mail.ts";
import { mailOutboxRoutes as routes } from "#schemas/contract/mail-outbox.ts";
import type { AppEnv } from "#api/context.ts";
import { readBody } from "#api/lib/body.ts";
import { HttpError, notFound } from "#api/lib/errors.ts";
import { pathId } from "#api/lib/ids.ts";
import { serve } from "#api/lib/contract.ts";
import { orderAsked, page } from "#api/lib/pagination.ts";
import { noFields, validate } from "#api/lib/validation.ts";
import { mailFromOf } from "#api/mail/config.ts";
import { readerDates } from "#api/mail/format.ts";
import { queueMail } from "#api/mail/outbox.ts";
import { renderMail } from "#api/mail/render.tsx";
import { TestMessage } from "#api/mail/templates/test-message.tsx";
import { currentUser } from "../auth/middleware.ts";
import { getOutboxMessage, listOutbox, retryFailedMessage } from "./service.ts";

/** The mail outbox, for super admins only: its messages hold other people's reset and verification links. */
export const mailOutboxRoutes = new Hono<AppEnv>();

serve(mailOutboxRoutes, routes.listOutbox, async (c, { query }) => {
  // Newest first unless the caller asks for the oldest.
  const list = { ...query, sort_order: orderAsked(c.req.url) ?? ("desc" as const) };
  const { total, data } = await listOutbox(c.get("db"), list);
  const answer = page(c.req.url, list, total, data);
  return { ...answer, meta: { ...answer.meta, smtp_configured: Boolean(c.get("config").mail?.smtpUrl) } };
});

serve(mailOutboxRoutes, routes.showOutboxMessage, async (c, { params }) => {
  const message = await getOutboxMessage(c.get("db"), pathId(params.id, OUTBOX_MESSAGE_NOT_FOUND), mailFromOf(c.get("config")));
  if (!message) throw notFound(OUTBOX_MESSAGE_NOT_FOUND);
  return { data: message };
});

/** A test message to the caller: proves the settings work end to end (or shows where kept mail is read). */
serve(mailOutboxRoutes, routes.sendTestMail, async (c) => {
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
  return { message: config.mail?.smtpUrl ? TEST_MESSAGE_QUEUED : TEST_MESSAGE_KEPT, id: id! };
});

serve(mailOutboxRoutes, routes.retryOutboxMessage, async (c, { params }) => {
  const id = pathId(params.id, OUTBOX_MESSAGE_NOT_FOUND);
  validate(noFields, await readBody(c));
  // Without a mail server nothing could send it: it would only be kept again.
  const mailServer = Boolean(c.get("config").mail?.smtpUrl);
  if (!mailServer || !(await retryFailedMessage(c.get("db"), id))) {
    if (!(await getOutboxMessage(c.get("db"), id, mailFromOf(c.get("config"))))) throw notFound(OUTBOX_MESSAGE_NOT_FOUND);
    throw new HttpError(409, mailServer ? MESSAGE_NOT_RETRYABLE : NO_MAIL_SERVER);
  }
  return { message: MESSAGE_REQUEUED, id };
});

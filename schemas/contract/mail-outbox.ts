/** The mail outbox, for super admins only: its messages hold other people's reset and verification links. */
import { z } from "zod";
import { pageOf } from "./answers.ts";
import { listQuery } from "./list-query.ts";
import { apiPart, apiRoute } from "./route.ts";
import { MAIL_STATUSES, outboxActionResult, outboxMessageDetailJson, outboxMessageJson } from "../mail.ts";

const outboxList = pageOf(outboxMessageJson);

/** A page of messages, newest first; `smtp_configured` false means mail is only kept here. */
export const outboxPage = outboxList.extend({ meta: outboxList.shape.meta.extend({ smtp_configured: z.boolean() }) });
export type OutboxPage = z.output<typeof outboxPage>;

export const mailOutboxRoutes = apiPart("Mail outbox", {
  listOutbox: apiRoute({
    method: "GET",
    path: "/api/v1/admin/mail_outbox",
    summary: "List the mail the app sent or keeps, newest first (search by address or subject; filter by status)",
    access: "super admin",
    // An unknown status is ignored rather than refused, as every list's filters are.
    query: listQuery.extend({ status: z.enum(MAIL_STATUSES).optional().catch(undefined) }),
    answer: outboxPage,
  }),
  showOutboxMessage: apiRoute({
    method: "GET",
    path: "/api/v1/admin/mail_outbox/{id}",
    summary: "Show one message as it was sent: both parts, its headers and its attachments' names",
    access: "super admin",
    answer: z.object({ data: outboxMessageDetailJson }),
    refusals: [404],
  }),
  sendTestMail: apiRoute({
    method: "POST",
    path: "/api/v1/admin/mail_outbox/test",
    summary: "Send the caller a test message (kept in the outbox when no mail server is set)",
    access: "super admin",
    answer: outboxActionResult,
    status: 201,
    refusals: [400, 415, 422],
  }),
  retryOutboxMessage: apiRoute({
    method: "POST",
    path: "/api/v1/admin/mail_outbox/{id}/retry",
    summary: "Queue a failed or kept message again (409 for any other, or when no mail server is set)",
    access: "super admin",
    answer: outboxActionResult,
    refusals: [400, 404, 409, 415, 422],
  }),
});

/**
 * The notifications and live events a billing's payment causes: its status moved, or a payment it did not
 * accept was given back. As with every cause (causes.ts), they run in the change's own transaction and
 * only queue messages.
 */
import { eq } from "drizzle-orm";
import type { BillingStatus } from "#schemas/billing.ts";
import { eventFormChannel, PAYMENT_STATUS_CHANGED_EVENT, userChannel, type PaymentStatusChangedPayload } from "#schemas/realtime.ts";
import type { Db } from "#api/db/client.ts";
import { users } from "#api/db/schema.ts";
import { eventForms } from "#api/db/events-schema.ts";
import { eventBillings } from "#api/db/billing-schema.ts";
import type { BroadcastQueue } from "#api/realtime/broadcaster.ts";
import { paymentReceiptMessage } from "../notification-mail/cause-mail.ts";
import { others } from "./causes.ts";
import { notifyEach } from "./notify.ts";
import { startupUserIds } from "./recipients.ts";

const PAYER_WORDS: Record<BillingStatus, string> = {
  Pending: "is pending",
  Successful: "was successful",
  Failed: "failed",
  Refunded: "was refunded",
  "Partially refunded": "was partly refunded",
  Cancelled: "was cancelled",
};

/** The payer's own screens and the form's open payment screens follow a change to one of its billings. */
function paymentScreensFollow(queue: BroadcastQueue, payerId: number, formId: number, data: PaymentStatusChangedPayload) {
  queue.add({ channels: [userChannel(payerId), eventFormChannel(formId)], event: PAYMENT_STATUS_CHANGED_EVENT, data });
}

/**
 * A billing's payment status moved: the payer and the form's startup users who may read billings are told,
 * and the payer's channel and the form's channel (payment screens) get the new status.
 */
export async function notifyPaymentStatusChanged(
  tx: Db,
  queue: BroadcastQueue,
  billingId: number,
  status: BillingStatus,
  actorUserId: number | null,
) {
  const [row] = await tx
    .select({
      payerId: eventBillings.userId,
      payerName: users.name,
      formId: eventForms.id,
      title: eventForms.title,
      startupId: eventForms.startupId,
    })
    .from(eventBillings)
    .innerJoin(eventForms, eq(eventForms.id, eventBillings.eventFormId))
    .innerJoin(users, eq(users.id, eventBillings.userId))
    .where(eq(eventBillings.id, billingId));
  if (!row) return;
  const data = { billing_id: billingId, event_form_id: row.formId, payment_status: status };
  await notifyEach(tx, queue, others([row.payerId], actorUserId), {
    type: "payment_status_changed",
    title: `Your payment for ${row.title} ${PAYER_WORDS[status]}`,
    url: `/form-submission?form_id=${row.formId}`,
    data,
    // A successful payment's mail is its receipt.
    mail: status === "Successful" ? await paymentReceiptMessage(tx, billingId) : undefined,
  });
  const owners = others(
    await startupUserIds(tx, row.startupId, { role: "money", account: "event billing read", formId: row.formId }),
    actorUserId,
  ).filter((id) => id !== row.payerId);
  await notifyEach(tx, queue, owners, {
    type: "payment_status_changed",
    title: `${row.payerName}'s payment for ${row.title} is now ${status}`,
    url: `/event-forms/payments/${row.formId}`,
    data,
  });
  paymentScreensFollow(queue, row.payerId, row.formId, data);
}

/**
 * A payment the billing did not accept was given back: its payer is told, and open payment screens of the
 * form follow (the billing's own status does not move).
 */
export async function notifyUnappliedRefund(tx: Db, queue: BroadcastQueue, billingId: number, amount: string) {
  const [row] = await tx
    .select({ payerId: eventBillings.userId, formId: eventForms.id, title: eventForms.title, status: eventBillings.paymentStatus })
    .from(eventBillings)
    .innerJoin(eventForms, eq(eventForms.id, eventBillings.eventFormId))
    .where(eq(eventBillings.id, billingId));
  if (!row) return;
  const data = { billing_id: billingId, event_form_id: row.formId, payment_status: row.status };
  await notifyEach(tx, queue, [row.payerId], {
    type: "payment_status_changed",
    title: `Your payment of ${amount} for ${row.title}, which could not be applied, was refunded`,
    url: `/form-submission?form_id=${row.formId}`,
    data,
  });
  paymentScreensFollow(queue, row.payerId, row.formId, data);
}

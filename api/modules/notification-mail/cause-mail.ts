import { and, desc, eq, isNull } from "drizzle-orm";
import { formatMoney } from "#schemas/event-format.ts";
import type { ReviewStatus } from "#schemas/events.ts";
import type { MailType } from "#schemas/mail-preferences.ts";
import { mailTypeLabel } from "#schemas/settings.ts";
import type { Db } from "#api/db/client.ts";
import { couponCodes, eventBillings, payments } from "#api/db/billing-schema.ts";
import { eventForms } from "#api/db/events-schema.ts";
import { mailDates } from "#api/mail/format.ts";
import { ReviewStatusMail } from "#api/mail/templates/event-mail.tsx";
import { PaymentReceiptMail } from "#api/mail/templates/payment-receipt.tsx";
import type { MessageFor } from "./deliver.ts";
import { eventMailProps } from "./event-mail.ts";

/*
 * The mails of notifications whose cause has more to say than the notification's text: given to notify()
 * as its `mail`, so they go (or wait for the digest, or not) exactly as the notification's type is chosen.
 */

/** The applicant's mail for a review: the new status and, once accepted, how to join an online event. */
export async function reviewStatusMessage(
  tx: Db,
  formId: number,
  status: ReviewStatus,
  statusText: string,
  about: MailType = "review_status_changed",
): Promise<MessageFor | undefined> {
  const [form] = await tx.select().from(eventForms).where(eq(eventForms.id, formId));
  if (!form) return undefined;
  return (reader, links) => ({
    what: status,
    subject: `Your application to ${form.title} is ${statusText}`,
    element: ReviewStatusMail({
      ...eventMailProps(reader, links, form, status),
      about: mailTypeLabel(about),
      statusText,
      accepted: status === "accepted",
    }),
  });
}

/**
 * The payer's receipt once a billing is paid: the amount, the coupon and what it took off, the total, and
 * the reference to quote (the provider's payment id, or the billing's number when the organiser marked it
 * paid without one).
 */
export async function paymentReceiptMessage(tx: Db, billingId: number): Promise<MessageFor | undefined> {
  const [billing] = await tx
    .select({
      id: eventBillings.id,
      formId: eventBillings.eventFormId,
      title: eventForms.title,
      amount: eventBillings.amount,
      discount: eventBillings.discount,
      total: eventBillings.total,
      currency: eventBillings.currency,
      paidAt: eventBillings.paidAt,
      coupon: couponCodes.code,
    })
    .from(eventBillings)
    .innerJoin(eventForms, eq(eventForms.id, eventBillings.eventFormId))
    .leftJoin(couponCodes, eq(couponCodes.id, eventBillings.couponCodeId))
    .where(eq(eventBillings.id, billingId));
  if (!billing) return undefined;
  const [payment] = await tx
    .select({ reference: payments.providerPaymentId })
    .from(payments)
    .where(and(eq(payments.eventBillingId, billingId), isNull(payments.refusedReason)))
    .orderBy(desc(payments.id))
    .limit(1);
  const money = (amount: string) => formatMoney(amount, billing.currency);
  return (reader, links) => ({
    what: "receipt",
    subject: `Receipt for ${billing.title}: ${money(billing.total)}`,
    element: PaymentReceiptMail({
      ...links,
      name: reader.name,
      eventTitle: billing.title,
      amount: money(billing.amount),
      coupon: billing.coupon ? { code: billing.coupon, discount: money(billing.discount) } : null,
      total: money(billing.total),
      reference: payment?.reference ?? `Billing #${billing.id}`,
      paidAt: mailDates(reader.dates).dayTime(billing.paidAt ?? new Date()),
      path: `/form-submission?form_id=${billing.formId}`,
      about: mailTypeLabel("payment_status_changed"),
    }),
  });
}

import type { OrganizationAccess } from "#api/lib/owner.ts";
import { and, eq, sql } from "drizzle-orm";
import type { BillingStatus, EventBillingView } from "#schemas/billing.ts";
import type { Db } from "#api/db/client.ts";
import { eventForms } from "#api/db/events-schema.ts";
import { couponCodes, eventBillings } from "#api/db/billing-schema.ts";
import { fieldError, notFound } from "#api/lib/errors.ts";
import { providersOf, type PaymentProvider, type PaymentProviders } from "#api/payments/provider.ts";
import { BroadcastQueue } from "#api/realtime/broadcaster.ts";
import { closeCheckout, type Log } from "./checkout.ts";
import { takeOfferedPlace } from "../applications/waitlist.ts";
import { recordChange } from "./history.ts";
import { BILLING_NOT_FOUND, COUPON_USED_UP_ON_REOPEN } from "./messages.ts";
import { countUse } from "./pricing.ts";
import { billingView } from "./views.ts";
import { managedFormsWhere } from "../event-forms/ownership.ts";
import { recordActivity, type Actor } from "#api/lib/activity.ts";

/** Statuses after which nothing is left to pay: an open checkout of the billing is closed. */
const NOTHING_TO_PAY: readonly BillingStatus[] = ["Successful", "Cancelled", "Refunded"];

/**
 * The billing's owner of the form changes its status by hand; the change is kept. Moving it to Successful,
 * Cancelled or Refunded closes its checkout at the provider afterwards (a provider error is logged: the
 * change stands). The payer and the form's other owners are notified in the same transaction (queued on
 * `queue` for the caller to publish after the commit).
 */
export async function changeStatus(
  db: Db,
  choice: PaymentProvider | PaymentProviders,
  access: OrganizationAccess,
  by: NonNullable<Actor>,
  id: number,
  status: BillingStatus,
  log: Log = console.error,
  queue: BroadcastQueue = new BroadcastQueue(),
): Promise<EventBillingView> {
  const openCheckoutId = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        id: eventBillings.id,
        status: eventBillings.paymentStatus,
        couponCodeId: eventBillings.couponCodeId,
        connectPayId: eventBillings.connectPayId,
        formId: eventBillings.eventFormId,
        userId: eventBillings.userId,
        payerName: eventBillings.name,
        organizationId: eventForms.startupId,
      })
      .from(eventBillings)
      .innerJoin(eventForms, eq(eventForms.id, eventBillings.eventFormId))
      // Another startup's billing is as missing as one that does not exist.
      .where(and(eq(eventBillings.id, id), managedFormsWhere(access)))
      .for("update", { of: eventBillings });
    if (!row) throw notFound(BILLING_NOT_FOUND);
    if (row.status === status) return null;
    // A cancelled billing is not a use of its coupon (see usesByUser): cancelling gives the use back, and
    // reopening counts it again, which the coupon's maximum may no longer allow.
    if (row.couponCodeId !== null && status === "Cancelled") await countUse(tx, row.couponCodeId, -1);
    if (row.couponCodeId !== null && row.status === "Cancelled") {
      const [coupon] = await tx
        .select({ usesCount: couponCodes.usesCount, maxUses: couponCodes.maxUses })
        .from(couponCodes)
        .where(eq(couponCodes.id, row.couponCodeId))
        .for("update");
      if (coupon && coupon.maxUses !== null && coupon.usesCount >= coupon.maxUses) throw fieldError("status", COUPON_USED_UP_ON_REOPEN);
      await countUse(tx, row.couponCodeId, 1);
    }
    await tx
      .update(eventBillings)
      .set({
        paymentStatus: status,
        paidAt: status === "Successful" ? sql`coalesce(${eventBillings.paidAt}, now())` : eventBillings.paidAt,
        // The checkout closed below is no longer a place to pay; reopened, the payer's next edit opens a new one.
        paymentUrl: NOTHING_TO_PAY.includes(status) ? null : eventBillings.paymentUrl,
        updatedAt: sql`now()`,
      })
      .where(eq(eventBillings.id, id));
    await recordChange(tx, id, row.status, status, by.id, "Changed by the event owner.");
    await recordActivity(
      tx,
      {
        organizationId: row.organizationId,
        actor: by,
        kind: "billing.status_changed",
        subject: { id, label: row.payerName },
        eventFormId: row.formId,
        changes: { payment_status: { from: row.status, to: status } },
        data: { status },
      },
      queue,
    );
    // Marked paid by hand for a place offered from the waitlist: it is theirs now.
    if (status === "Successful") await takeOfferedPlace(tx, row.formId, row.userId, queue);
    // An unpaid checkout can no longer be paid; a paid or closed one is left as it is by its provider.
    return NOTHING_TO_PAY.includes(status) ? row.connectPayId : null;
  });
  if (openCheckoutId) await closeCheckout(providersOf(choice), openCheckoutId, log);
  return billingView(db, id);
}

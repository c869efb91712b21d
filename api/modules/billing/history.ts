import { asc, eq } from "drizzle-orm";
import type { BillingStatus, BillingStatusChange } from "#schemas/billing.ts";
import type { Db } from "#api/db/client.ts";
import { users } from "#api/db/schema.ts";
import { billingStatusChanges } from "#api/db/billing-schema.ts";

/** A billing's history, oldest first: every status it went through, who moved it, and why. */
export async function statusChanges(db: Db, billingId: number): Promise<BillingStatusChange[]> {
  const rows = await db
    .select({
      id: billingStatusChanges.id,
      from: billingStatusChanges.fromStatus,
      to: billingStatusChanges.toStatus,
      userId: users.id,
      userName: users.name,
      reason: billingStatusChanges.reason,
      createdAt: billingStatusChanges.createdAt,
    })
    .from(billingStatusChanges)
    .leftJoin(users, eq(users.id, billingStatusChanges.changedByUserId))
    .where(eq(billingStatusChanges.eventBillingId, billingId))
    .orderBy(asc(billingStatusChanges.createdAt), asc(billingStatusChanges.id));
  return rows.map((r) => ({
    id: r.id,
    from_status: r.from,
    to_status: r.to,
    changed_by: r.userId === null ? null : { id: r.userId, name: r.userName ?? "" },
    reason: r.reason,
    created_at: r.createdAt.toISOString(),
  }));
}

/** Adds a line to the history, inside the transaction that made the change (`byUserId` null: the system). */
export async function recordChange(
  tx: Db,
  billingId: number,
  from: BillingStatus | null,
  to: BillingStatus,
  byUserId: number | null,
  reason: string | null,
) {
  await tx
    .insert(billingStatusChanges)
    .values({ eventBillingId: billingId, fromStatus: from, toStatus: to, changedByUserId: byUserId, reason });
}

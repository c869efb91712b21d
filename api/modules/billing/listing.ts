import { and, asc, count, desc, eq, ilike, or, sql } from "drizzle-orm";
import type { BillingStatus } from "../../../schemas/billing.ts";
import type { Db } from "../../db/client.ts";
import { eventBillings } from "../../db/billing-schema.ts";
import { csvLine } from "../../lib/csv.ts";
import { offset, sortColumn, totalOf, totalOver, type ListQuery } from "../../lib/pagination.ts";
import { escapeLike } from "../access/service.ts";
import { money, selectBillings, view } from "./view.ts";

export const BILLING_SORTS = ["created_at", "name", "total", "payment_status", "paid_at"] as const;

export interface BillingListQuery extends ListQuery {
  payment_status?: BillingStatus;
}

export type BillingFilters = Pick<BillingListQuery, "payment_status" | "search">;

function billingsWhere(eventFormId: number, filters: BillingFilters) {
  return and(
    eq(eventBillings.eventFormId, eventFormId),
    filters.payment_status ? eq(eventBillings.paymentStatus, filters.payment_status) : undefined,
    filters.search
      ? or(ilike(eventBillings.name, `%${escapeLike(filters.search)}%`), ilike(eventBillings.email, `%${escapeLike(filters.search)}%`))
      : undefined,
  );
}

/** The allow-listed sort column, then the id, in the asked direction. */
function billingsOrder(query: Pick<BillingListQuery, "sort_by" | "sort_order">) {
  const sortBy = sortColumn(query.sort_by, BILLING_SORTS, "created_at");
  const direction = query.sort_order === "desc" ? desc : asc;
  const column = {
    created_at: eventBillings.createdAt,
    name: eventBillings.name,
    total: eventBillings.total,
    payment_status: eventBillings.paymentStatus,
    paid_at: eventBillings.paidAt,
  }[sortBy];
  return [direction(column), direction(eventBillings.id)];
}

export async function listBillings(db: Db, eventFormId: number, query: BillingListQuery) {
  const where = billingsWhere(eventFormId, query);
  // The page (carrying the list's total) and the form's sums are independent: asked for together.
  const page = selectBillings(db, { listTotal: totalOver() })
    .where(where)
    .orderBy(...billingsOrder(query))
    .limit(query.per_page)
    .offset(offset(query));
  const sums = db
    .select({
      billings: count(),
      successful: sql<number>`count(*) filter (where ${eventBillings.paymentStatus} = 'Successful')`.mapWith(Number),
      pending: sql<number>`count(*) filter (where ${eventBillings.paymentStatus} = 'Pending')`.mapWith(Number),
      collected: sql<string | null>`sum(${eventBillings.total}) filter (where ${eventBillings.paymentStatus} = 'Successful')`,
      discounts: sql<string | null>`sum(${eventBillings.discount}) filter (where ${eventBillings.paymentStatus} = 'Successful')`,
    })
    .from(eventBillings)
    .where(eq(eventBillings.eventFormId, eventFormId));
  const [rows, [totals]] = await Promise.all([page, sums]);
  const total = await totalOf(rows, query, async () => (await db.select({ n: count() }).from(eventBillings).where(where))[0].n);
  return {
    total,
    data: rows.map(view),
    totals: {
      billings: totals.billings,
      successful: totals.successful,
      pending: totals.pending,
      amount_collected: money(totals.collected ?? "0"),
      discounts: money(totals.discounts ?? "0"),
    },
  };
}

export const BILLINGS_CSV_HEADER = [
  "ID",
  "Name",
  "Email",
  "Phone",
  "Address",
  "City",
  "Country",
  "Coupon",
  "Amount",
  "Discount",
  "Total",
  "Currency",
  "Status",
  "Paid at",
  "Created at",
] as const;

const CSV_PAGE_SIZE = 1000;

/**
 * Every billing of the form matching the list's filters, in the list's order, as CSV: read and written
 * 1,000 rows at a time so a large event never sits in memory at once.
 */
export function billingsCsv(db: Db, eventFormId: number, query: BillingFilters & Pick<BillingListQuery, "sort_by" | "sort_order">): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const where = billingsWhere(eventFormId, query);
  const order = billingsOrder(query);
  let nextOffset = 0;
  let headerSent = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!headerSent) {
        headerSent = true;
        controller.enqueue(encoder.encode(csvLine(BILLINGS_CSV_HEADER)));
        return;
      }
      const rows = await selectBillings(db)
        .where(where)
        .orderBy(...order)
        .limit(CSV_PAGE_SIZE)
        .offset(nextOffset);
      nextOffset += rows.length;
      if (rows.length) {
        const text = rows
          .map(view)
          .map((b) =>
            csvLine([
              String(b.id),
              b.name,
              b.email,
              b.phone,
              b.address,
              b.city,
              b.country,
              b.coupon_code?.code ?? "",
              b.amount,
              b.discount,
              b.total,
              b.currency,
              b.payment_status,
              b.paid_at ?? "",
              b.created_at,
            ]),
          )
          .join("");
        controller.enqueue(encoder.encode(text));
      }
      if (rows.length < CSV_PAGE_SIZE) controller.close();
    },
  });
}

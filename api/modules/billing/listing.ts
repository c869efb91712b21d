import { and, asc, count, desc, eq, ilike, or, sql, type Placeholder } from "drizzle-orm";
import type { BillingStatus, BillingTotals, EventBillingView } from "../../../schemas/billing.ts";
import type { Db } from "../../db/client.ts";
import { eventBillings } from "../../db/billing-schema.ts";
import { csvLine } from "../../lib/csv.ts";
import { pageValues, sortColumn, totalOf, totalOver, type ListQuery, type PageRows } from "../../lib/pagination.ts";
import { preparedPerDb, preparedPerShape } from "../../db/prepared.ts";
import { escapeLike } from "../access/service.ts";
import { money, selectBillings, view } from "./view.ts";

export const BILLING_SORTS = ["created_at", "name", "total", "payment_status", "paid_at"] as const;

export interface BillingListQuery extends ListQuery {
  payment_status?: BillingStatus;
}

export type BillingFilters = Pick<BillingListQuery, "payment_status" | "search">;

/** The list's conditions, written once: with values (the CSV export) or with placeholders (the prepared page). */
function billingsWhere(values: { eventFormId: number | Placeholder; status?: BillingStatus | Placeholder; like?: string | Placeholder }) {
  return and(
    eq(eventBillings.eventFormId, values.eventFormId),
    values.status !== undefined ? eq(eventBillings.paymentStatus, values.status) : undefined,
    values.like !== undefined ? or(ilike(eventBillings.name, values.like), ilike(eventBillings.email, values.like)) : undefined,
  );
}

const likeOf = (search: string) => `%${escapeLike(search)}%`;

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

type BillingFilterShape = { status: boolean; search: boolean };
const placeholders = (shape: BillingFilterShape) => ({
  eventFormId: sql.placeholder("eventFormId"),
  status: shape.status ? sql.placeholder("status") : undefined,
  like: shape.search ? sql.placeholder("like") : undefined,
});

/** The page (carrying the list's total), prepared per filter and order: its SQL is built once. */
const billingPageQuery = preparedPerShape("billing_page", (db, shape: BillingFilterShape & Pick<BillingListQuery, "sort_by" | "sort_order">, name) =>
  selectBillings(db, { listTotal: totalOver() })
    .where(billingsWhere(placeholders(shape)))
    .orderBy(...billingsOrder(shape))
    .limit(sql.placeholder("limit"))
    .offset(sql.placeholder("offset"))
    .prepare(name),
);

const billingCountQuery = preparedPerShape("billing_count", (db, shape: BillingFilterShape, name) =>
  db.select({ n: count() }).from(eventBillings).where(billingsWhere(placeholders(shape))).prepare(name),
);

/** The form's sums, whatever the list's filters. */
const billingSumsQuery = preparedPerDb((db) =>
  db
    .select({
      billings: count(),
      successful: sql<number>`count(*) filter (where ${eventBillings.paymentStatus} = 'Successful')`.mapWith(Number),
      pending: sql<number>`count(*) filter (where ${eventBillings.paymentStatus} = 'Pending')`.mapWith(Number),
      collected: sql<string | null>`sum(${eventBillings.total}) filter (where ${eventBillings.paymentStatus} = 'Successful')`,
      discounts: sql<string | null>`sum(${eventBillings.discount}) filter (where ${eventBillings.paymentStatus} = 'Successful')`,
    })
    .from(eventBillings)
    .where(eq(eventBillings.eventFormId, sql.placeholder("eventFormId")))
    .prepare("billing_sums"),
);

export async function listBillings(db: Db, eventFormId: number, query: BillingListQuery): Promise<PageRows<EventBillingView> & { totals: BillingTotals }> {
  const filters = { status: Boolean(query.payment_status), search: Boolean(query.search) };
  const sortBy = sortColumn(query.sort_by, BILLING_SORTS, "created_at");
  const values = { eventFormId, status: query.payment_status, like: query.search ? likeOf(query.search) : undefined, ...pageValues(query) };
  // The page and the form's sums are independent: asked for together.
  const [rows, [totals]] = await Promise.all([
    billingPageQuery(db, { ...filters, sort_by: sortBy, sort_order: query.sort_order }).execute(values),
    billingSumsQuery(db).execute(values),
  ]);
  const total = await totalOf(rows, query, async () => (await billingCountQuery(db, filters).execute(values))[0].n);
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
  const where = billingsWhere({ eventFormId, status: query.payment_status, like: query.search ? likeOf(query.search) : undefined });
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

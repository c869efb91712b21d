import { and, asc, count, desc, eq, ilike, or, sql, type Placeholder, type SQL } from "drizzle-orm";
import { isPaid, type BillingStatus, type BillingTotals, type EventBillingView } from "#schemas/billing.ts";
import type { Db } from "#api/db/client.ts";
import { eventBillings, PAID_STATUS_LIST } from "#api/db/billing-schema.ts";
import { csvStream } from "#api/lib/csv.ts";
import { pageValues, sortColumn, totalOf, totalOver, type ListQuery, type PageRows } from "#api/lib/pagination.ts";
import { listFilters, preparedPerDb, preparedPerShape, type ShapeOf } from "#api/db/embedded/prepared.ts";
import { containsPattern } from "#api/lib/like.ts";
import { fromCents, toCents } from "#api/payments/provider.ts";
import { money, selectBillings, view } from "./views.ts";

export const BILLING_SORTS = ["created_at", "name", "total", "payment_status", "paid_at"] as const;

export interface BillingListQuery extends ListQuery {
  payment_status?: BillingStatus;
}

export type BillingFilters = Pick<BillingListQuery, "payment_status" | "search">;

/** The list's filters: a new one is one more entry here, read by the request, the page, its count and the CSV. */
const BILLING_FILTERS = listFilters<BillingFilters>()({
  status: { value: (query) => query.payment_status, where: (status) => eq(eventBillings.paymentStatus, status) },
  search: {
    value: (query) => (query.search ? containsPattern(query.search) : undefined),
    where: (like) => or(ilike(eventBillings.name, like), ilike(eventBillings.email, like)),
  },
});

/** The form's billings matching the filters' conditions. */
function billingsWhere(eventFormId: number | Placeholder, conditions: (SQL | undefined)[]) {
  return and(eq(eventBillings.eventFormId, eventFormId), ...conditions);
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

type BillingFilterShape = ShapeOf<typeof BILLING_FILTERS>;
const preparedWhere = (shape: BillingFilterShape) => billingsWhere(sql.placeholder("eventFormId"), BILLING_FILTERS.where(shape));

/** The page (carrying the list's total), prepared per filter and order: its SQL is built once. */
const billingPageQuery = preparedPerShape(
  "billing_page",
  (db, shape: BillingFilterShape & Pick<BillingListQuery, "sort_by" | "sort_order">, name) =>
    selectBillings(db, { listTotal: totalOver() })
      .where(preparedWhere(shape))
      .orderBy(...billingsOrder(shape))
      .limit(sql.placeholder("limit"))
      .offset(sql.placeholder("offset"))
      .prepare(name),
);

const billingCountQuery = preparedPerShape("billing_count", (db, shape: BillingFilterShape, name) =>
  db.select({ n: count() }).from(eventBillings).where(preparedWhere(shape)).prepare(name),
);

/** The form's sums, whatever the list's filters. */
const billingSumsQuery = preparedPerDb((db) =>
  db
    .select({
      billings: count(),
      // A partly refunded payment was still taken: it stays a successful one, with its discount.
      successful: sql<number>`count(*) filter (where ${eventBillings.paymentStatus} in (${PAID_STATUS_LIST}))`.mapWith(Number),
      pending: sql<number>`count(*) filter (where ${eventBillings.paymentStatus} = 'Pending')`.mapWith(Number),
      // Net of refunds: a partly refunded payment keeps what was not given back, a refunded one nothing.
      collected: sql<
        string | null
      >`sum(${eventBillings.total} - ${eventBillings.refunded}) filter (where ${eventBillings.paymentStatus} in (${PAID_STATUS_LIST}))`,
      discounts: sql<string | null>`sum(${eventBillings.discount}) filter (where ${eventBillings.paymentStatus} in (${PAID_STATUS_LIST}))`,
      refunded: sql<string | null>`sum(${eventBillings.refunded})`,
    })
    .from(eventBillings)
    .where(eq(eventBillings.eventFormId, sql.placeholder("eventFormId")))
    .prepare("billing_sums"),
);

export async function listBillings(
  db: Db,
  eventFormId: number,
  query: BillingListQuery,
): Promise<PageRows<EventBillingView> & { totals: BillingTotals }> {
  const { shape: filters, values: filterValues } = BILLING_FILTERS.read(query);
  const sortBy = sortColumn(query.sort_by, BILLING_SORTS, "created_at");
  const values = { eventFormId, ...filterValues, ...pageValues(query) };
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
      refunded: money(totals.refunded ?? "0"),
    },
  };
}

/** What the payment brought in after refunds: nothing unless it was taken. */
const netAmount = (b: EventBillingView) => (isPaid(b.payment_status) ? fromCents(toCents(b.total) - toCents(b.refunded)) : "0.00");

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
  "Refunded",
  "Net",
  "Currency",
  "Status",
  "Paid at",
  "Created at",
] as const;

/** Every billing of the form matching the list's filters, in the list's order, as CSV. */
export function billingsCsv(
  db: Db,
  eventFormId: number,
  query: BillingFilters & Pick<BillingListQuery, "sort_by" | "sort_order">,
): ReadableStream<Uint8Array> {
  const where = billingsWhere(eventFormId, BILLING_FILTERS.whereValues(query));
  const order = billingsOrder(query);
  return csvStream(
    BILLINGS_CSV_HEADER,
    (offset, limit) =>
      selectBillings(db)
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset),
    (row) => {
      const b = view(row);
      return [
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
        b.refunded,
        netAmount(b),
        b.currency,
        b.payment_status,
        b.paid_at ?? "",
        b.created_at,
      ];
    },
  );
}

import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Page } from "#schemas/answers.ts";
import { MAX_PER_PAGE, listQuery, pageNumber, pageSize } from "#schemas/contract/list-query.ts";

export { MAX_PER_PAGE };
export type ListQuery = z.output<typeof listQuery>;

export function parseListQuery(url: string): ListQuery {
  return listQuery.parse(Object.fromEntries(new URL(url).searchParams));
}

type Order = "asc" | "desc";

/**
 * The direction the caller named (`sort_order` in the query string, its last value as the list query reads
 * it), if a valid one: the validated query cannot tell a direction asked for from its default.
 */
export function orderAsked(requestUrl: string): Order | undefined {
  const asked = new URL(requestUrl).searchParams.getAll("sort_order").at(-1);
  return asked === "asc" || asked === "desc" ? asked : undefined;
}

/** The query in the list's own direction (newest first, say) unless the caller named a direction or a column. */
export function inOwnOrder<Q extends { sort_by?: string; sort_order: Order }>(requestUrl: string, query: Q, own: Order): Q {
  return query.sort_by || orderAsked(requestUrl) ? query : { ...query, sort_order: own };
}

/**
 * A page number or page size given under another name (`limit`, a page of a list inside another answer),
 * read by the same rule as `page` and `per_page`: undefined when it is missing or not a whole number from 1.
 */
export const pageNumberParam = (params: URLSearchParams, name: string) =>
  pageNumber
    .optional()
    .catch(undefined)
    .parse(params.get(name) ?? undefined);
export const pageSizeParam = (params: URLSearchParams, name: string) =>
  pageSize
    .optional()
    .catch(undefined)
    .parse(params.get(name) ?? undefined);

/** Picks the sort column from an allow-list; anything else falls back to the default. */
export function sortColumn<K extends string>(requested: string | undefined, allowed: readonly K[], fallback: K): K {
  return (allowed as readonly string[]).includes(requested ?? "") ? (requested as K) : fallback;
}

/** One page of a list's rows and the list's total, as a list's query hands them to `page`. */
export interface PageRows<T> {
  total: number;
  data: T[];
}

/** The list answer (Laravel's paginator shape). */
export function page<T>(requestUrl: string, query: ListQuery, total: number, data: T[]): Page<T> {
  const lastPage = Math.max(1, Math.ceil(total / query.per_page));
  const link = (n: number) => {
    const url = new URL(requestUrl);
    url.searchParams.set("page", String(n));
    return url.pathname + url.search;
  };
  const from = data.length ? (query.page - 1) * query.per_page + 1 : null;
  return {
    data,
    links: {
      first: link(1),
      last: link(lastPage),
      prev: query.page > 1 ? link(query.page - 1) : null,
      next: query.page < lastPage ? link(query.page + 1) : null,
    },
    meta: {
      current_page: query.page,
      from,
      last_page: lastPage,
      per_page: query.per_page,
      to: from === null ? null : from + data.length - 1,
      total,
    },
  };
}

export const offset = (query: ListQuery) => (query.page - 1) * query.per_page;

/** The page's values for a prepared list query written with `sql.placeholder("limit")` and `("offset")`. */
export const pageValues = (query: ListQuery) => ({ limit: query.per_page, offset: offset(query) });

/**
 * The list's total carried by every row of the page query itself (`count(*) over ()` is computed before
 * LIMIT/OFFSET), so a page costs one round trip instead of a count and a select. Select it as `listTotal`:
 * a name no resource column has (a billing's `total` is money).
 */
export const totalOver = () => sql<number>`count(*) over ()`.mapWith(Number);

/**
 * The total of a page selected with `totalOver()`. A page past the end has no row to carry it: only then
 * is it counted on its own (page 1 empty means none at all).
 */
export async function totalOf(rows: readonly { listTotal: number }[], query: ListQuery, countAll: () => Promise<number>): Promise<number> {
  if (rows.length) return rows[0].listTotal;
  return query.page > 1 ? countAll() : 0;
}

/** How every list reads its query: page, page size, search and sort, each falling back rather than refused. */
import { z } from "zod";

export const MAX_PER_PAGE = 100;

/** A page number: a whole number from 1. */
export const pageNumber = z.coerce.number().int().min(1);
// Too large a page is capped rather than refused or silently reset.
export const pageSize = pageNumber.transform((n) => Math.min(n, MAX_PER_PAGE));

export const listQuery = z.object({
  page: pageNumber.catch(1),
  per_page: pageSize.catch(15),
  search: z.string().trim().max(200).optional().catch(undefined),
  sort_order: z.enum(["asc", "desc"]).catch("asc"),
  sort_by: z.string().optional(),
});

/** Ids are PostgreSQL `integer` (int4) serials: anything past this can name no row. */
export const MAX_ID = 2_147_483_647;

/**
 * The one id parser: a positive whole number within int4, given as a number or as digits only
 * ("12", not "12.0", "1e3" or " 12"). Returns undefined for anything else.
 */
export function parseId(value: unknown): number | undefined {
  const id = typeof value === "number" ? value : typeof value === "string" && /^\d{1,10}$/.test(value) ? Number(value) : NaN;
  return Number.isInteger(id) && id >= 1 && id <= MAX_ID ? id : undefined;
}

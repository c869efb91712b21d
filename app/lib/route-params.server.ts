import { data } from "react-router";
import { parseId } from "#schemas/ids";

/**
 * An id the request names (a route param, or the row a form or the address points at): one that cannot
 * name a row is the screen's 404 with the resource's own message, as the API answers it.
 */
export function requireId(value: unknown, message: string): number {
  const id = parseId(value);
  if (id === undefined) throw data(message, { status: 404 });
  return id;
}

import { parseId } from "#schemas/ids.ts";
import { notFound } from "./errors.ts";

/** An id from the URL path: one that cannot name a row is a 404 with the resource's own message. */
export function pathId(value: string | undefined, message = "Not Found"): number {
  const id = parseId(value);
  if (id === undefined) throw notFound(message);
  return id;
}

import type { MiddlewareHandler } from "hono";
import { parseId } from "#schemas/ids.ts";
import type { AppEnv } from "../context.ts";
import { notFound } from "./errors.ts";

/** An id from the URL path: one that cannot name a row is a 404 with the resource's own message. */
export function pathId(value: string | undefined, message = "Not Found"): number {
  const id = parseId(value);
  if (id === undefined) throw notFound(message);
  return id;
}

/**
 * A route's `before` step: an `:id` that cannot name a row is "not found" before the body is read, as it
 * was when the handler looked at the id first.
 */
export const pathIdFirst =
  (message = "Not Found"): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    pathId(c.req.param("id"), message);
    await next();
  };

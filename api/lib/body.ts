import type { Context } from "hono";
import type { AppEnv } from "../context.ts";
import { badRequest } from "./errors.ts";

/** The request body as a plain object, whether JSON, multipart or url-encoded. */
export async function readBody(c: Context<AppEnv>): Promise<Record<string, unknown>> {
  const type = c.req.header("content-type") ?? "";
  if (type.includes("application/json")) {
    try {
      const body: unknown = await c.req.json();
      return body && typeof body === "object" && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
    } catch {
      throw badRequest("The request body is not valid JSON.");
    }
  }
  if (type.includes("multipart/form-data") || type.includes("application/x-www-form-urlencoded")) {
    const body = await c.req.parseBody();
    const { _method: _ignored, ...fields } = body;
    return fields;
  }
  return {};
}

/**
 * Multipart bodies carry nested values (lists, objects) as JSON text; JSON bodies carry them as they
 * are. Blank text means "not given"; text that is not JSON is passed on for validation to refuse.
 */
export function jsonText(value: unknown): unknown {
  if (typeof value !== "string") return value;
  if (!value.trim()) return undefined;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

/** A list field (e.g. `links`): as `jsonText`, with "not given" meaning an empty list. */
export const jsonList = (value: unknown): unknown => jsonText(value) ?? [];

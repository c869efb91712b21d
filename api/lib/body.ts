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

/** Multipart bodies carry lists as JSON text (e.g. `links`); JSON bodies carry real arrays. */
export function jsonList(value: unknown): unknown {
  if (typeof value !== "string") return value ?? [];
  if (!value.trim()) return [];
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

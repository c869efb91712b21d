import { and, asc, count, eq, gt, lt } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { loginAttempts } from "../../db/schema.ts";
import { HttpError } from "../../lib/errors.ts";

export interface ThrottleRule {
  maxAttempts: number;
  windowSeconds: number;
}

export const throttleKey = (email: string, ip: string | undefined) => `${email.toLowerCase()}|${ip ?? "unknown"}`;

/** What a throttled request is told, and under which field; the login form's by default. */
export type ThrottleRefusal = (seconds: number) => { field: string; message: string };

const loginRefusal: ThrottleRefusal = (seconds) => ({ field: "email", message: `Too many login attempts. Please try again in ${seconds} seconds.` });

/** Refuses with 429 and Retry-After once the key has used up its failed attempts in the window. */
export async function assertNotThrottled(db: Db, key: string, rule: ThrottleRule, refusal: ThrottleRefusal = loginRefusal) {
  const since = new Date(Date.now() - rule.windowSeconds * 1000);
  const where = and(eq(loginAttempts.throttleKey, key), gt(loginAttempts.attemptedAt, since));
  const [{ n }] = await db.select({ n: count() }).from(loginAttempts).where(where);
  if (n < rule.maxAttempts) return;
  // The window frees up when the oldest counted attempt falls out of it.
  const [oldest] = await db
    .select({ at: loginAttempts.attemptedAt })
    .from(loginAttempts)
    .where(where)
    .orderBy(asc(loginAttempts.attemptedAt))
    .limit(1);
  const seconds = Math.max(1, Math.ceil((oldest.at.getTime() + rule.windowSeconds * 1000 - Date.now()) / 1000));
  const { field, message } = refusal(seconds);
  throw new HttpError(429, message, { [field]: [message] }, { "Retry-After": String(seconds) });
}

export async function recordFailure(db: Db, key: string, rule: ThrottleRule) {
  await db.insert(loginAttempts).values({ throttleKey: key });
  await db.delete(loginAttempts).where(lt(loginAttempts.attemptedAt, new Date(Date.now() - rule.windowSeconds * 10_000)));
}

export async function clearFailures(db: Db, key: string) {
  await db.delete(loginAttempts).where(eq(loginAttempts.throttleKey, key));
}

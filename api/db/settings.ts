import { randomBytes, randomInt } from "node:crypto";
import { inArray } from "drizzle-orm";
import type { AppCredentials } from "../realtime/signing.ts";
import type { Db } from "./client.ts";
import { appSettings } from "./schema.ts";

/**
 * Settings generated on first start and kept in the database, so every instance that shares the database
 * agrees on them: whichever instance inserts first wins, and all of them read the winner back.
 */
async function storedSettings(db: Db, generated: Record<string, string>): Promise<Record<string, string>> {
  const names = Object.keys(generated);
  await db
    .insert(appSettings)
    .values(names.map((key) => ({ key, value: generated[key] })))
    .onConflictDoNothing();
  const rows = await db.select({ key: appSettings.key, value: appSettings.value }).from(appSettings).where(inArray(appSettings.key, names));
  return Object.fromEntries(rows.map((row) => [row.key, row.value]));
}

/** The signing key: APP_KEY when given, otherwise one generated on first start and kept in the database. */
export async function appKey(db: Db, fromEnv?: string): Promise<string> {
  if (fromEnv) return fromEnv;
  return (await storedSettings(db, { app_key: randomBytes(32).toString("base64url") })).app_key;
}

/**
 * The realtime app's id, key and secret: PUSHER_APP_ID, PUSHER_APP_KEY and PUSHER_APP_SECRET when given,
 * each missing one generated once and kept in the database (the embedded server only: an external
 * server has its own, which must be configured).
 */
export async function realtimeCredentials(db: Db, given: Partial<AppCredentials>): Promise<AppCredentials> {
  if (given.appId && given.key && given.secret) return { appId: given.appId, key: given.key, secret: given.secret };
  const stored = await storedSettings(db, {
    pusher_app_id: String(randomInt(100_000, 1_000_000)),
    pusher_app_key: randomBytes(10).toString("hex"),
    pusher_app_secret: randomBytes(32).toString("hex"),
  });
  return {
    appId: given.appId || stored.pusher_app_id,
    key: given.key || stored.pusher_app_key,
    secret: given.secret || stored.pusher_app_secret,
  };
}

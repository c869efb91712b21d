import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "./client.ts";
import { appSettings } from "./schema.ts";

/**
 * The signing key: APP_KEY when given, otherwise one generated on first start and kept in the
 * database, so every instance that shares the database signs alike.
 */
export async function appKey(db: Db, fromEnv?: string): Promise<string> {
  if (fromEnv) return fromEnv;
  await db
    .insert(appSettings)
    .values({ key: "app_key", value: randomBytes(32).toString("base64url") })
    .onConflictDoNothing();
  const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, "app_key"));
  return row.value;
}

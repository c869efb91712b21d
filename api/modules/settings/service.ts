import { eq } from "drizzle-orm";
import { NOTIFICATION_TYPES } from "#schemas/notifications.ts";
import { DEFAULT_SETTINGS, type SettingsInput, type UserSettings } from "#schemas/settings.ts";
import type { Db } from "#api/db/client.ts";
import { userSettings } from "#api/db/settings-schema.ts";

/** The stored columns the API shows (the caller query reads them with the user, see auth/users.ts). */
export type UserSettingsRow = Pick<typeof userSettings.$inferSelect, "timeZone" | "dateFormat" | "theme" | "layout" | "mutedNotifications">;

/** A stored row as the API shows it; no row is the defaults. */
export function settingsJson(row: UserSettingsRow | undefined | null): UserSettings {
  if (!row) return { ...DEFAULT_SETTINGS, notifications: [...DEFAULT_SETTINGS.notifications] };
  const muted = new Set(row.mutedNotifications);
  return {
    time_zone: row.timeZone,
    date_format: row.dateFormat,
    theme: row.theme,
    layout: row.layout,
    notifications: NOTIFICATION_TYPES.filter((type) => !muted.has(type)),
  };
}

export async function getSettings(db: Db, userId: number): Promise<UserSettings> {
  const [row] = await db.select().from(userSettings).where(eq(userSettings.userId, userId));
  return settingsJson(row);
}

export async function saveSettings(db: Db, userId: number, input: SettingsInput): Promise<UserSettings> {
  const received = new Set(input.notifications);
  const columns = {
    timeZone: input.time_zone,
    dateFormat: input.date_format,
    theme: input.theme,
    layout: input.layout,
    mutedNotifications: NOTIFICATION_TYPES.filter((type) => !received.has(type)),
  };
  const [row] = await db
    .insert(userSettings)
    .values({ userId, ...columns })
    .onConflictDoUpdate({ target: userSettings.userId, set: { ...columns, updatedAt: new Date() } })
    .returning();
  return settingsJson(row);
}

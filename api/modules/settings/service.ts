import { eq, sql } from "drizzle-orm";
import { NOTIFICATION_TYPES } from "#schemas/notifications.ts";
import { DEFAULT_SETTINGS, type SettingsInput, type SettingsView, type UserSettings } from "#schemas/settings.ts";
import type { Db } from "#api/db/client.ts";
import { userSettings } from "#api/db/settings-schema.ts";
import { cancelMailTurnedOff, mailPreferencesOf } from "../notification-mail/preferences.ts";

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

function settingsView(row: typeof userSettings.$inferSelect | undefined): SettingsView {
  return { ...settingsJson(row), mail: mailPreferencesOf(row?.mailNotifications) };
}

export async function getSettings(db: Db, userId: number): Promise<SettingsView> {
  const [row] = await db.select().from(userSettings).where(eq(userSettings.userId, userId));
  return settingsView(row);
}

/**
 * Saves the preferences. Mail choices sent replace the saved ones whole (the form sends every kind); none
 * sent keeps them. Mail already queued of a kind now off is not sent (a reminder for next week, say).
 */
export async function saveSettings(db: Db, userId: number, input: SettingsInput): Promise<SettingsView> {
  const received = new Set(input.notifications);
  const columns = {
    timeZone: input.time_zone,
    dateFormat: input.date_format,
    theme: input.theme,
    layout: input.layout,
    mutedNotifications: NOTIFICATION_TYPES.filter((type) => !received.has(type)),
    ...(input.mail ? { mailNotifications: input.mail } : {}),
  };
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(userSettings)
      .values({ userId, ...columns })
      .onConflictDoUpdate({ target: userSettings.userId, set: { ...columns, updatedAt: sql`now()` } })
      .returning();
    const view = settingsView(row);
    await cancelMailTurnedOff(tx, userId, view.mail);
    return view;
  });
}

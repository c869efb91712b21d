import { and, eq, inArray, or, sql, type SQLWrapper } from "drizzle-orm";
import {
  DEFAULT_MAIL_PREFERENCES,
  MAIL_TYPES,
  type MailChoice,
  type MailPreferences,
  type MailType,
  type UnsubscribeTarget,
} from "#schemas/mail-preferences.ts";
import type { DatePreferences } from "#schemas/date-format.ts";
import type { Db } from "#api/db/client.ts";
import { mailOutbox } from "#api/db/mail-schema.ts";
import { users } from "#api/db/schema.ts";
import { userSettings } from "#api/db/settings-schema.ts";

/** Someone a mail may go to, with what the mail needs to speak to them and what they chose for its kind. */
export interface MailReader {
  userId: number;
  name: string;
  email: string;
  dates: DatePreferences;
  choice: MailChoice;
}

/** A kind's choice for a user: the saved one, or the kind's default. */
export const choiceOf = (saved: Partial<MailPreferences> | null | undefined, type: MailType): MailChoice =>
  saved?.[type] ?? DEFAULT_MAIL_PREFERENCES[type];

/** Every kind's choice: the saved one, or the kind's default. */
export function mailPreferencesOf(saved: Partial<MailPreferences> | undefined | null): MailPreferences {
  return Object.fromEntries(MAIL_TYPES.map((type) => [type, choiceOf(saved, type)])) as MailPreferences;
}

/** The kinds an unsubscribe link turns off: its own, or for the digest every kind the user gets by digest. */
export const kindsOf = (target: UnsubscribeTarget, preferences: MailPreferences): MailType[] =>
  target === "digest" ? MAIL_TYPES.filter((type) => preferences[type] === "digest") : [target];

/**
 * The active users among `ids` (a list, or a subquery of user ids) with what their mail needs: name,
 * address, clock and saved mail choices. Deactivated accounts get no mail.
 */
export function activeMailReaders(db: Db, ids: number[] | SQLWrapper) {
  return db
    .select({
      userId: users.id,
      name: users.name,
      email: users.email,
      timeZone: userSettings.timeZone,
      dateFormat: userSettings.dateFormat,
      mail: userSettings.mailNotifications,
    })
    .from(users)
    .leftJoin(userSettings, eq(userSettings.userId, users.id))
    .where(and(inArray(users.id, ids), eq(users.isActive, true)))
    .orderBy(users.id);
}

/** The active users among `userIds`, each with their choice for `type`. */
export async function mailReaders(db: Db, userIds: readonly number[], type: MailType): Promise<MailReader[]> {
  const ids = [...new Set(userIds)];
  if (!ids.length) return [];
  const rows = await activeMailReaders(db, ids);
  return rows.map((row) => ({
    userId: row.userId,
    name: row.name,
    email: row.email,
    dates: { timeZone: row.timeZone ?? "UTC", dateFormat: row.dateFormat ?? "medium" },
    choice: choiceOf(row.mail, type),
  }));
}

/**
 * An outbox kind names its mail type, and for the type's several mails what it is after a slash
 * ("event_calendar/reminder"), so a type's queued mail can be found by its kind.
 */
export const mailKind = (type: MailType | "digest", what?: string) => (what ? `${type}/${what}` : type);

const ofTypes = (types: readonly MailType[]) =>
  or(inArray(mailOutbox.kind, [...types]), ...types.map((type) => sql`${mailOutbox.kind} like ${`${type}/%`}`));

/** Queued mail of the kinds a user has just turned off is not sent after all (a reminder for next week, say). */
export async function cancelMailTurnedOff(tx: Db, userId: number, preferences: MailPreferences): Promise<void> {
  const off = MAIL_TYPES.filter((type) => preferences[type] === "off");
  if (!off.length) return;
  await tx.delete(mailOutbox).where(and(eq(mailOutbox.userId, userId), eq(mailOutbox.status, "queued"), ofTypes(off)));
}

/**
 * Turns mail off for a user as an unsubscribe link says (one kind, or the whole digest), keeping their other
 * choices, whether or not they ever saved settings. Their row is locked while it is read and written, and a
 * first row written by two clicks at once merges, so parallel clicks leave the same choices.
 */
export async function turnMailOff(tx: Db, userId: number, target: UnsubscribeTarget): Promise<MailPreferences> {
  const [row] = await tx
    .select({ mail: userSettings.mailNotifications })
    .from(userSettings)
    .where(eq(userSettings.userId, userId))
    .for("update");
  const off = kindsOf(target, mailPreferencesOf(row?.mail));
  const mail: Partial<MailPreferences> = { ...row?.mail, ...Object.fromEntries(off.map((type) => [type, "off"])) };
  await tx
    .insert(userSettings)
    .values({ userId, mailNotifications: mail })
    .onConflictDoUpdate({
      target: userSettings.userId,
      set: { mailNotifications: sql`${userSettings.mailNotifications} || excluded.mail_notifications`, updatedAt: sql`now()` },
    });
  const preferences = mailPreferencesOf(mail);
  await cancelMailTurnedOff(tx, userId, preferences);
  return preferences;
}

/** Queued (not yet sent) mail with these exact dedupe keys is dropped: a reminder for a time that changed. */
export async function cancelQueuedMail(tx: Db, dedupeKeys: readonly string[]): Promise<void> {
  if (!dedupeKeys.length) return;
  await tx.delete(mailOutbox).where(and(inArray(mailOutbox.dedupeKey, [...dedupeKeys]), eq(mailOutbox.status, "queued")));
}

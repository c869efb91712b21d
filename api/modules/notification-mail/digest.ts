import { and, asc, eq, inArray, isNull, lt, sql } from "drizzle-orm";
import { DIGEST_LOCAL_HOUR, MAIL_TYPES, type MailType } from "#schemas/mail-preferences.ts";
import { mailTypeLabel } from "#schemas/settings.ts";
import { instantToZoned } from "#schemas/time.ts";
import type { Db } from "#api/db/client.ts";
import { mailDigestItems } from "#api/db/realtime-schema.ts";
import { mailDates } from "#api/mail/format.ts";
import { DigestMail, type DigestSection } from "#api/mail/templates/digest.tsx";
import { mailReader } from "./deliver.ts";
import { activeMailReaders, mailPreferencesOf, type MailReader } from "./preferences.ts";

/** Digest lines already mailed are kept this long, so a chat's unread messages are never listed twice. */
const MAILED_KEPT_DAYS = 7;

/** The reader's own day and hour at `now`, on their clock. */
function localDay(now: Date, timeZone: string): { day: string; hour: number } {
  const local = instantToZoned(now, timeZone);
  return { day: local.slice(0, 10), hour: Number(local.slice(11, 13)) };
}

/** Everyone with lines waiting, with what their digest needs. */
async function waitingReaders(db: Db) {
  const waiting = db.selectDistinct({ userId: mailDigestItems.userId }).from(mailDigestItems).where(isNull(mailDigestItems.mailedAt));
  return activeMailReaders(db, waiting);
}

type Waiting = Awaited<ReturnType<typeof waitingReaders>>[number];

/**
 * One user's digest for their day, in one transaction: the waiting lines of the kinds they still get by
 * digest, kind by kind, queued under the key of their user and day. When that day's digest was queued
 * before (another instance, an earlier run), the key refuses this one and its lines keep waiting for the
 * next day; otherwise they are marked mailed with it. Lines of kinds no longer set to digest are dropped.
 */
async function sendDigest(db: Db, person: Waiting, day: string, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const items = await tx
      .select()
      .from(mailDigestItems)
      .where(and(eq(mailDigestItems.userId, person.userId), isNull(mailDigestItems.mailedAt), lt(mailDigestItems.createdAt, now)))
      .orderBy(asc(mailDigestItems.id));
    if (!items.length) return false;
    const preferences = mailPreferencesOf(person.mail);
    const kept = items.filter((item) => preferences[item.type] === "digest");
    const sections: DigestSection[] = MAIL_TYPES.map((type: MailType) => ({
      about: mailTypeLabel(type),
      lines: kept.filter((item) => item.type === type).map(({ title, body, url }) => ({ title, body, url })),
    })).filter((section) => section.lines.length);
    let queued: number | null = null;
    if (sections.length) {
      const reader: MailReader = {
        userId: person.userId,
        name: person.name,
        email: person.email,
        dates: { timeZone: person.timeZone ?? "UTC", dateFormat: person.dateFormat ?? "medium" },
        choice: "digest",
      };
      const shown = mailDates(reader.dates).day(now);
      queued = await mailReader(tx, reader, "digest", (_reader, links) => ({
        subject: `Your Launchpad digest for ${shown}`,
        element: DigestMail({ ...links, name: person.name, day: shown, sections }),
        dedupeKey: `digest:${person.userId}:${day}`,
      }));
      if (queued === null) return false;
    }
    const ids = items.map((item) => item.id);
    await tx.update(mailDigestItems).set({ mailedAt: now }).where(inArray(mailDigestItems.id, ids));
    return queued !== null;
  });
}

/**
 * The daily digests due at `now`: for each user with waiting lines whose own clock has reached
 * DIGEST_LOCAL_HOUR, that day's digest (once a day, whatever runs it). Answers how many were queued.
 */
export async function sendDigests(db: Db, now: Date = new Date()): Promise<number> {
  let sent = 0;
  for (const person of await waitingReaders(db)) {
    const { day, hour } = localDay(now, person.timeZone ?? "UTC");
    if (hour < DIGEST_LOCAL_HOUR) continue;
    if (await sendDigest(db, person, day, now)) sent++;
  }
  return sent;
}

/** Lines mailed long enough ago that nothing will ask about them again. */
export async function pruneDigestItems(db: Db, now: Date = new Date()): Promise<void> {
  await db
    .delete(mailDigestItems)
    .where(lt(mailDigestItems.mailedAt, sql`${now.toISOString()}::timestamptz - make_interval(days => ${MAILED_KEPT_DAYS})`));
}

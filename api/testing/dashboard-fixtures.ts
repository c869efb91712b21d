/** Rows at chosen instants for the dashboard's tests, and the calendar arithmetic their expectations need. */
import { instantToZoned, zonedToInstant } from "#schemas/time.ts";
import { coFounderInvitations, follows } from "../db/community-schema.ts";
import { users } from "../db/schema.ts";
import { eventApplications, type ApplicationStatus } from "../db/events-schema.ts";
import { eventBillings, type BillingStatus } from "../db/billing-schema.ts";
import { uniqueEmail } from "./fixtures.ts";
import type { TestApi } from "./harness.ts";

const DAY = 86_400_000;

/** Every card the dashboard's API answers, by the last part of its path. */
export const DASHBOARD_CARDS = [
  "applications-per-day",
  "applications-by-stage",
  "billings",
  "upcoming-events",
  "followers",
  "my-applications",
  "invitations",
];

/** Today's date on the zone's wall clock ("YYYY-MM-DD"). */
export const localToday = (zone: string) => instantToZoned(new Date(), zone).slice(0, 10);

/** A calendar date moved by whole days. */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d) + days * DAY).toISOString().slice(0, 10);
}

/** The Monday of a date's week. */
export function mondayOf(date: string): string {
  const [y, m, d] = date.split("-").map(Number);
  const weekday = (new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7;
  return addDays(date, -weekday);
}

/** The instant of a local time `daysAgo` days before today in the zone, e.g. at("UTC", 1, "12:00"). */
export const at = (zone: string, daysAgo: number, time: string) => zonedToInstant(`${addDays(localToday(zone), -daysAgo)}T${time}`, zone);

async function newUser(t: TestApi) {
  const [user] = await t.database.db
    .insert(users)
    .values({ name: "Applicant", email: uniqueEmail("dash"), passwordHash: "not-a-real-hash" })
    .returning({ id: users.id });
  return user.id;
}

/** One application by a new user (or `userId`), submitted at `submittedAt` (a draft has none). */
export async function application(
  t: TestApi,
  formId: number,
  status: ApplicationStatus,
  submittedAt: Date | null,
  userId?: number,
  createdAt?: Date,
) {
  await t.database.db.insert(eventApplications).values({
    eventFormId: formId,
    userId: userId ?? (await newUser(t)),
    status,
    applicantName: "Applicant",
    applicantEmail: "applicant@example.com",
    submittedAt,
    createdAt: createdAt ?? submittedAt ?? new Date(),
  });
}

/** One billing by a new payer; a successful one was paid at `paidAt`. */
export async function billing(
  t: TestApi,
  formId: number,
  status: BillingStatus,
  total: string,
  currency: string,
  paidAt: Date | null,
  createdAt = new Date(),
) {
  await t.database.db.insert(eventBillings).values({
    eventFormId: formId,
    userId: await newUser(t),
    name: "Payer",
    email: "payer@example.com",
    phone: "+234 801 234 5678",
    address: "1 Marina Road",
    country: "Nigeria",
    city: "Lagos",
    amount: total,
    total,
    currency,
    paymentStatus: status,
    provider: "sandbox",
    paidAt,
    createdAt,
    updatedAt: paidAt ?? createdAt,
  });
}

let followerId = 1_000_000;
/** A follow of the account from a made-up co-founder account, at `createdAt`. */
export async function follow(t: TestApi, followee: { type: "startup" | "organization" | "co_founder"; id: number }, createdAt: Date) {
  await t.database.db
    .insert(follows)
    .values({ followerType: "co_founder", followerId: ++followerId, followeeType: followee.type, followeeId: followee.id, createdAt });
}

export async function invitation(
  t: TestApi,
  startupId: number,
  coFounderId: number,
  status: "pending" | "accepted" | "declined" | "withdrawn",
  createdAt: Date,
) {
  await t.database.db.insert(coFounderInvitations).values({ startupId, coFounderId, status, createdAt });
}

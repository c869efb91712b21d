import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PERIOD_INVALID, TIME_ZONE_INVALID } from "#schemas/dashboard.ts";
import { zonedToInstant } from "#schemas/time.ts";
import { daysFromNow, insertEventForm, startupOwner } from "#api/testing/application-fixtures.ts";
import { coFounder, registered, userRow } from "#api/testing/fixtures.ts";
import { createTestApi, expectEveryCallRefused, type TestApi } from "#api/testing/harness.ts";
import {
  addDays,
  application,
  DASHBOARD_CARDS,
  at,
  billing,
  follow,
  invitation,
  localToday,
  mondayOf,
} from "#api/testing/dashboard-fixtures.ts";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

const BASE = "/api/v1/admin/dashboard";
const CARDS = DASHBOARD_CARDS;
const utc = (daysAgo: number) => at("UTC", daysAgo, "12:00");

/** The owner's data, known exactly; another owner's rows sit beside it and must never count. */
async function ownerWithData() {
  const owner = await startupOwner(t, "Dashboard Owner");
  const lagos = await insertEventForm(t, owner.startup.id, { title: "Lagos meetup", timezone: "Africa/Lagos", capacity: 10 });
  const second = await insertEventForm(t, owner.startup.id, { title: "Second event", startsAt: daysFromNow(14) });
  await insertEventForm(t, owner.startup.id, { title: "Unpublished", status: "draft", startsAt: daysFromNow(3) });
  await insertEventForm(t, owner.startup.id, { title: "Past", startsAt: daysFromNow(-3) });
  await application(t, lagos.id, "pending", utc(1));
  await application(t, lagos.id, "accepted", utc(1));
  await application(t, lagos.id, "shortlisted", utc(29)); // the 30-day window's first day
  await application(t, lagos.id, "rejected", utc(30)); // the day before it
  await application(t, lagos.id, "cancelled", utc(2));
  await application(t, lagos.id, "draft", null); // never counted for the owner
  await application(t, second.id, "pending", utc(1));
  await billing(t, lagos.id, "Successful", "50.00", "USD", utc(1));
  await billing(t, lagos.id, "Successful", "20.50", "USD", utc(8));
  await billing(t, second.id, "Successful", "1000.00", "NGN", utc(1));
  await billing(t, lagos.id, "Pending", "50.00", "USD", null);
  await billing(t, lagos.id, "Failed", "50.00", "USD", null);
  await billing(t, second.id, "Successful", "99.00", "USD", utc(40), utc(40)); // before the window
  await follow(t, { type: "startup", id: owner.startup.id }, utc(1));
  await follow(t, { type: "startup", id: owner.startup.id }, utc(10));
  await follow(t, { type: "startup", id: owner.startup.id }, utc(60));

  const other = await startupOwner(t, "Other Owner");
  const otherForm = await insertEventForm(t, other.startup.id, { title: "Not yours" });
  await application(t, otherForm.id, "pending", utc(1));
  await billing(t, otherForm.id, "Successful", "7.00", "USD", utc(1));
  await follow(t, { type: "startup", id: other.startup.id }, utc(1));
  return { owner, lagos, second, other, otherForm };
}

let data: Awaited<ReturnType<typeof ownerWithData>>;
beforeAll(async () => {
  data = await ownerWithData();
});

describe("guards", () => {
  it("answers 401 to anonymous callers on every card", async () => {
    await expectEveryCallRefused(
      t.client(),
      CARDS.map((card) => ["GET", `${BASE}/${card}`] as const),
      401,
      { message: "Unauthenticated." },
    );
  });

  it("refuses the owner's cards to a co-founder, who has no startup", async () => {
    const person = await coFounder(t);
    await expectEveryCallRefused(
      person.client,
      ["applications-per-day", "applications-by-stage", "billings", "upcoming-events"].map((card) => ["GET", `${BASE}/${card}`] as const),
      403,
      { message: "Access Forbidden" },
    );
  });

  it("answers 404 for another owner's form, as if it did not exist", async () => {
    const res = await data.other.client.get(`${BASE}/applications-per-day?form_id=${data.lagos.id}`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: "Event Form not found" });
  });
});

describe("the query", () => {
  it.each(["7", "31", "abc", "30.0", "-30"])("refuses period=%s with 422", async (period) => {
    for (const card of CARDS.slice(0, 6)) {
      const res = await data.owner.client.get(`${BASE}/${card}?period=${period}`);
      expect(res.status, card).toBe(422);
      expect(res.body.errors, card).toEqual({ period: [PERIOD_INVALID] });
    }
  });

  it.each(["Mars/Olympus", "utc", "+01:00", "Europe/Berlin'--"])("refuses tz=%s with 422", async (tz) => {
    const res = await data.owner.client.get(`${BASE}/applications-per-day?tz=${encodeURIComponent(tz)}`);
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ tz: [TIME_ZONE_INVALID] });
  });

  it.each([30, 90, 365] as const)("covers exactly %i local days, today included", async (period) => {
    const res = await data.owner.client.get(`${BASE}/applications-per-day?period=${period}`);
    expect(res.status).toBe(200);
    const card = res.body.data;
    expect(card.days).toHaveLength(period);
    expect(card.from).toBe(addDays(localToday("UTC"), -(period - 1)));
    expect(card.to).toBe(localToday("UTC"));
    expect(card.days[0].date).toBe(card.from);
    expect(card.days[period - 1].date).toBe(card.to);
    expect(card.period).toBe(period);
    expect(card.time_zone).toBe("UTC");
  });
});

describe("the owner's cards", () => {
  it("counts submitted applications per day: the window's first day in, the day before out, drafts never", async () => {
    const { body } = await data.owner.client.get(`${BASE}/applications-per-day`);
    const nonZero = body.data.days.filter((d: { count: number }) => d.count > 0);
    const today = localToday("UTC");
    expect(nonZero).toEqual([
      { date: addDays(today, -29), count: 1 },
      { date: addDays(today, -2), count: 1 },
      { date: addDays(today, -1), count: 3 },
    ]);
    expect(body.data.total).toBe(5);
    expect(body.data.event_form).toBeNull();
    expect(body.data.forms.map((f: { title: string }) => f.title).sort()).toEqual(["Lagos meetup", "Past", "Second event", "Unpublished"]);
    const wider = await data.owner.client.get(`${BASE}/applications-per-day?period=90`);
    expect(wider.body.data.total).toBe(6);
  });

  it("narrows to one form, on the event's own time zone unless one is asked for", async () => {
    const { body } = await data.owner.client.get(`${BASE}/applications-per-day?form_id=${data.second.id}`);
    expect(body.data.event_form).toEqual({ id: data.second.id, title: "Second event" });
    expect(body.data.time_zone).toBe("Africa/Lagos");
    expect(body.data.total).toBe(1);
    const asked = await data.owner.client.get(`${BASE}/applications-per-day?form_id=${data.second.id}&tz=Asia/Tokyo`);
    expect(asked.body.data.time_zone).toBe("Asia/Tokyo");
  });

  it("counts applications by review stage, every stage listed", async () => {
    const { body } = await data.owner.client.get(`${BASE}/applications-by-stage`);
    expect(body.data.stages).toEqual([
      { status: "pending", count: 2 },
      { status: "shortlisted", count: 1 },
      { status: "accepted", count: 1 },
      { status: "rejected", count: 0 },
      { status: "waitlisted", count: 0 },
      { status: "cancelled", count: 1 },
    ]);
    expect(body.data.total).toBe(5);
    const one = await data.owner.client.get(`${BASE}/applications-by-stage?form_id=${data.lagos.id}&period=365`);
    expect(one.body.data.stages.map((s: { count: number }) => s.count)).toEqual([1, 1, 1, 1, 0, 1]);
  });

  it("counts billings by payment status and sums revenue per week in each currency", async () => {
    const { body } = await data.owner.client.get(`${BASE}/billings`);
    expect(body.data.statuses).toEqual([
      { status: "Pending", count: 1 },
      { status: "Successful", count: 3 },
      { status: "Failed", count: 1 },
      { status: "Refunded", count: 0 },
      { status: "Partially refunded", count: 0 },
      { status: "Cancelled", count: 0 },
    ]);
    expect(body.data.total).toBe(5);
    const today = localToday("UTC");
    const weeks: string[] = [];
    for (let week = mondayOf(addDays(today, -29)); week <= today; week = addDays(week, 7)) weeks.push(week);
    const expected = (amounts: Record<string, string>) => weeks.map((week) => ({ week, total: amounts[week] ?? "0.00" }));
    const yesterday = mondayOf(addDays(today, -1));
    const eightDaysAgo = mondayOf(addDays(today, -8));
    expect(body.data.revenue).toEqual([
      { currency: "NGN", total: "1000.00", weeks: expected({ [yesterday]: "1000.00" }) },
      {
        currency: "USD",
        total: "70.50",
        weeks: expected(yesterday === eightDaysAgo ? { [yesterday]: "70.50" } : { [yesterday]: "50.00", [eightDaysAgo]: "20.50" }),
      },
    ]);
  });

  it("counts new followers per week", async () => {
    const { body } = await data.owner.client.get(`${BASE}/followers`);
    expect(body.data.account).toEqual({ type: "startup", id: data.owner.startup.id });
    expect(body.data.total).toBe(2);
    expect(body.data.weeks[0].week).toBe(mondayOf(addDays(localToday("UTC"), -29)));
    const year = await data.owner.client.get(`${BASE}/followers?period=365`);
    expect(year.body.data.total).toBe(3);
  });

  it("lists upcoming published events soonest first with the places taken", async () => {
    const { body } = await data.owner.client.get(`${BASE}/upcoming-events`);
    expect(body.data.total).toBe(2);
    expect(
      body.data.events.map((e: { title: string; capacity: number | null; places_taken: number }) => [e.title, e.capacity, e.places_taken]),
    ).toEqual([
      // Four submitted: the rejected one holds no place, nor the cancelled one.
      ["Lagos meetup", 10, 3],
      ["Second event", null, 1],
    ]);
  });

  it("shows another owner only their own figures", async () => {
    const perDay = await data.other.client.get(`${BASE}/applications-per-day`);
    expect(perDay.body.data.total).toBe(1);
    expect(perDay.body.data.forms).toEqual([{ id: data.otherForm.id, title: "Not yours" }]);
    const billings = await data.other.client.get(`${BASE}/billings`);
    expect(billings.body.data.revenue).toEqual([expect.objectContaining({ currency: "USD", total: "7.00" })]);
    const events = await data.other.client.get(`${BASE}/upcoming-events`);
    expect(events.body.data.events.map((e: { title: string }) => e.title)).toEqual(["Not yours"]);
    const followers = await data.other.client.get(`${BASE}/followers`);
    expect(followers.body.data.total).toBe(1);
  });
});

describe("time zones", () => {
  it("puts an application on the day of the asked zone", async () => {
    const owner = await startupOwner(t, "Zone Owner");
    const form = await insertEventForm(t, owner.startup.id, { timezone: "UTC" });
    // 00:30 yesterday in Tokyo is still the day before in UTC (Tokyo is UTC+9).
    const instant = at("Asia/Tokyo", 1, "00:30");
    await application(t, form.id, "pending", instant);
    const day = (zone: string) => instant.toLocaleDateString("en-CA", { timeZone: zone });
    const tokyo = await owner.client.get(`${BASE}/applications-per-day?tz=Asia/Tokyo`);
    expect(tokyo.body.data.days.filter((d: { count: number }) => d.count)).toEqual([
      { date: addDays(localToday("Asia/Tokyo"), -1), count: 1 },
    ]);
    const inUtc = await owner.client.get(`${BASE}/applications-per-day?tz=UTC`);
    expect(inUtc.body.data.days.filter((d: { count: number }) => d.count)).toEqual([{ date: day("UTC"), count: 1 }]);
    expect(day("UTC")).toBe(addDays(addDays(localToday("Asia/Tokyo"), -1), -1));
    // The form's own zone is UTC, so without tz the UTC day is used.
    const own = await owner.client.get(`${BASE}/applications-per-day?form_id=${form.id}`);
    expect(own.body.data.days.filter((d: { count: number }) => d.count)).toEqual([{ date: day("UTC"), count: 1 }]);
  });

  it("starts weeks on the zone's Monday", async () => {
    const owner = await startupOwner(t, "Week Owner");
    // Monday 00:30 in Kiritimati (UTC+14) is still Sunday in UTC: a different week.
    const kiritimatiMonday = mondayOf(localToday("Pacific/Kiritimati"));
    const monday = addDays(kiritimatiMonday, kiritimatiMonday === localToday("Pacific/Kiritimati") ? -7 : 0);
    const instant = zonedToInstant(`${monday}T00:30`, "Pacific/Kiritimati");
    await follow(t, { type: "startup", id: owner.startup.id }, instant);
    const there = await owner.client.get(`${BASE}/followers?tz=Pacific/Kiritimati`);
    expect(there.body.data.weeks.filter((w: { count: number }) => w.count)).toEqual([{ week: monday, count: 1 }]);
    const inUtc = await owner.client.get(`${BASE}/followers`);
    expect(inUtc.body.data.weeks.filter((w: { count: number }) => w.count)).toEqual([{ week: addDays(monday, -7), count: 1 }]);
  });
});

describe("the co-founder's cards", () => {
  it("counts their own applications by status, drafts included, and invitations received", async () => {
    const person = await coFounder(t);
    const profileId = (await userRow(t, person.id)).coFounderId!;
    const owner = await startupOwner(t, "Inviter");
    const forms = await Promise.all([1, 2, 3].map(() => insertEventForm(t, owner.startup.id)));
    await application(t, forms[0].id, "draft", null, person.id);
    await application(t, forms[1].id, "accepted", utc(3), person.id);
    await application(t, forms[2].id, "pending", utc(100), person.id, utc(100));
    await invitation(t, owner.startup.id, profileId, "pending", utc(1));
    await invitation(t, owner.startup.id, profileId, "declined", utc(5));
    await invitation(t, owner.startup.id, profileId, "accepted", utc(100));

    const mine = await person.client.get(`${BASE}/my-applications`);
    expect(mine.body.data.statuses).toEqual([
      { status: "draft", count: 1 },
      { status: "pending", count: 0 },
      { status: "shortlisted", count: 0 },
      { status: "accepted", count: 1 },
      { status: "rejected", count: 0 },
      { status: "waitlisted", count: 0 },
      { status: "cancelled", count: 0 },
    ]);
    const received = await person.client.get(`${BASE}/invitations`);
    expect(received.body.data.sent).toBeNull();
    expect(received.body.data.received).toEqual([
      { status: "pending", count: 1 },
      { status: "accepted", count: 0 },
      { status: "declined", count: 1 },
      { status: "withdrawn", count: 0 },
    ]);
    const sent = await owner.client.get(`${BASE}/invitations?period=365`);
    expect(sent.body.data.received).toBeNull();
    expect(sent.body.data.sent.map((s: { count: number }) => s.count)).toEqual([1, 1, 1, 0]);
    const followers = await person.client.get(`${BASE}/followers`);
    expect(followers.body.data.account).toEqual({ type: "co_founder", id: profileId });
  });

  it("refuses invitations and followers to a user with no profile yet", async () => {
    const fresh = await registered(t, "Fresh");
    await expectEveryCallRefused(
      fresh.client,
      [
        ["GET", `${BASE}/invitations`],
        ["GET", `${BASE}/followers`],
      ],
      403,
      { message: "Access Forbidden" },
    );
  });
});

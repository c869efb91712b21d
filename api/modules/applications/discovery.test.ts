import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startups } from "#api/db/schema.ts";
import { daysFromNow, insertEventForm, sendApplication, startupOwner, type EventFormRow } from "#api/testing/application-fixtures.ts";
import { registered } from "#api/testing/fixtures.ts";
import { createTestApi, type TestApi, type TestClient } from "#api/testing/harness.ts";

let t: TestApi;
let viewer: TestClient;
let owner: Awaited<ReturnType<typeof startupOwner>>;
const forms: Record<string, EventFormRow> = {};
const HOUR = 60 * 60 * 1000;

beforeAll(async () => {
  t = await createTestApi();
  viewer = (await registered(t, "Viewer")).client;
  owner = await startupOwner(t, "Owner");
  const zebra = await startupOwner(t, "Zebra");
  await t.database.db.update(startups).set({ name: "Zebra Labs" }).where(eq(startups.id, zebra.startup.id));

  const s = owner.startup.id;
  forms.workshop = await insertEventForm(t, s, {
    title: "Robotics workshop",
    category: "Workshop",
    nature: "in_person",
    venue: "Yaba Hub",
    onlineLink: null,
    startsAt: daysFromNow(2),
    description: "x".repeat(600),
    capacity: 30,
  });
  forms.meetup = await insertEventForm(t, zebra.startup.id, { title: "Founders meetup", category: "Meetup", startsAt: daysFromNow(10) });
  forms.running = await insertEventForm(t, s, { title: "Live hackathon", category: "Hackathon", startsAt: new Date(Date.now() - HOUR) });
  forms.past = await insertEventForm(t, s, { title: "Last year's demo day", startsAt: daysFromNow(-10) });
  forms.draft = await insertEventForm(t, s, { title: "Secret draft", status: "draft", startsAt: daysFromNow(3) });
  forms.closed = await insertEventForm(t, s, { title: "Closed conference", status: "closed", startsAt: daysFromNow(4) });
  // 23:30 UTC on 15 June is already 16 June in Tokyo.
  forms.tokyo = await insertEventForm(t, s, {
    title: "Tokyo night",
    timezone: "Asia/Tokyo",
    startsAt: new Date("2030-06-15T23:30:00Z"),
    typeOfEvent: "paid",
    paidEventInformation: { price: "25.00", currency: "USD", includes: null },
  });
});
afterAll(() => t.close());

const titles = async (query = "") => {
  const res = await viewer.get(`/api/v1/site/events${query}`);
  expect(res.status).toBe(200);
  return res.body.data.map((e: { title: string }) => e.title);
};

describe("GET /api/v1/site/events", () => {
  it("needs a login", async () => {
    const res = await t.client().get("/api/v1/site/events");
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: "Unauthenticated." });
  });

  it("lists upcoming and running published events of every startup, soonest first", async () => {
    expect(await titles()).toEqual(["Live hackathon", "Robotics workshop", "Founders meetup", "Tokyo night"]);
  });

  it("includes past events on request", async () => {
    expect(await titles("?include_past=1")).toEqual([
      "Last year's demo day",
      "Live hackathon",
      "Robotics workshop",
      "Founders meetup",
      "Tokyo night",
    ]);
    expect(await titles("?include_past=1&sort_order=desc")).toEqual([
      "Tokyo night",
      "Founders meetup",
      "Robotics workshop",
      "Live hackathon",
      "Last year's demo day",
    ]);
  });

  it("shows an event as a card with a short description and its startup", async () => {
    const res = await viewer.get("/api/v1/site/events?category=Workshop");
    expect(res.body.data).toEqual([
      {
        id: forms.workshop.id,
        public_url: `http://localhost:3000/e/robotics-workshop-${forms.workshop.id}`,
        title: "Robotics workshop",
        description: "x".repeat(280),
        banner_url: null,
        category: "Workshop",
        nature: "in_person",
        timezone: "Africa/Lagos",
        starts_at: forms.workshop.startsAt.toISOString(),
        ends_at: forms.workshop.endsAt.toISOString(),
        venue: "Yaba Hub",
        type_of_event: "free",
        paid_event_information: null,
        capacity: 30,
        status: "published",
        startup: { id: owner.startup.id, name: "Acme", username: owner.startup.username, logo_url: null },
        is_favorited: false,
        my_application_status: null,
      },
    ]);
  });

  it("marks the events the caller applied to with their application's status, for them alone", async () => {
    const applicant = await registered(t, "Applicant");
    expect((await sendApplication(applicant.client, forms.meetup.id, { full_name: "Ada", email: "ada@example.com" }, "draft")).status).toBe(
      201,
    );
    expect((await sendApplication(applicant.client, forms.workshop.id, { full_name: "Ada", email: "ada@example.com" })).status).toBe(201);
    const statuses = async (client: TestClient) =>
      Object.fromEntries(
        (await client.get("/api/v1/site/events")).body.data.map((e: { title: string; my_application_status: string | null }) => [
          e.title,
          e.my_application_status,
        ]),
      );
    expect(await statuses(applicant.client)).toEqual({
      "Live hackathon": null,
      "Robotics workshop": "pending",
      "Founders meetup": "draft",
      "Tokyo night": null,
    });
    expect(Object.values(await statuses(viewer))).toEqual([null, null, null, null]);
  });

  it("filters by category and nature", async () => {
    expect(await titles("?category=Meetup")).toEqual(["Founders meetup"]);
    expect(await titles("?nature=in_person")).toEqual(["Robotics workshop"]);
    expect(await titles("?nature=online&category=Hackathon")).toEqual(["Live hackathon"]);
    expect(await titles("?category=Nope")).toEqual([]);
  });

  it("filters by the start date on the event's own calendar", async () => {
    expect(await titles("?from=2030-06-16")).toEqual(["Tokyo night"]);
    expect(await titles("?from=2030-06-01&to=2030-06-15")).toEqual([]);
    expect(await titles("?from=2030-06-16&to=2030-06-16")).toEqual(["Tokyo night"]);
    expect(await titles(`?include_past=1&to=${daysFromNow(-5).toISOString().slice(0, 10)}`)).toEqual(["Last year's demo day"]);
    // A malformed or impossible date is ignored rather than refused.
    expect(await titles("?from=2030-02-30")).toHaveLength(4);
    expect(await titles("?to=soon")).toHaveLength(4);
  });

  it("searches titles and startup names", async () => {
    expect(await titles("?search=robot")).toEqual(["Robotics workshop"]);
    expect(await titles("?search=zebra")).toEqual(["Founders meetup"]);
    expect(await titles("?search=%25")).toEqual([]);
    expect(await titles("?search=secret")).toEqual([]);
  });

  it("pages in the list shape", async () => {
    const res = await viewer.get("/api/v1/site/events?per_page=3&page=2");
    expect(res.body.data.map((e: { title: string }) => e.title)).toEqual(["Tokyo night"]);
    expect(res.body.meta).toEqual({ current_page: 2, from: 4, last_page: 2, per_page: 3, to: 4, total: 4 });
    expect(res.body.links).toEqual({
      first: "/api/v1/site/events?per_page=3&page=1",
      last: "/api/v1/site/events?per_page=3&page=2",
      prev: "/api/v1/site/events?per_page=3&page=1",
      next: null,
    });
    const byTitle = await titles("?sort_by=title");
    expect(byTitle).toEqual(["Founders meetup", "Live hackathon", "Robotics workshop", "Tokyo night"]);
  });
});

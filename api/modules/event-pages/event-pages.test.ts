import { eq } from "drizzle-orm";
import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventSlug } from "#schemas/event-pages.ts";
import { eventApplications, eventForms, type ApplicationStatus } from "#api/db/events-schema.ts";
import { insertEventForm, ownerWithForm, sendApplication } from "#api/testing/application-fixtures.ts";
import { pngFile, registered } from "#api/testing/fixtures.ts";
import { checkedFetch, createTestApi, type TestApi } from "#api/testing/harness.ts";
import {
  createEventForm,
  eventFormData,
  ownerWithCollection,
  setEventFormStatus,
  validEventFormFields,
} from "#api/testing/event-fixtures.ts";

const APP_URL = "https://launchpad.example.org";
let t: TestApi;
beforeAll(async () => {
  t = await createTestApi({ appUrl: APP_URL });
});
afterAll(() => t.close());

const pageOf = (slug: string) => t.client().get(`/api/v1/public/events/${slug}`);

/** Someone who applied to the form, with the given status and choice about the public page. */
async function applicant(formId: number, name: string, status: ApplicationStatus, showOnEventPage: boolean) {
  const person = await registered(t, name);
  const sent = await sendApplication(person.client, formId, { full_name: name, email: person.email });
  expect(sent.status).toBe(201);
  await t.database.db
    .update(eventApplications)
    .set({ status, showOnEventPage })
    .where(eq(eventApplications.id, sent.body.event_application.id));
  return person;
}

describe("an event's public page", () => {
  it("is read without an account: the event, its host, places left and the deadline, but no join link or questions", async () => {
    const { owner, form } = await ownerWithForm(t, {
      title: "Lagos Robotics Night",
      capacity: 10,
      nature: "hybrid",
      venue: "Yaba Tech Hub",
      venueCountry: "NG",
      venueCity: "Lagos",
    });
    await applicant(form.id, "Ada Pending", "pending", false);
    const res = await pageOf(`lagos-robotics-night-${form.id}`);
    expect(res.status).toBe(200);
    const event = res.body.event;
    expect(event).toMatchObject({
      id: form.id,
      slug: `lagos-robotics-night-${form.id}`,
      public_url: `${APP_URL}/e/lagos-robotics-night-${form.id}`,
      title: "Lagos Robotics Night",
      nature: "hybrid",
      venue: "Yaba Tech Hub",
      venue_city: "Lagos",
      capacity: 10,
      places_left: 9,
      can_apply: true,
      closed_reason: null,
      host: { id: owner.startup.id, username: owner.startup.username, name: owner.startup.name },
    });
    expect(event).not.toHaveProperty("online_link");
    expect(event).not.toHaveProperty("questions");
    expect(event).not.toHaveProperty("custom_questions");
    // A shared link sets no cookie: the visitor has nothing to send back from this page.
    expect(res.headers.getSetCookie()).toEqual([]);
    expect((await t.client().get(`/api/v1/public/events/${event.slug}/calendar.ics`)).headers.getSetCookie()).toEqual([]);
  });

  it("is found by an old slug after a rename, and answers with the current one", async () => {
    const { form } = await ownerWithForm(t, { title: "Pitch Practice" });
    const res = await pageOf(`old-name-of-the-event-${form.id}`);
    expect(res.status).toBe(200);
    expect(res.body.event.slug).toBe(`pitch-practice-${form.id}`);
    expect((await pageOf(String(form.id))).body.event.slug).toBe(`pitch-practice-${form.id}`);
  });

  it("is a 404 'Event Form not found' for drafts, unknown events and slugs that name no event", async () => {
    const { form } = await ownerWithForm(t, { status: "draft" });
    for (const slug of [`demo-day-${form.id}`, "no-such-event-2147483000", "no-id-here", "0", "x-99999999999", "%E2%9C%93"]) {
      const res = await pageOf(slug);
      expect(res.status, slug).toBe(404);
      expect(res.body).toEqual({ message: "Event Form not found" });
    }
  });

  it("stays up once closed, and says why nobody can apply", async () => {
    const { form } = await ownerWithForm(t, { status: "closed" });
    const res = await pageOf(eventSlug(form.id, form.title));
    expect(res.status).toBe(200);
    expect(res.body.event).toMatchObject({ status: "closed", can_apply: false, closed_reason: "This event is not open for applications." });
  });

  it("shows a full event as full, with no places left", async () => {
    const { form } = await ownerWithForm(t, { capacity: 1 });
    await applicant(form.id, "Only One", "accepted", false);
    const res = await pageOf(eventSlug(form.id, form.title));
    expect(res.body.event).toMatchObject({ places_left: 0, can_apply: false, closed_reason: "This event is full." });
  });

  it("shows only accepted attendees who agreed to be shown, and counts every accepted one", async () => {
    const { form } = await ownerWithForm(t);
    await applicant(form.id, "Grace Shown", "accepted", true);
    await applicant(form.id, "Hidden Hopper", "accepted", false);
    await applicant(form.id, "Pending Pat", "pending", true);
    await applicant(form.id, "Rejected Rae", "rejected", true);
    const res = await pageOf(eventSlug(form.id, form.title));
    expect(res.body.event.attendees).toEqual([{ name: "Grace Shown", avatar_url: null }]);
    expect(res.body.event.attendees_count).toBe(2);
  });
});

describe("the applicant's choice to be shown", () => {
  it("is kept from the application form, as a JSON flag or a ticked checkbox", async () => {
    const { form } = await ownerWithForm(t);
    const json = await registered(t, "Json Flag");
    const byJson = await json.client.post(`/api/v1/admin/event_forms/${form.id}/applications`, {
      intent: "submit",
      answers: { full_name: "Json Flag", email: json.email },
      show_on_event_page: true,
    });
    expect(byJson.body.event_application.show_on_event_page).toBe(true);

    const boxed = await registered(t, "Box Ticked");
    const body = new FormData();
    body.set("intent", "submit");
    body.set("answers[full_name]", "Box Ticked");
    body.set("answers[email]", boxed.email);
    body.set("show_on_event_page", "on");
    expect(
      (await boxed.client.post(`/api/v1/admin/event_forms/${form.id}/applications`, body)).body.event_application.show_on_event_page,
    ).toBe(true);

    const unticked = await registered(t, "Not Ticked");
    const plain = await sendApplication(unticked.client, form.id, { full_name: "Not Ticked", email: unticked.email });
    expect(plain.body.event_application.show_on_event_page).toBe(false);
  });
});

describe("public_url on every event form answer", () => {
  it("is the page's absolute address in the owner's form, the applicant's form and the events list", async () => {
    const { owner, form } = await ownerWithForm(t, { title: "Founders Breakfast" });
    const url = `${APP_URL}/e/founders-breakfast-${form.id}`;
    expect((await owner.client.get(`/api/v1/admin/event_forms/${form.id}`)).body.event_form.public_url).toBe(url);
    const reader = await registered(t, "Reader");
    expect((await reader.client.get(`/api/v1/site/event_forms/${form.id}`)).body.event_form.public_url).toBe(url);
    const list = await reader.client.get(`/api/v1/site/events?search=${encodeURIComponent("Founders Breakfast")}`);
    expect(list.body.data.find((card: { id: number }) => card.id === form.id).public_url).toBe(url);
  });

  it("follows the title: a renamed form's page has the new slug", async () => {
    const { owner } = await ownerWithForm(t);
    const form = await insertEventForm(t, owner.startup.id, { title: "Ünïcode & Friends: 2035!" });
    expect(eventSlug(form.id, form.title)).toBe(`unicode-friends-2035-${form.id}`);
    const res = await owner.client.get(`/api/v1/admin/event_forms/${form.id}`);
    expect(res.body.event_form.public_url).toBe(`${APP_URL}/e/unicode-friends-2035-${form.id}`);
  });
});

describe("the event's calendar file", () => {
  const calendarOf = async (client: ReturnType<TestApi["client"]>, slug: string) => {
    const res = await client.get(`/api/v1/public/events/${slug}/calendar.ics`);
    const text = res.body as string;
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    const calendar = new ICAL.Component(ICAL.parse(text));
    for (const zone of calendar.getAllSubcomponents("vtimezone")) ICAL.TimezoneService.register(zone);
    return new ICAL.Event(calendar.getFirstSubcomponent("vevent")!);
  };

  it("is on the event's own clock, with a stable UID, the SEQUENCE of its time changes, and the public page", async () => {
    const startsAt = new Date("2035-06-01T17:00:00Z");
    const { form } = await ownerWithForm(t, {
      title: "Calendar Night",
      startsAt,
      endsAt: new Date("2035-06-01T20:00:00Z"),
      calendarSequence: 2,
    });
    const event = await calendarOf(t.client(), eventSlug(form.id, form.title));
    expect(event.summary).toBe("Calendar Night");
    expect(event.uid).toBe(`event-form-${form.id}@launchpad.example.org`);
    expect(event.sequence).toBe(2);
    expect(event.startDate.zone?.tzid).toBe("Africa/Lagos");
    expect(event.startDate.toString()).toBe("2035-06-01T18:00:00");
    expect(event.startDate.toJSDate().toISOString()).toBe(startsAt.toISOString());
    expect(event.component.getFirstPropertyValue("url")).toBe(`${APP_URL}/e/calendar-night-${form.id}`);
  });

  it("has the join link only for a caller whose application is accepted", async () => {
    const { form } = await ownerWithForm(t, { onlineLink: "https://meet.example.com/secret-room" });
    const slug = eventSlug(form.id, form.title);
    expect((await calendarOf(t.client(), slug)).description).not.toContain("secret-room");
    const pending = await applicant(form.id, "Pending Pia", "pending", false);
    expect((await calendarOf(pending.client, slug)).description).not.toContain("secret-room");
    const accepted = await applicant(form.id, "Accepted Ali", "accepted", false);
    expect((await calendarOf(accepted.client, slug)).description).toContain("https://meet.example.com/secret-room");
  });

  it("is a 404 for a draft", async () => {
    const { form } = await ownerWithForm(t, { status: "draft" });
    const res = await t.client().get(`/api/v1/public/events/${eventSlug(form.id, form.title)}/calendar.ics`);
    expect(res.status).toBe(404);
  });
});

describe("the link-preview image", () => {
  it("is a 1200×630 PNG drawn for the event, which a shared cache may keep a while; a draft has none", async () => {
    const { form } = await ownerWithForm(t, { title: "Poster Evening" });
    const res = await t.client().get(`/api/v1/public/events/${eventSlug(form.id, form.title)}/preview.png`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(res.headers.get("cache-control")).toBe("public, max-age=600");
    const bytes = new Uint8Array(
      await (await checkedFetch(t.api, new Request(`http://localhost/api/v1/public/events/${form.id}/preview.png`))).arrayBuffer(),
    );
    expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const header = Buffer.from(bytes.subarray(16, 24));
    expect([header.readUInt32BE(0), header.readUInt32BE(4)]).toEqual([1200, 630]);

    const draft = await insertEventForm(t, (await ownerWithForm(t)).owner.startup.id, { status: "draft" });
    expect((await t.client().get(`/api/v1/public/events/${draft.id}/preview.png`)).status).toBe(404);
  });
});

describe("the page's answer, reused (PUBLIC_PAGE_CACHE_MS)", () => {
  it("is the same for every reader until a write through the API empties it", async () => {
    const cached = await createTestApi({ publicPageCacheMs: 60_000 });
    try {
      const { owner, form } = await ownerWithForm(cached, { title: "Cached Evening", capacity: 5 });
      const read = async (slug: string) => (await cached.client().get(`/api/v1/public/events/${slug}`)).body.event;
      expect((await read(`cached-evening-${form.id}`)).places_left).toBe(5);
      // Changed behind the API's back: the kept answer is still served, under any slug of the event.
      await cached.database.db.update(eventForms).set({ capacity: 3 }).where(eq(eventForms.id, form.id));
      expect((await read(`cached-evening-${form.id}`)).places_left).toBe(5);
      expect((await read(String(form.id))).places_left).toBe(5);
      // Any write through the API (here, an unrelated one) empties it.
      expect((await owner.client.post("/api/v1/admin/collections", { name: "Another" })).status).toBe(201);
      expect((await read(`cached-evening-${form.id}`)).places_left).toBe(3);
      // A draft is never kept as an answer: still a 404 after being asked.
      await cached.database.db.update(eventForms).set({ status: "draft" }).where(eq(eventForms.id, form.id));
      expect((await owner.client.post("/api/v1/admin/collections", { name: "Third" })).status).toBe(201);
      expect((await cached.client().get(`/api/v1/public/events/${form.id}`)).status).toBe(404);
    } finally {
      await cached.close();
    }
  });
});

describe("the page's cover", () => {
  it("says the uploaded cover's type, and none without a cover", async () => {
    const owner = await ownerWithCollection(t);
    const covered = await owner.client.post(
      "/api/v1/admin/event_forms",
      eventFormData({ ...validEventFormFields(owner.collection.id), banner: pngFile("cover.png") }),
    );
    expect(covered.status).toBe(201);
    await setEventFormStatus(owner.client, covered.body.event_form.id, "published");
    const page = (await pageOf(String(covered.body.event_form.id))).body.event;
    expect(page.banner_url).toMatch(/^\/api\/v1\/files\//);
    expect(page.banner_type).toBe("image/png");
    const bare = await createEventForm(owner.client, owner.collection.id);
    await setEventFormStatus(owner.client, bare.id, "published");
    expect((await pageOf(String(bare.id))).body.event).toMatchObject({ banner_url: null, banner_type: null });
  });
});

describe("when an event moved, and since when it takes applications", () => {
  it("keeps a published event's start before it moved, not a draft's; and the time it was first published", async () => {
    const owner = await ownerWithCollection(t);
    const move = (id: number, startsAt: string) =>
      owner.client.put(
        `/api/v1/admin/event_forms/${id}`,
        validEventFormFields(owner.collection.id, { starts_at: startsAt, ends_at: startsAt.replace("T18", "T21") }),
      );
    const draft = await createEventForm(owner.client, owner.collection.id);
    // Moved while a draft: nobody saw the first date.
    expect((await move(draft.id, "2035-06-08T18:00")).status).toBe(200);
    const before = Date.now();
    await setEventFormStatus(owner.client, draft.id, "published");
    const published = (await pageOf(String(draft.id))).body.event;
    expect(published.previous_starts_at).toBeNull();
    expect(Date.parse(published.published_at)).toBeGreaterThanOrEqual(before - 1_000);

    // Moved once published: the start it had is kept; the same start again changes nothing.
    expect((await move(draft.id, "2035-06-15T18:00")).status).toBe(200);
    expect((await move(draft.id, "2035-06-15T18:00")).status).toBe(200);
    const moved = (await pageOf(String(draft.id))).body.event;
    expect(moved.starts_at).toBe("2035-06-15T17:00:00.000Z");
    expect(moved.previous_starts_at).toBe("2035-06-08T17:00:00.000Z");

    // Closed and published again: still first published when it first was.
    await setEventFormStatus(owner.client, draft.id, "closed");
    await setEventFormStatus(owner.client, draft.id, "published");
    expect((await pageOf(String(draft.id))).body.event.published_at).toBe(published.published_at);
  });
});

import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EVENT_CATEGORIES } from "#schemas/events.ts";
import { files } from "#api/db/schema.ts";
import { eventApplications, eventForms } from "#api/db/events-schema.ts";
import type { FieldErrors } from "#api/lib/errors.ts";
import type { Page } from "#schemas/answers.ts";
import {
  createEventForm,
  eventFormData,
  insertApplication,
  ownerWithCollection,
  setEventFormStatus,
  validEventFormFields,
} from "#api/testing/event-fixtures.ts";
import { TINY_PNG, coFounder, fetchBytes, grantRole, pngFile, registered } from "#api/testing/fixtures.ts";
import { createTestApi, expectEveryCallRefused, type Call, type TestApi, type TestClient } from "#api/testing/harness.ts";
import { applicationForm, pdfFile } from "#api/testing/application-fixtures.ts";
import type { EventFormView } from "#schemas/event-form-views.ts";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

type List = Page<EventFormView>;
type Answer = { event_form: EventFormView; message: string; errors: FieldErrors };

const BASE = "/api/v1/admin/event_forms";
const STATUSES = "/api/v1/admin/event_form_statuses";
const QUESTION_ID = /^q-[0-9a-f]{8}$/;

async function formRow(id: number) {
  const [row] = await t.database.db.select().from(eventForms).where(eq(eventForms.id, id));
  return row;
}

const filesOwnedBy = async (userId: number) =>
  (await t.database.db.select({ id: files.id }).from(files).where(eq(files.ownerUserId, userId))).map((row) => row.id);

async function fileExists(url: string) {
  const id = url.split("/").pop()!;
  return (await t.database.db.select({ id: files.id }).from(files).where(eq(files.id, id))).length === 1;
}

const create = (client: TestClient, body: unknown) => client.post<Answer>(BASE, body);

describe("reference lists", () => {
  it("lists event categories and natures for any logged-in user", async () => {
    const { client } = await coFounder(t);
    const categories = await client.get("/api/v1/site/common/event_categories");
    expect(categories.status).toBe(200);
    expect(categories.body).toEqual({ data: EVENT_CATEGORIES.map((name) => ({ value: name, label: name })) });
    expect(categories.body.data[0]).toEqual({ value: "Conference", label: "Conference" });
    const natures = await client.get("/api/v1/site/common/event_natures");
    expect(natures.status).toBe(200);
    expect(natures.body).toEqual({
      data: [
        { value: "online", label: "Online" },
        { value: "in_person", label: "In person" },
        { value: "hybrid", label: "Hybrid" },
      ],
    });
  });

  it("lists form statuses for a caller who may read event forms", async () => {
    const { client } = await ownerWithCollection(t);
    const res = await client.get(STATUSES);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: [
        { value: "draft", label: "Draft" },
        { value: "published", label: "Published" },
        { value: "closed", label: "Closed" },
      ],
    });
    const cofounder = await coFounder(t);
    expect(await cofounder.client.get(STATUSES)).toMatchObject({ status: 403, body: { message: "Access Forbidden" } });
  });

  it("answers 401 to a guest", async () => {
    const guest = t.client();
    for (const path of ["/api/v1/site/common/event_categories", "/api/v1/site/common/event_natures", STATUSES]) {
      const res = await guest.get(path);
      expect(res.status, path).toBe(401);
      expect(res.body).toEqual({ message: "Unauthenticated." });
    }
  });
});

describe("access", () => {
  const calls = (id: number | string): Call[] => [
    ["GET", BASE],
    ["POST", BASE, {}],
    ["GET", `${BASE}/${id}`],
    ["POST", `${BASE}/${id}`, {}],
    ["PUT", `${BASE}/${id}`, {}],
    ["DELETE", `${BASE}/${id}`],
    ["PUT", `${STATUSES}/${id}`, { status: "published" }],
  ];

  it("answers 401 Unauthenticated. without a login", async () => {
    await expectEveryCallRefused(t.client(), calls(1), 401, { message: "Unauthenticated." });
  });

  it("answers 403 Access Forbidden to a co-founder", async () => {
    const { client } = await coFounder(t);
    await expectEveryCallRefused(client, calls(1), 403, { message: "Access Forbidden" });
  });

  it("answers 403 to a user holding the permissions but no startup of their own", async () => {
    const owner = await ownerWithCollection(t);
    const form = await createEventForm(owner.client, owner.collection.id);
    const admin = await registered(t, "Admin Without Startup");
    await grantRole(t, admin.id, "admin");
    await admin.client.prime();
    await expectEveryCallRefused(admin.client, calls(form.id), 403, { message: "Access Forbidden" });
    expect((await formRow(form.id)).status).toBe("draft");
  });

  it("answers 404 Event Form not found for another startup's form, and leaves it alone", async () => {
    const theirs = await ownerWithCollection(t);
    const form = await createEventForm(theirs.client, theirs.collection.id);
    const mine = await ownerWithCollection(t);
    const valid = validEventFormFields(mine.collection.id, { title: "Hijacked" });
    const theirCalls: Call[] = [
      ["GET", `${BASE}/${form.id}`],
      ["POST", `${BASE}/${form.id}`, eventFormData({ ...valid, _method: "PUT" })],
      ["PUT", `${BASE}/${form.id}`, valid],
      ["DELETE", `${BASE}/${form.id}`],
      ["PUT", `${STATUSES}/${form.id}`, { status: "published" }],
    ];
    await expectEveryCallRefused(mine.client, theirCalls, 404, { message: "Event Form not found" });
    const row = await formRow(form.id);
    expect(row).toMatchObject({ title: "Founders meetup", status: "draft" });
    // Nor does it show in the other startup's list.
    expect((await mine.client.get<List>(BASE)).body.data).toEqual([]);
  });

  it("answers 404 for another startup's form or no id before it reads the body, so an empty one is no 422", async () => {
    const theirs = await ownerWithCollection(t);
    const form = await createEventForm(theirs.client, theirs.collection.id);
    const mine = await ownerWithCollection(t);
    for (const id of [form.id, "abc"]) {
      const calls: Call[] = [
        ["POST", `${BASE}/${id}`, {}],
        ["PUT", `${BASE}/${id}`, {}],
        ["PUT", `${STATUSES}/${id}`, {}],
      ];
      await expectEveryCallRefused(mine.client, calls, 404, { message: "Event Form not found" });
    }
  });

  it("answers 404 for ids that do not exist or are not ids", async () => {
    const { client } = await ownerWithCollection(t);
    for (const id of ["999999", "abc", "0", "2.5"]) {
      const res = await client.get(`${BASE}/${id}`);
      expect(res.status, id).toBe(404);
      expect(res.body).toEqual({ message: "Event Form not found" });
    }
  });
});

describe("POST /api/v1/admin/event_forms", () => {
  it("creates a draft form from JSON and answers the full resource", async () => {
    const { client, collection, startup, id: userId } = await ownerWithCollection(t, "Meetups");
    const res = await create(client, validEventFormFields(collection.id));
    expect(res.status).toBe(201);
    expect(res.body.message).toBe("Event form created.");
    const form = res.body.event_form;
    expect(form).toEqual({
      id: expect.any(Number),
      public_url: `http://localhost:3000/e/founders-meetup-${form.id}`,
      collection_id: collection.id,
      collection: { id: collection.id, name: "Meetups" },
      title: "Founders meetup",
      description: "An evening of demos and conversations.",
      banner_url: null,
      category: "Meetup",
      nature: "hybrid",
      timezone: "Africa/Lagos",
      starts_at: "2035-06-01T17:00:00.000Z",
      ends_at: "2035-06-01T20:00:00.000Z",
      starts_at_local: "2035-06-01T18:00",
      ends_at_local: "2035-06-01T21:00",
      venue: "Yaba Tech Hub, Lagos",
      venue_country: "NG",
      venue_city: "Lagos",
      online_link: "https://meet.example.com/founders",
      capacity: 120,
      waitlist_enabled: false,
      waitlist_offer_hours: 24,
      application_deadline: "2035-05-30T22:59:00.000Z",
      application_deadline_local: "2035-05-30T23:59",
      type_of_event: "free",
      paid_event_information: null,
      questions: {
        full_name: { enabled: true, required: true },
        email: { enabled: true, required: true },
        phone: { enabled: false, required: false },
        company: { enabled: true, required: false },
        role: { enabled: false, required: false },
        website: { enabled: false, required: false },
        linkedin: { enabled: false, required: false },
        city: { enabled: false, required: false },
      },
      custom_questions: [
        {
          id: expect.stringMatching(QUESTION_ID),
          label: "What are you building?",
          help_text: null,
          type: "long_text",
          required: true,
          options: [],
          show_if: null,
        },
        {
          id: expect.stringMatching(QUESTION_ID),
          label: "How did you hear about us?",
          help_text: null,
          type: "single_choice",
          required: false,
          options: ["Friend", "Social media", "Other"],
          show_if: null,
        },
      ],
      status: "draft",
      startup: { id: startup.id, name: "Acme", username: startup.username, logo_url: null },
      applications_count: 0,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
      updated_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
    });
    expect(form.custom_questions[0].id).not.toBe(form.custom_questions[1].id);
    const row = await formRow(form.id);
    expect(row.startsAt.toISOString()).toBe("2035-06-01T17:00:00.000Z");
    expect(row.createdByUserId).toBe(userId);
    expect(row.startupId).toBe(startup.id);
    expect((await client.get<Answer>(`${BASE}/${form.id}`)).body).toEqual({ event_form: form });
  });

  it("stores wall-clock times in the form's zone as instants, across daylight saving", async () => {
    const { client, collection } = await ownerWithCollection(t);
    const summer = await createEventForm(client, collection.id, {
      timezone: "America/New_York",
      starts_at: "2035-07-04T09:30",
      ends_at: "2035-07-04T17:00",
      application_deadline: "",
    });
    expect(summer).toMatchObject({
      starts_at: "2035-07-04T13:30:00.000Z",
      ends_at: "2035-07-04T21:00:00.000Z",
      starts_at_local: "2035-07-04T09:30",
      ends_at_local: "2035-07-04T17:00",
      application_deadline: null,
      application_deadline_local: null,
    });
    const winter = await createEventForm(client, collection.id, {
      timezone: "America/New_York",
      starts_at: "2035-01-10T09:30",
      ends_at: "2035-01-10T17:00",
      application_deadline: null,
    });
    expect(winter.starts_at).toBe("2035-01-10T14:30:00.000Z");
    expect(winter.starts_at_local).toBe("2035-01-10T09:30");
  });

  it("accepts multipart with nested values as JSON text and a banner it stores and serves", async () => {
    const { client, collection } = await ownerWithCollection(t);
    const res = await create(
      client,
      eventFormData(
        validEventFormFields(collection.id, {
          banner: pngFile("banner.png"),
          capacity: "",
          type_of_event: "paid",
          paid_event_information: { price: "25.50", currency: "NGN", includes: "Dinner" },
        }),
      ),
    );
    expect(res.status).toBe(201);
    const form = res.body.event_form;
    expect(form.banner_url).toMatch(/^\/api\/v1\/files\/[0-9a-f-]{36}$/);
    expect(form.capacity).toBeNull();
    expect(form.type_of_event).toBe("paid");
    expect(form.paid_event_information).toEqual({ price: "25.50", currency: "NGN", includes: "Dinner" });
    expect(form.questions.full_name).toEqual({ enabled: true, required: true });
    expect(form.custom_questions.map((q) => q.label)).toEqual(["What are you building?", "How did you hear about us?"]);
    const banner = await fetchBytes(t, form.banner_url!);
    expect(banner.status).toBe(200);
    expect(banner.headers.get("content-type")).toBe("image/png");
    expect(banner.bytes).toEqual(TINY_PNG);
  });

  it("keeps no price details for a free event, even when some are sent", async () => {
    const { client, collection } = await ownerWithCollection(t);
    const form = await createEventForm(client, collection.id, {
      type_of_event: "free",
      paid_event_information: { price: "not a price", currency: "XXX" },
    });
    expect(form.paid_event_information).toBeNull();
    expect((await formRow(form.id)).paidEventInformation).toBeNull();
  });

  it("gives every custom question its own generated id, whatever ids are sent", async () => {
    const { client, collection } = await ownerWithCollection(t);
    const form = await createEventForm(client, collection.id, {
      custom_questions: [
        { id: "q-00000000", label: "One", type: "short_text" },
        { id: "q-00000000", label: "Two", type: "yes_no" },
      ],
    });
    const ids = form.custom_questions.map((q) => q.id);
    expect(ids).toEqual([expect.stringMatching(QUESTION_ID), expect.stringMatching(QUESTION_ID)]);
    expect(ids).not.toContain("q-00000000");
    expect(new Set(ids).size).toBe(2);
  });

  it("answers 422 with an errors map keyed by field path", async () => {
    const { client, collection } = await ownerWithCollection(t);
    const empty = await create(client, {});
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toMatchObject({
      collection_id: ["The collection field is required."],
      title: ["The title field is required."],
      description: ["The description field is required."],
      category: ["The category field is required."],
      nature: ["The nature field is required."],
      timezone: ["The time zone field is required."],
      starts_at: ["The start field is required."],
      ends_at: ["The end field is required."],
      type_of_event: ["The type of event field is required."],
    });

    const cases: [Record<string, unknown>, FieldErrors][] = [
      [
        { custom_questions: [{ label: "Pick one", type: "single_choice", options: ["Only"] }] },
        { "custom_questions.0.options": ["A choice question needs at least two options."] },
      ],
      [
        { type_of_event: "paid" },
        {
          "paid_event_information.price": ["The price field is required for a paid event."],
          "paid_event_information.currency": ["The currency field is required for a paid event."],
        },
      ],
      [
        { type_of_event: "paid", paid_event_information: { price: "1.999", currency: "NGN" } },
        { "paid_event_information.price": ["The price must be an amount like 25 or 25.50."] },
      ],
      [
        { type_of_event: "paid", paid_event_information: { price: "0", currency: "XXX" } },
        {
          "paid_event_information.price": ["The price must be more than 0."],
          "paid_event_information.currency": ["The selected currency is invalid."],
        },
      ],
      [{ ends_at: "2035-06-01T17:00" }, { ends_at: ["The end must be after the start."] }],
      [{ application_deadline: "2035-06-02T08:00" }, { application_deadline: ["The application deadline must not be after the end."] }],
      [{ nature: "in_person", venue: "" }, { venue: ["The venue field is required for an in-person or hybrid event."] }],
      [{ category: "Party" }, { category: ["The selected category is invalid."] }],
      [{ timezone: "Mars/Olympus" }, { timezone: ["The selected time zone is invalid."] }],
      [{ starts_at: "tomorrow" }, { starts_at: ["The start must be a date and time."] }],
      [{ application_deadline: "2035-05-30" }, { application_deadline: ["The application deadline must be a date and time."] }],
      [
        { ends_at: "2035-06-01 21:00", title: "" },
        { title: ["The title field is required."], ends_at: ["The end must be a date and time."] },
      ],
      [{ capacity: 0 }, { capacity: ["The capacity must be at least 1."] }],
      [
        {
          custom_questions: [
            { label: "Same", type: "short_text" },
            { label: "same", type: "short_text" },
          ],
        },
        { "custom_questions.1.label": ["Each question needs its own label."] },
      ],
    ];
    for (const [overrides, errors] of cases) {
      const res = await create(client, validEventFormFields(collection.id, overrides));
      expect(res.status, JSON.stringify(overrides)).toBe(422);
      expect(res.body.errors, JSON.stringify(overrides)).toEqual(errors);
      // Laravel's summary line: the first message, plus a count of any others.
      expect(res.body.message.startsWith(Object.values(errors)[0][0]), res.body.message).toBe(true);
    }
  });

  it("refuses a collection of another startup, or none that exists", async () => {
    const { client } = await ownerWithCollection(t);
    const theirs = await ownerWithCollection(t);
    for (const collectionId of [theirs.collection.id, 999999]) {
      const res = await create(client, validEventFormFields(collectionId));
      expect(res.status).toBe(422);
      expect(res.body).toEqual({
        message: "The selected collection is invalid.",
        errors: { collection_id: ["The selected collection is invalid."] },
      });
    }
    expect((await theirs.client.get<List>(BASE)).body.meta.total).toBe(0);
  });

  it("refuses a banner that is not an image and keeps neither the form nor the file", async () => {
    const { client, collection, id: userId } = await ownerWithCollection(t);
    const fake = new File([new TextEncoder().encode("<svg onload=alert(1)>")], "banner.png", { type: "image/png" });
    const res = await create(client, eventFormData(validEventFormFields(collection.id, { banner: fake })));
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ banner: ["The banner field must be a PNG, JPEG, GIF or WebP image."] });
    expect(await t.database.db.select().from(files).where(eq(files.ownerUserId, userId))).toEqual([]);
    expect((await client.get<List>(BASE)).body.meta.total).toBe(0);
  });

  it("refuses nested fields that are not JSON in a multipart body", async () => {
    const { client, collection } = await ownerWithCollection(t);
    const body = eventFormData(validEventFormFields(collection.id));
    body.set("custom_questions", "not json");
    const res = await create(client, body);
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors)).toEqual(["custom_questions"]);
  });
});

describe("updating an event form", () => {
  it("updates with POST multipart and _method=PUT, keeping the status and the banner", async () => {
    const { client, collection } = await ownerWithCollection(t);
    const created = await create(client, eventFormData(validEventFormFields(collection.id, { banner: pngFile() })));
    const form = created.body.event_form;
    await setEventFormStatus(client, form.id, "published");
    const body = eventFormData(
      validEventFormFields(collection.id, { title: "Renamed meetup", banner: new File([], ""), nature: "online", venue: "" }),
    );
    body.set("_method", "PUT");
    const res = await client.post<Answer>(`${BASE}/${form.id}`, body);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("Event form updated.");
    expect(res.body.event_form).toMatchObject({
      id: form.id,
      title: "Renamed meetup",
      nature: "online",
      venue: null,
      venue_country: null,
      venue_city: null,
      status: "published",
      banner_url: form.banner_url,
      created_at: form.created_at,
    });
    expect(await fileExists(form.banner_url!)).toBe(true);
  });

  it("replaces the banner when a new one is sent and drops the old file", async () => {
    const { client, collection } = await ownerWithCollection(t);
    const form = (await create(client, eventFormData(validEventFormFields(collection.id, { banner: pngFile() })))).body.event_form;
    const body = eventFormData(validEventFormFields(collection.id, { banner: pngFile("new.png") }));
    body.set("_method", "PUT");
    const res = await client.post<Answer>(`${BASE}/${form.id}`, body);
    expect(res.status).toBe(200);
    expect(res.body.event_form.banner_url).toMatch(/^\/api\/v1\/files\//);
    expect(res.body.event_form.banner_url).not.toBe(form.banner_url);
    expect(await fileExists(res.body.event_form.banner_url!)).toBe(true);
    expect((await fetchBytes(t, form.banner_url!)).status).toBe(404);
  });

  it("accepts a plain PUT with JSON, moving the form to another collection and making it paid", async () => {
    const { client, collection } = await ownerWithCollection(t);
    const other = (await client.post("/api/v1/admin/collections", { name: "Paid events" })).body.collection;
    const form = await createEventForm(client, collection.id);
    const res = await client.put<Answer>(
      `${BASE}/${form.id}`,
      validEventFormFields(other.id, { type_of_event: "paid", paid_event_information: { price: "40", currency: "USD" } }),
    );
    expect(res.status).toBe(200);
    expect(res.body.event_form).toMatchObject({
      collection_id: other.id,
      collection: { id: other.id, name: "Paid events" },
      type_of_event: "paid",
      paid_event_information: { price: "40", currency: "USD", includes: null },
    });
    const free = await client.put<Answer>(`${BASE}/${form.id}`, validEventFormFields(other.id, { type_of_event: "free" }));
    expect(free.body.event_form.paid_event_information).toBeNull();
  });

  it("keeps the ids of questions it already has and gives new ones fresh ids", async () => {
    const { client, collection } = await ownerWithCollection(t);
    const form = await createEventForm(client, collection.id);
    const [building, heard] = form.custom_questions;
    const res = await client.put<Answer>(
      `${BASE}/${form.id}`,
      validEventFormFields(collection.id, {
        custom_questions: [
          { ...heard, label: "Where did you hear about us?" },
          { label: "Team size", type: "number" },
          { id: "q-abcdef12", label: "Forged id", type: "short_text" },
          { ...building },
        ],
      }),
    );
    expect(res.status).toBe(200);
    const questions = res.body.event_form.custom_questions;
    expect(questions.map((q) => q.label)).toEqual(["Where did you hear about us?", "Team size", "Forged id", "What are you building?"]);
    expect(questions[0]).toEqual({ ...heard, label: "Where did you hear about us?" });
    expect(questions[3].id).toBe(building.id);
    expect(questions[1].id).toMatch(QUESTION_ID);
    expect(questions[2].id).toMatch(QUESTION_ID);
    expect(questions[2].id).not.toBe("q-abcdef12");
    expect(new Set(questions.map((q) => q.id)).size).toBe(4);
    // Stored as answered: every question keeps its id on the next read.
    expect((await client.get<Answer>(`${BASE}/${form.id}`)).body.event_form.custom_questions).toEqual(questions);

    // Another round with the multipart builder keeps them again.
    const body = eventFormData(validEventFormFields(collection.id, { custom_questions: questions.slice(0, 2) }));
    body.set("_method", "PUT");
    const again = await client.post<Answer>(`${BASE}/${form.id}`, body);
    expect(again.body.event_form.custom_questions.map((q) => q.id)).toEqual([questions[0].id, questions[1].id]);
  });

  it("validates an update like a new form, and refuses a foreign collection", async () => {
    const { client, collection } = await ownerWithCollection(t);
    const theirs = await ownerWithCollection(t);
    const form = await createEventForm(client, collection.id);
    const invalid = await client.put<Answer>(
      `${BASE}/${form.id}`,
      validEventFormFields(collection.id, { ends_at: "2035-05-01T10:00", application_deadline: "" }),
    );
    expect(invalid.status).toBe(422);
    expect(invalid.body.errors).toEqual({ ends_at: ["The end must be after the start."] });
    const foreign = await client.put<Answer>(`${BASE}/${form.id}`, validEventFormFields(theirs.collection.id));
    expect(foreign.status).toBe(422);
    expect(foreign.body.errors).toEqual({ collection_id: ["The selected collection is invalid."] });
    expect((await formRow(form.id)).collectionId).toBe(collection.id);
  });
});

describe("PUT /api/v1/admin/event_form_statuses/{id}", () => {
  it("changes the status and answers the form", async () => {
    const { client, collection } = await ownerWithCollection(t);
    const form = await createEventForm(client, collection.id);
    const res = await client.put<Answer>(`${STATUSES}/${form.id}`, { status: "published" });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("Status updated.");
    expect(res.body.event_form).toMatchObject({ id: form.id, status: "published", title: form.title });
    const closed = await client.put<Answer>(`${STATUSES}/${form.id}`, { status: "closed" });
    expect(closed.body.event_form.status).toBe("closed");
    expect((await client.get<Answer>(`${BASE}/${form.id}`)).body.event_form.status).toBe("closed");
  });

  it("refuses a missing or unknown status", async () => {
    const { client, collection } = await ownerWithCollection(t);
    const form = await createEventForm(client, collection.id);
    const missing = await client.put<Answer>(`${STATUSES}/${form.id}`, {});
    expect(missing.status).toBe(422);
    expect(missing.body).toEqual({ message: "The status field is required.", errors: { status: ["The status field is required."] } });
    const unknown = await client.put<Answer>(`${STATUSES}/${form.id}`, { status: "archived" });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors).toEqual({ status: ["The selected status is invalid."] });
    expect((await formRow(form.id)).status).toBe("draft");
  });
});

describe("DELETE /api/v1/admin/event_forms/{id}", () => {
  it("deletes a form, its banner and any draft applications with their uploaded documents", async () => {
    const { client, collection } = await ownerWithCollection(t);
    const fields = validEventFormFields(collection.id, {
      banner: pngFile(),
      custom_questions: [{ label: "Deck", type: "file", required: false }],
    });
    const form = (await create(client, eventFormData(fields))).body.event_form;
    await insertApplication(t, form.id, "draft");
    await setEventFormStatus(client, form.id, "published");
    const applicant = await registered(t, "Drafting Applicant");
    const deck = applicationForm({ [form.custom_questions[0].id]: pdfFile() }, "draft");
    expect((await applicant.client.post(`${BASE}/${form.id}/applications`, deck)).status).toBe(201);
    expect(await filesOwnedBy(applicant.id)).toHaveLength(1);
    const res = await client.delete(`${BASE}/${form.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: "Event form deleted." });
    expect((await client.get(`${BASE}/${form.id}`)).status).toBe(404);
    expect(await fileExists(form.banner_url!)).toBe(false);
    expect(await t.database.db.select().from(eventApplications).where(eq(eventApplications.eventFormId, form.id))).toEqual([]);
    expect(await filesOwnedBy(applicant.id)).toEqual([]);
  });

  it("refuses to delete a form with applications", async () => {
    const { client, collection } = await ownerWithCollection(t);
    for (const status of ["pending", "accepted", "cancelled"] as const) {
      const form = await createEventForm(client, collection.id, { title: `Form ${status}` });
      await insertApplication(t, form.id, status);
      const res = await client.delete(`${BASE}/${form.id}`);
      expect(res.status, status).toBe(422);
      expect(res.body).toEqual({
        message: "This form has applications. Close it instead of deleting it.",
        errors: { event_form: ["This form has applications. Close it instead of deleting it."] },
      });
      expect(await formRow(form.id)).toBeDefined();
    }
  });
});

describe("GET /api/v1/admin/event_forms", () => {
  /** One owner with two collections and four forms, shared by the list tests (which only read). */
  let owner: Awaited<ReturnType<typeof ownerWithCollection>>;
  let second: { id: number; name: string };
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    owner = await ownerWithCollection(t, "Main");
    second = (await owner.client.post("/api/v1/admin/collections", { name: "Second" })).body.collection;
    const make = async (title: string, collectionId: number, startsAt: string) => {
      const form = await createEventForm(owner.client, collectionId, {
        title,
        starts_at: startsAt,
        ends_at: startsAt.replace(/T\d\d/, "T23"),
        application_deadline: "",
      });
      ids[title] = form.id;
      return form;
    };
    await make("banana bash", owner.collection.id, "2035-03-01T10:00");
    await make("Apple 100% day", owner.collection.id, "2035-01-01T10:00");
    await make("cherry_camp", second.id, "2035-02-01T10:00");
    await make("Durian demo", owner.collection.id, "2035-04-01T10:00");
    await setEventFormStatus(owner.client, ids["Apple 100% day"], "published");
    await setEventFormStatus(owner.client, ids["Durian demo"], "closed");
    for (const status of ["pending", "accepted", "waitlisted", "draft", "cancelled"] as const)
      await insertApplication(t, ids["banana bash"], status);
    await insertApplication(t, ids["Durian demo"], "rejected");
    // Another startup's forms never show.
    const other = await ownerWithCollection(t);
    await createEventForm(other.client, other.collection.id, { title: "Banana elsewhere" });
  });

  const titles = async (query = "") => (await owner.client.get<List>(`${BASE}${query}`)).body.data.map((f) => f.title);

  it("lists the startup's forms, newest first, in the list shape with full resources", async () => {
    const res = await owner.client.get<List>(BASE);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(["data", "links", "meta"]);
    expect(res.body.data.map((f) => f.title)).toEqual(["Durian demo", "cherry_camp", "Apple 100% day", "banana bash"]);
    expect(res.body.meta).toEqual({ current_page: 1, from: 1, last_page: 1, per_page: 15, to: 4, total: 4 });
    expect(res.body.links).toEqual({ first: `${BASE}?page=1`, last: `${BASE}?page=1`, prev: null, next: null });
    const banana = res.body.data.find((f) => f.title === "banana bash")!;
    expect(banana).toEqual((await owner.client.get<Answer>(`${BASE}/${banana.id}`)).body.event_form);
    expect(banana.collection).toEqual({ id: owner.collection.id, name: "Main" });
  });

  it("counts submitted applications only (not drafts or cancelled ones)", async () => {
    const res = await owner.client.get<List>(BASE);
    const counts = Object.fromEntries(res.body.data.map((f) => [f.title, f.applications_count]));
    expect(counts).toEqual({ "banana bash": 3, "Apple 100% day": 0, cherry_camp: 0, "Durian demo": 1 });
  });

  it("filters by collection and by status", async () => {
    expect(await titles(`?collection_id=${second.id}`)).toEqual(["cherry_camp"]);
    expect(await titles(`?collection_id=${owner.collection.id}&sort_by=title`)).toEqual(["Apple 100% day", "banana bash", "Durian demo"]);
    expect(await titles("?status=published")).toEqual(["Apple 100% day"]);
    expect(await titles("?status=draft&sort_by=title")).toEqual(["banana bash", "cherry_camp"]);
    expect(await titles(`?status=closed&collection_id=${second.id}`)).toEqual([]);
    // An unknown status filters nothing out.
    expect(await titles("?status=nonsense")).toHaveLength(4);
  });

  it("answers 404 Collection Not Found for a collection that is not the startup's", async () => {
    const theirs = await ownerWithCollection(t);
    for (const id of [String(theirs.collection.id), "999999"]) {
      const res = await owner.client.get(`${BASE}?collection_id=${id}`);
      expect(res.status, id).toBe(404);
      expect(res.body).toEqual({ message: "Collection Not Found" });
    }
  });

  it("answers 422 for a collection_id that is not an id (past int4 included)", async () => {
    for (const id of ["abc", "2147483648", "-1", "1.5"]) {
      const res = await owner.client.get(`${BASE}?collection_id=${id}`);
      expect(res.status, id).toBe(422);
      expect(res.body.errors.collection_id).toEqual(["The selected collection is invalid."]);
    }
  });

  it("searches titles case-insensitively, treating % and _ literally", async () => {
    expect(await titles("?search=BANANA")).toEqual(["banana bash"]);
    expect(await titles(`?search=${encodeURIComponent("%")}`)).toEqual(["Apple 100% day"]);
    expect(await titles("?search=_")).toEqual(["cherry_camp"]);
    const none = await owner.client.get<List>(`${BASE}?search=zzz`);
    expect(none.body.data).toEqual([]);
    expect(none.body.meta).toMatchObject({ total: 0, from: null, to: null });
  });

  it("sorts by title, starts_at, status and created_at; an unknown sort falls back to created_at", async () => {
    expect(await titles("?sort_by=title")).toEqual(["Apple 100% day", "banana bash", "cherry_camp", "Durian demo"]);
    expect(await titles("?sort_by=title&sort_order=desc")).toEqual(["Durian demo", "cherry_camp", "banana bash", "Apple 100% day"]);
    expect(await titles("?sort_by=starts_at")).toEqual(["Apple 100% day", "cherry_camp", "banana bash", "Durian demo"]);
    expect(await titles("?sort_by=starts_at&sort_order=desc")).toEqual(["Durian demo", "banana bash", "cherry_camp", "Apple 100% day"]);
    expect(await titles("?sort_by=status")).toEqual(["banana bash", "cherry_camp", "Apple 100% day", "Durian demo"]);
    expect(await titles("?sort_by=created_at")).toEqual(["banana bash", "Apple 100% day", "cherry_camp", "Durian demo"]);
    expect(await titles("?sort_by=created_at&sort_order=desc")).toEqual(["Durian demo", "cherry_camp", "Apple 100% day", "banana bash"]);
    expect(await titles("?sort_by=secret&sort_order=asc")).toEqual(["banana bash", "Apple 100% day", "cherry_camp", "Durian demo"]);
  });

  it("pages in SQL with links that keep the filters", async () => {
    const first = await owner.client.get<List>(`${BASE}?per_page=3&sort_by=title&collection_id=${owner.collection.id}`);
    expect(first.body.data.map((f) => f.title)).toEqual(["Apple 100% day", "banana bash", "Durian demo"]);
    expect(first.body.meta).toEqual({ current_page: 1, from: 1, last_page: 1, per_page: 3, to: 3, total: 3 });
    const two = await owner.client.get<List>(`${BASE}?per_page=3&sort_by=title`);
    expect(two.body.meta).toEqual({ current_page: 1, from: 1, last_page: 2, per_page: 3, to: 3, total: 4 });
    const next = new URL(two.body.links.next!, "http://localhost");
    expect(Object.fromEntries(next.searchParams)).toEqual({ per_page: "3", sort_by: "title", page: "2" });
    const page2 = await owner.client.get<List>(two.body.links.next!);
    expect(page2.body.data.map((f) => f.title)).toEqual(["Durian demo"]);
    expect(page2.body.data[0].applications_count).toBe(1);
    expect(page2.body.meta).toEqual({ current_page: 2, from: 4, last_page: 2, per_page: 3, to: 4, total: 4 });
  });
});

import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { files } from "#api/db/schema.ts";
import { eventApplications } from "#api/db/events-schema.ts";
import {
  EVERY_TYPE_QUESTIONS,
  VALID_TYPED_ANSWERS,
  applicationForm,
  daysFromNow,
  insertEventForm,
  largePdfFile,
  ownerWithForm,
  pdfFile,
  sendApplication,
  startupOwner,
} from "#api/testing/application-fixtures.ts";
import { fetchBytes, pngFile, registered, registeredAs, uniqueEmail } from "#api/testing/fixtures.ts";
import { createTestApi, expectEveryCallRefused, type Call, type TestApi } from "#api/testing/harness.ts";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

const VALID = { full_name: "Ada Lovelace", email: "ada@example.com" };

describe("authentication", () => {
  it("answers 401 Unauthenticated. to every applicant call without a login", async () => {
    const { form } = await ownerWithForm(t);
    const write = { intent: "submit", answers: VALID };
    const calls: Call[] = [
      ["GET", `/api/v1/site/event_forms/${form.id}`],
      ["GET", "/api/v1/site/events"],
      ["POST", `/api/v1/admin/event_forms/${form.id}/applications`, write],
      ["GET", "/api/v1/admin/event_applications"],
      ["GET", "/api/v1/admin/event_applications/1"],
      ["PUT", "/api/v1/admin/event_applications/1/cancel_apply", write],
    ];
    await expectEveryCallRefused(t.client(), calls, 401, { message: "Unauthenticated." });
  });
});

describe("GET /api/v1/site/event_forms/{id}", () => {
  it("shows a published form with its startup, open for applications", async () => {
    const { owner, form } = await ownerWithForm(t, { capacity: 50, applicationDeadline: daysFromNow(5) });
    const { client } = await registered(t, "Visitor");
    const res = await client.get(`/api/v1/site/event_forms/${form.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      event_form: {
        id: form.id,
        public_url: `http://localhost:3000/e/demo-day-${form.id}`,
        title: "Demo day",
        description: "Founders pitch to investors.",
        banner_url: null,
        category: "Demo day",
        nature: "online",
        timezone: "Africa/Lagos",
        starts_at: form.startsAt.toISOString(),
        ends_at: form.endsAt.toISOString(),
        venue: null,
        venue_country: null,
        venue_city: null,
        // Only the owner and accepted applicants learn how to join (visibility.test.ts).
        online_link: null,
        capacity: 50,
        waitlist_enabled: false,
        waitlist_offer_hours: 24,
        application_deadline: form.applicationDeadline!.toISOString(),
        type_of_event: "free",
        paid_event_information: null,
        questions: form.questions,
        custom_questions: [],
        status: "published",
        startup: { id: owner.startup.id, name: "Acme", username: owner.startup.username, logo_url: null },
      },
      can_apply: true,
      closed_reason: null,
      places_left: 50,
      my_application: null,
      my_billing: null,
      my_meeting: null,
      my_ticket: null,
      joins_waitlist: false,
      my_waitlist_position: null,
      my_offer_expires_at: null,
    });
  });

  it("shows a closed form as not open, and hides a draft from everyone but its owner", async () => {
    const { client } = await registered(t, "Visitor");
    const { form: closed } = await ownerWithForm(t, { status: "closed" });
    const res = await client.get(`/api/v1/site/event_forms/${closed.id}`);
    expect(res.status).toBe(200);
    expect(res.body.can_apply).toBe(false);
    expect(res.body.closed_reason).toBe("This event is not open for applications.");

    const { owner, form: draft } = await ownerWithForm(t, { status: "draft" });
    const hidden = await client.get(`/api/v1/site/event_forms/${draft.id}`);
    expect(hidden.status).toBe(404);
    expect(hidden.body).toEqual({ message: "Event form not found" });
    const own = await owner.client.get(`/api/v1/site/event_forms/${draft.id}`);
    expect(own.status).toBe(200);
    expect(own.body.event_form.status).toBe("draft");
    expect(own.body.closed_reason).toBe("This event is not open for applications.");
  });

  it("answers 404 Event form not found for a missing or malformed id", async () => {
    const { client } = await registered(t, "Visitor");
    for (const id of ["999999", "abc", "0"]) {
      const res = await client.get(`/api/v1/site/event_forms/${id}`);
      expect(res.status, id).toBe(404);
      expect(res.body).toEqual({ message: "Event form not found" });
    }
  });

  it("closes the form after its deadline and when it is full", async () => {
    const { client } = await registered(t, "Visitor");
    const { form: late } = await ownerWithForm(t, { applicationDeadline: daysFromNow(-1) });
    const lateRes = await client.get(`/api/v1/site/event_forms/${late.id}`);
    expect(lateRes.body).toMatchObject({ can_apply: false, closed_reason: "Applications closed on the deadline." });

    const { form: small } = await ownerWithForm(t, { capacity: 1 });
    const first = await registered(t, "First");
    expect((await sendApplication(first.client, small.id, VALID)).status).toBe(201);
    const full = await client.get(`/api/v1/site/event_forms/${small.id}`);
    expect(full.body).toMatchObject({ can_apply: false, closed_reason: "This event is full." });
    // The one who got the place sees their application.
    const mine = await first.client.get(`/api/v1/site/event_forms/${small.id}`);
    expect(mine.body.my_application).toMatchObject({ status: "pending", event_form_id: small.id, user_id: first.id });
  });
});

describe("applying", () => {
  it("saves a draft, updates it, then submits it", async () => {
    const { form } = await ownerWithForm(t);
    const applicant = await registeredAs(t, "Grace Hopper", uniqueEmail("grace"));

    const draft = await sendApplication(applicant.client, form.id, { full_name: "Grace" }, "draft");
    expect(draft.status).toBe(201);
    expect(draft.body.message).toBe("Draft saved.");
    expect(draft.body.event_application).toMatchObject({
      event_form_id: form.id,
      user_id: applicant.id,
      status: "draft",
      answers: { full_name: "Grace" },
      applicant_name: "Grace",
      applicant_email: applicant.email,
      submitted_at: null,
      cancelled_at: null,
    });
    const id = draft.body.event_application.id;

    const again = await sendApplication(applicant.client, form.id, { full_name: "Grace H." }, "draft");
    expect(again.status).toBe(200);
    expect(again.body.event_application).toMatchObject({ id, status: "draft", answers: { full_name: "Grace H." } });

    const incomplete = await sendApplication(applicant.client, form.id, { full_name: "Grace H." });
    expect(incomplete.status).toBe(422);
    expect(incomplete.body.errors).toEqual({ "answers.email": ["The email field is required."] });

    const submitted = await sendApplication(applicant.client, form.id, { full_name: " Grace Hopper ", email: "Grace@Example.com" });
    expect(submitted.status).toBe(200);
    expect(submitted.body.message).toBe("Application submitted.");
    expect(submitted.body.event_application).toMatchObject({
      id,
      status: "pending",
      answers: { full_name: "Grace Hopper", email: "Grace@Example.com" },
      applicant_name: "Grace Hopper",
      applicant_email: "grace@example.com",
    });
    expect(new Date(submitted.body.event_application.submitted_at).getTime()).toBeGreaterThan(Date.now() - 60_000);

    const rows = await t.database.db.select().from(eventApplications).where(eq(eventApplications.eventFormId, form.id));
    expect(rows).toHaveLength(1);
  });

  it("a draft only checks the format of what is filled in", async () => {
    const { form } = await ownerWithForm(t);
    const { client } = await registered(t);
    const empty = await sendApplication(client, form.id, {}, "draft");
    expect(empty.status).toBe(201);
    const wrong = await sendApplication(client, form.id, { email: "not-an-email" }, "draft");
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors).toEqual({ "answers.email": ["The email field must be a valid email address."] });
  });

  it("submits straight away when no intent is given, and refuses an unknown intent", async () => {
    const { form } = await ownerWithForm(t);
    const { client } = await registered(t);
    const bad = await client.post(`/api/v1/admin/event_forms/${form.id}/applications`, { intent: "maybe", answers: VALID });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ intent: ["The selected intent is invalid."] });
    const res = await client.post(`/api/v1/admin/event_forms/${form.id}/applications`, { answers: VALID });
    expect(res.status).toBe(201);
    expect(res.body.event_application.status).toBe("pending");
  });

  it("takes one application per user and form", async () => {
    const { form } = await ownerWithForm(t);
    const { client } = await registered(t);
    expect((await sendApplication(client, form.id, VALID)).status).toBe(201);
    for (const intent of ["submit", "draft"] as const) {
      const again = await sendApplication(client, form.id, VALID, intent);
      expect(again.status).toBe(422);
      expect(again.body.errors).toEqual({ application: ["You have already applied to this event."] });
    }
  });

  it("answers 404 for a missing form, or a draft form of someone else", async () => {
    const { client } = await registered(t);
    const missing = await sendApplication(client, 999999, VALID);
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ message: "Event form not found" });
    const { form } = await ownerWithForm(t, { status: "draft" });
    const hidden = await sendApplication(client, form.id, VALID);
    expect(hidden.status).toBe(404);
    expect(hidden.body).toEqual({ message: "Event form not found" });
  });

  it("refuses applications to an unpublished form, after the deadline, after the event, or when full", async () => {
    const { client } = await registered(t);
    const { owner, form: draft } = await ownerWithForm(t, { status: "draft" });
    const ownDraft = await sendApplication(owner.client, draft.id, VALID, "draft");
    expect(ownDraft.status).toBe(422);
    expect(ownDraft.body.errors).toEqual({ application: ["This event is not open for applications."] });

    const { form: closed } = await ownerWithForm(t, { status: "closed" });
    const closedRes = await sendApplication(client, closed.id, VALID);
    expect(closedRes.status).toBe(422);
    expect(closedRes.body.errors).toEqual({ application: ["This event is not open for applications."] });
    expect(closedRes.body.message).toBe("This event is not open for applications.");

    const { form: late } = await ownerWithForm(t, { applicationDeadline: daysFromNow(-1) });
    for (const intent of ["submit", "draft"] as const) {
      const lateRes = await sendApplication(client, late.id, VALID, intent);
      expect(lateRes.status).toBe(422);
      expect(lateRes.body.errors).toEqual({ application: ["Applications closed on the deadline."] });
    }

    const { form: over } = await ownerWithForm(t, { startsAt: daysFromNow(-3) });
    const overRes = await sendApplication(client, over.id, VALID);
    expect(overRes.body.errors).toEqual({ application: ["Applications closed on the deadline."] });

    const { form: full } = await ownerWithForm(t, { capacity: 1 });
    expect((await sendApplication((await registered(t)).client, full.id, VALID)).status).toBe(201);
    const fullRes = await sendApplication(client, full.id, VALID, "draft");
    expect(fullRes.status).toBe(422);
    expect(fullRes.body.errors).toEqual({ application: ["This event is full."] });
  });

  it("never lets 10 concurrent submits overfill a capacity of 3", async () => {
    const { form } = await ownerWithForm(t, { capacity: 3 });
    const applicants = await Promise.all(Array.from({ length: 10 }, (_, i) => registered(t, `Racer ${i}`)));
    await Promise.all(applicants.map((a) => a.client.prime()));
    const results = await Promise.all(applicants.map((a) => sendApplication(a.client, form.id, VALID)));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(3);
    expect(statuses.filter((s) => s === 422)).toHaveLength(7);
    for (const refused of results.filter((r) => r.status === 422)) {
      expect(refused.body.errors).toEqual({ application: ["This event is full."] });
    }
    const rows = await t.database.db.select().from(eventApplications).where(eq(eventApplications.eventFormId, form.id));
    expect(rows.filter((r) => r.status === "pending")).toHaveLength(3);
  });

  it("copies the applicant's name and email from the answers, or from the account", async () => {
    const { form: bare } = await ownerWithForm(t, { questions: {} });
    const applicant = await registeredAs(t, "Account Name", uniqueEmail("account"));
    const res = await sendApplication(applicant.client, bare.id, { full_name: "Ignored", email: "ignored@example.com" });
    expect(res.status).toBe(201);
    // Disabled standard fields are not read.
    expect(res.body.event_application).toMatchObject({ answers: {}, applicant_name: "Account Name", applicant_email: applicant.email });
  });

  it("ignores unknown answer keys and fields the form does not ask for", async () => {
    const { form } = await ownerWithForm(t);
    const { client } = await registered(t);
    const res = await sendApplication(client, form.id, { ...VALID, phone: "+1 555 123 4567", "q-nope": "x", ["__proto__"]: "y" });
    expect(res.status).toBe(201);
    expect(res.body.event_application.answers).toEqual(VALID);
  });
});

describe("answers by question type", () => {
  let formId: number;
  beforeAll(async () => {
    const { form } = await ownerWithForm(t, { questions: {}, customQuestions: EVERY_TYPE_QUESTIONS });
    formId = form.id;
  });

  it("requires every required question of all 12 types on submit", async () => {
    const { client } = await registered(t);
    const res = await sendApplication(client, formId, {});
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual(
      Object.fromEntries(EVERY_TYPE_QUESTIONS.map((q) => [`answers.${q.id}`, ["This question is required."]])),
    );
    expect(res.body.message).toBe("This question is required. (and 11 more errors)");
  });

  it("refuses a wrong value for each type", async () => {
    const { client } = await registered(t);
    const form = applicationForm({
      "q-short": "x".repeat(501),
      "q-long": "x".repeat(5001),
      "q-number": "twelve",
      "q-email": "nobody@",
      "q-url": "ftp://acme.example.com",
      "q-phone": "call me",
      "q-date": "2021-02-30",
      "q-single": "Pre-seed",
      "q-multi": ["AI", "Crypto"],
      "q-dropdown": "Ghana",
      "q-yesno": "maybe",
      "q-file": new File(["just text"], "deck.pdf", { type: "application/pdf" }),
    });
    const res = await client.post(`/api/v1/admin/event_forms/${formId}/applications`, form);
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({
      "answers.q-short": ["The answer must not be greater than 500 characters."],
      "answers.q-long": ["The answer must not be greater than 5000 characters."],
      "answers.q-number": ["The answer must be a number."],
      "answers.q-email": ["The answer must be a valid email address."],
      "answers.q-url": ["The answer must be a valid URL starting with http:// or https://."],
      "answers.q-phone": ["The answer must be a valid phone number."],
      "answers.q-date": ["The answer must be a valid date (YYYY-MM-DD)."],
      "answers.q-single": ["The answer must be one of the options."],
      "answers.q-multi": ["Each answer must be one of the options."],
      "answers.q-dropdown": ["The answer must be one of the options."],
      "answers.q-yesno": ["The answer must be yes or no."],
      "answers.q-file": ["The file must be a PDF, PNG, JPEG, GIF or WebP file."],
    });
  });

  it("refuses other edge values: an infinite number, a too-short phone, a date in the wrong format", async () => {
    const { client } = await registered(t);
    const res = await sendApplication(
      client,
      formId,
      { ...VALID_TYPED_ANSWERS, "q-number": "1e999", "q-phone": "123", "q-date": "28/02/2021" },
      "draft",
    );
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({
      "answers.q-number": ["The answer must be a number."],
      "answers.q-phone": ["The answer must be a valid phone number."],
      "answers.q-date": ["The answer must be a valid date (YYYY-MM-DD)."],
    });
  });

  it("stores valid answers of every type sent as multipart, the file by its id", async () => {
    const { client } = await registered(t);
    const form = applicationForm({ ...VALID_TYPED_ANSWERS, "q-short": "x".repeat(500), "q-long": "y".repeat(5000), "q-file": pdfFile() });
    const res = await client.post(`/api/v1/admin/event_forms/${formId}/applications`, form);
    expect(res.status).toBe(201);
    const answers = res.body.event_application.answers;
    expect(answers).toMatchObject({
      "q-short": "x".repeat(500),
      "q-long": "y".repeat(5000),
      "q-number": 12,
      "q-email": "billing@acme.example.com",
      "q-url": "https://acme.example.com/deck",
      "q-phone": "+234 (801) 234-5678",
      "q-date": "2021-02-28",
      "q-single": "Seed",
      "q-multi": ["AI", "Health"],
      "q-dropdown": "Kenya",
      "q-yesno": true,
    });
    const applicationId = res.body.event_application.id;
    expect(answers["q-file"]).toEqual({
      file_id: expect.any(String),
      url: `/api/v1/admin/event_applications/${applicationId}/files/${answers["q-file"].file_id}`,
    });
    const download = await client.get(answers["q-file"].url);
    expect(download.status).toBe(200);
    expect(download.headers.get("content-type")).toBe("application/pdf");
    expect(download.headers.get("cache-control")).toBe("private, no-store");
    // An application document is private: not served by link, nor to anyone else.
    expect((await fetchBytes(t, `/api/v1/files/${answers["q-file"].file_id}`)).status).toBe(404);
    expect((await (await registered(t)).client.get(answers["q-file"].url)).status).toBe(404);
  });

  it("takes JSON answers: a multiple choice as a JSON array text, booleans and numbers as such", async () => {
    const { client } = await registered(t);
    const draft = await sendApplication(
      client,
      formId,
      { ...VALID_TYPED_ANSWERS, "q-multi": JSON.stringify(["Fintech"]), "q-yesno": false, "q-number": -3.5 },
      "draft",
    );
    expect(draft.status).toBe(201);
    expect(draft.body.event_application.answers).toMatchObject({ "q-multi": ["Fintech"], "q-yesno": false, "q-number": -3.5 });
    const no = await sendApplication(client, formId, { ...VALID_TYPED_ANSWERS, "q-yesno": "No" }, "draft");
    expect(no.body.event_application.answers["q-yesno"]).toBe(false);
  });

  it("checks a file by its content, not its name, and keeps it at most 5 MB", async () => {
    const { client } = await registered(t);
    const disguised = applicationForm({ ...VALID_TYPED_ANSWERS, "q-file": pngFile("deck.pdf", "application/pdf") }, "draft");
    const png = await client.post(`/api/v1/admin/event_forms/${formId}/applications`, disguised);
    expect(png.status).toBe(201);
    const stored = await t.database.db
      .select({ contentType: files.contentType })
      .from(files)
      .where(eq(files.id, png.body.event_application.answers["q-file"].file_id));
    expect(stored[0].contentType).toBe("image/png");

    const other = await registered(t);
    const tooBig = applicationForm({ ...VALID_TYPED_ANSWERS, "q-file": largePdfFile(5 * 1024 * 1024 + 1) }, "draft");
    const big = await other.client.post(`/api/v1/admin/event_forms/${formId}/applications`, tooBig);
    expect(big.status).toBe(422);
    expect(big.body.errors).toEqual({ "answers.q-file": ["The file must not be greater than 5 MB."] });
    const justRight = applicationForm({ ...VALID_TYPED_ANSWERS, "q-file": largePdfFile(5 * 1024 * 1024) }, "draft");
    expect((await other.client.post(`/api/v1/admin/event_forms/${formId}/applications`, justRight)).status).toBe(201);
  });

  it("keeps a draft's file when it is sent again without one, and replaces it with a new one", async () => {
    const { client } = await registered(t);
    const first = await client.post(`/api/v1/admin/event_forms/${formId}/applications`, applicationForm({ "q-file": pdfFile() }, "draft"));
    const fileId = first.body.event_application.answers["q-file"].file_id;

    const kept = await client.post(`/api/v1/admin/event_forms/${formId}/applications`, applicationForm({ ...VALID_TYPED_ANSWERS }));
    expect(kept.status).toBe(200);
    expect(kept.body.event_application.status).toBe("pending");
    expect(kept.body.event_application.answers["q-file"].file_id).toBe(fileId);

    const other = await registered(t);
    const a = await other.client.post(
      `/api/v1/admin/event_forms/${formId}/applications`,
      applicationForm({ "q-file": pdfFile() }, "draft"),
    );
    const oldId = a.body.event_application.answers["q-file"].file_id;
    const b = await other.client.post(
      `/api/v1/admin/event_forms/${formId}/applications`,
      applicationForm({ "q-file": pngFile() }, "draft"),
    );
    const newId = b.body.event_application.answers["q-file"].file_id;
    expect(newId).not.toBe(oldId);
    // The replaced upload is gone; the new one is served.
    const applicationId = b.body.event_application.id;
    expect((await other.client.get(`/api/v1/admin/event_applications/${applicationId}/files/${oldId}`)).status).toBe(404);
    expect((await other.client.get(`/api/v1/admin/event_applications/${applicationId}/files/${newId}`)).status).toBe(200);
  });

  it("reads standard fields with their own labels", async () => {
    const { form } = await ownerWithForm(t, {
      questions: {
        full_name: { enabled: true, required: true },
        email: { enabled: true, required: false },
        phone: { enabled: true, required: true },
        linkedin: { enabled: true, required: true },
        website: { enabled: true, required: false },
        company: { enabled: true, required: false },
      },
    });
    const { client } = await registered(t);
    const missing = await sendApplication(client, form.id, {});
    expect(missing.body.errors).toEqual({
      "answers.full_name": ["The full name field is required."],
      "answers.phone": ["The phone field is required."],
      "answers.linkedin": ["The LinkedIn field is required."],
    });
    const wrong = await sendApplication(client, form.id, {
      full_name: "x".repeat(501),
      phone: "abc",
      linkedin: "linkedin.com/in/ada",
      website: "javascript:alert(1)",
      company: ["One", "Two"],
    });
    expect(wrong.body.errors).toEqual({
      "answers.full_name": ["The full name field must not be greater than 500 characters."],
      "answers.phone": ["The phone field must be a valid phone number."],
      "answers.linkedin": ["The LinkedIn field must be a valid URL starting with http:// or https://."],
      "answers.website": ["The website field must be a valid URL starting with http:// or https://."],
      "answers.company": ["The company field must be a single value."],
    });
  });
});

describe("the applicant's own applications", () => {
  it("lists them newest first with their event, drafts included, paged and filtered", async () => {
    const applicant = await registered(t, "Lister");
    const owner = await startupOwner(t);
    const forms = [];
    for (let i = 0; i < 3; i++) forms.push(await insertEventForm(t, owner.startup.id, { title: `Event ${i}` }));
    await sendApplication(applicant.client, forms[0].id, VALID);
    await sendApplication(applicant.client, forms[1].id, {}, "draft");
    await sendApplication(applicant.client, forms[2].id, VALID);
    // Someone else's application is not listed.
    await sendApplication((await registered(t)).client, forms[0].id, VALID);

    const res = await applicant.client.get("/api/v1/admin/event_applications");
    expect(res.status).toBe(200);
    expect(res.body.meta).toMatchObject({ total: 3, current_page: 1, last_page: 1 });
    expect(res.body.data.map((a: { event_form: { title: string } }) => a.event_form.title)).toEqual(["Event 2", "Event 1", "Event 0"]);
    expect(res.body.data[0]).toMatchObject({
      status: "pending",
      user_id: applicant.id,
      event_form: {
        id: forms[2].id,
        title: "Event 2",
        starts_at: forms[2].startsAt.toISOString(),
        timezone: "Africa/Lagos",
        status: "published",
        type_of_event: "free",
        startup: { name: "Acme", username: owner.startup.username },
      },
    });

    const drafts = await applicant.client.get("/api/v1/admin/event_applications?status=draft");
    expect(drafts.body.data.map((a: { event_form_id: number }) => a.event_form_id)).toEqual([forms[1].id]);

    const paged = await applicant.client.get("/api/v1/admin/event_applications?per_page=2&page=2&sort_by=created_at&sort_order=asc");
    expect(paged.body.meta).toMatchObject({ total: 3, current_page: 2, last_page: 2, from: 3, to: 3, per_page: 2 });
    expect(paged.body.data[0].event_form_id).toBe(forms[2].id);

    const bySubmitted = await applicant.client.get("/api/v1/admin/event_applications?sort_by=submitted_at&sort_order=desc");
    expect(bySubmitted.body.data.map((a: { event_form_id: number }) => a.event_form_id)).toEqual([forms[2].id, forms[0].id, forms[1].id]);
    const byStatus = await applicant.client.get("/api/v1/admin/event_applications?sort_by=status&sort_order=asc");
    expect(byStatus.body.data[0].status).toBe("draft");
  });

  it("shows one application to its applicant and to the form's owner, and 404 to anyone else", async () => {
    const { owner, form } = await ownerWithForm(t);
    const applicant = await registered(t);
    const sent = await sendApplication(applicant.client, form.id, VALID);
    const id = sent.body.event_application.id;

    const mine = await applicant.client.get(`/api/v1/admin/event_applications/${id}`);
    expect(mine.status).toBe(200);
    expect(mine.body.event_application).toEqual(sent.body.event_application);
    const owners = await owner.client.get(`/api/v1/admin/event_applications/${id}`);
    expect(owners.status).toBe(200);
    expect(owners.body.event_application.id).toBe(id);

    const stranger = await registered(t);
    for (const path of [
      `/api/v1/admin/event_applications/${id}`,
      "/api/v1/admin/event_applications/999999",
      "/api/v1/admin/event_applications/x",
    ]) {
      const res = await stranger.client.get(path);
      expect(res.status, path).toBe(404);
      expect(res.body).toEqual({ message: "Event Application not found" });
    }
    // A draft stays private to the applicant.
    const drafter = await registered(t);
    const draft = await sendApplication(drafter.client, form.id, {}, "draft");
    expect((await owner.client.get(`/api/v1/admin/event_applications/${draft.body.event_application.id}`)).status).toBe(404);
  });

  it("cancels an application once, only for its applicant, and a cancelled one cannot be sent again", async () => {
    const { form } = await ownerWithForm(t, { capacity: 1 });
    const applicant = await registered(t);
    const sent = await sendApplication(applicant.client, form.id, VALID);
    const id = sent.body.event_application.id;

    const stranger = await registered(t);
    const notTheirs = await stranger.client.put(`/api/v1/admin/event_applications/${id}/cancel_apply`);
    expect(notTheirs.status).toBe(404);
    expect(notTheirs.body).toEqual({ message: "Event Application not found" });

    const cancelled = await applicant.client.put(`/api/v1/admin/event_applications/${id}/cancel_apply`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.message).toBe("Application cancelled.");
    expect(cancelled.body.event_application).toMatchObject({ id, status: "cancelled" });
    expect(cancelled.body.event_application.cancelled_at).not.toBeNull();

    const twice = await applicant.client.put(`/api/v1/admin/event_applications/${id}/cancel_apply`);
    expect(twice.status).toBe(422);
    expect(twice.body.errors).toEqual({ application: ["This application is already cancelled."] });

    const resubmit = await sendApplication(applicant.client, form.id, VALID);
    expect(resubmit.status).toBe(422);
    expect(resubmit.body.errors).toEqual({ application: ["You have already applied to this event."] });

    // The cancelled place is free again.
    const next = await sendApplication(stranger.client, form.id, VALID);
    expect(next.status).toBe(201);
  });
});

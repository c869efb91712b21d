import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DRAFT_DISCARDED, DRAFT_NOT_FOUND } from "#schemas/drafts.ts";
import { eventApplications, eventForms } from "#api/db/events-schema.ts";
import { daysFromNow, insertEventForm, sendApplication, startupOwner } from "#api/testing/application-fixtures.ts";
import { coFounder, registered } from "#api/testing/fixtures.ts";
import { createTestApi, expectEveryCallRefused, type TestApi } from "#api/testing/harness.ts";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

const DRAFTS = "/api/v1/admin/drafts";

async function touch(table: "form" | "application", id: number, minutesAgo: number) {
  const at = new Date(Date.now() - minutesAgo * 60_000);
  if (table === "form") await t.database.db.update(eventForms).set({ updatedAt: at }).where(eq(eventForms.id, id));
  else await t.database.db.update(eventApplications).set({ updatedAt: at }).where(eq(eventApplications.id, id));
}

describe("the drafts list", () => {
  it("answers 401 to anonymous callers", async () => {
    await expectEveryCallRefused(
      t.client(),
      [
        ["GET", DRAFTS],
        ["DELETE", `${DRAFTS}/applications/1`],
      ],
      401,
      { message: "Unauthenticated." },
    );
  });

  it("lists the owner's draft forms and their own application drafts, newest change first, paged", async () => {
    const owner = await startupOwner(t, "Drafting Owner");
    const other = await startupOwner(t, "Other Owner");
    const draftForm = await insertEventForm(t, owner.startup.id, {
      title: "Half-built summit",
      status: "draft",
      startsAt: daysFromNow(20),
    });
    await insertEventForm(t, owner.startup.id, { title: "Published one" });
    await insertEventForm(t, other.startup.id, { title: "Someone else's draft", status: "draft" });
    const open = await insertEventForm(t, other.startup.id, { title: "Open call", startsAt: daysFromNow(9) });
    const saved = await sendApplication(owner.client, open.id, { full_name: "Owner Applying" }, "draft");
    expect(saved.status).toBe(201);
    const applicationId = saved.body.event_application.id as number;
    await touch("form", draftForm.id, 10);
    await touch("application", applicationId, 5);

    const res = await owner.client.get(DRAFTS);
    expect(res.status).toBe(200);
    expect(res.body.data.map((d: { type: string; id: number; title: string }) => [d.type, d.id, d.title])).toEqual([
      ["application", applicationId, "Open call"],
      ["event_form", draftForm.id, "Half-built summit"],
    ]);
    expect(res.body.data[0]).toMatchObject({
      event_form_id: open.id,
      starts_at: open.startsAt.toISOString(),
      timezone: "Africa/Lagos",
      startup_name: "Acme",
    });
    expect(res.body.meta.total).toBe(2);

    const paged = await owner.client.get(`${DRAFTS}?per_page=1&page=2`);
    expect(paged.body.data.map((d: { id: number }) => d.id)).toEqual([draftForm.id]);
    expect(paged.body.meta).toMatchObject({ total: 2, last_page: 2, current_page: 2 });
    const past = await owner.client.get(`${DRAFTS}?per_page=1&page=5`);
    expect(past.body).toMatchObject({ data: [], meta: { total: 2 } });
  });

  it("shows a co-founder only their application drafts, and nothing when they have none", async () => {
    const person = await coFounder(t);
    expect((await person.client.get(DRAFTS)).body).toMatchObject({ data: [], meta: { total: 0 } });
    const owner = await startupOwner(t);
    const form = await insertEventForm(t, owner.startup.id, { status: "draft" });
    const published = await insertEventForm(t, owner.startup.id, { title: "Apply here" });
    await sendApplication(person.client, published.id, {}, "draft");
    await sendApplication(person.client, form.id, {}, "draft"); // a draft form takes no applications
    const res = await person.client.get(DRAFTS);
    expect(res.body.data.map((d: { type: string; title: string }) => [d.type, d.title])).toEqual([["application", "Apply here"]]);
  });
});

describe("discarding an application draft", () => {
  it("deletes the caller's draft and nobody else's", async () => {
    const owner = await startupOwner(t);
    const form = await insertEventForm(t, owner.startup.id);
    const applicant = await registered(t, "Applicant");
    const stranger = await registered(t, "Stranger");
    const draft = (await sendApplication(applicant.client, form.id, {}, "draft")).body.event_application;

    const refused = await stranger.client.delete(`${DRAFTS}/applications/${draft.id}`);
    expect(refused.status).toBe(404);
    expect(refused.body).toEqual({ message: DRAFT_NOT_FOUND });

    const res = await applicant.client.delete(`${DRAFTS}/applications/${draft.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: DRAFT_DISCARDED });
    expect(await t.database.db.select().from(eventApplications).where(eq(eventApplications.id, draft.id))).toEqual([]);
    expect((await applicant.client.delete(`${DRAFTS}/applications/${draft.id}`)).status).toBe(404);
  });

  it("leaves a submitted application alone", async () => {
    const owner = await startupOwner(t);
    const form = await insertEventForm(t, owner.startup.id);
    const applicant = await registered(t, "Submitter");
    const submitted = await sendApplication(applicant.client, form.id, { full_name: "Sub Mitter", email: "sub@example.com" });
    expect(submitted.status).toBe(201);
    const res = await applicant.client.delete(`${DRAFTS}/applications/${submitted.body.event_application.id}`);
    expect(res.status).toBe(404);
    const [row] = await t.database.db.select().from(eventApplications).where(eq(eventApplications.id, submitted.body.event_application.id));
    expect(row.status).toBe("pending");
  });

  it("answers 404 for ids that name no row", async () => {
    const someone = await registered(t);
    for (const id of ["0", "abc", "99999999999"]) expect((await someone.client.delete(`${DRAFTS}/applications/${id}`)).status).toBe(404);
  });
});

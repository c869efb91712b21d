import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rolePermissions, permissions, roles } from "#api/db/schema.ts";
import { eventApplications } from "#api/db/events-schema.ts";
import { createTestApi, type TestApi } from "#api/testing/harness.ts";
import { registered } from "#api/testing/fixtures.ts";
import { createEventForm, ownerWithCollection, setEventFormStatus, validEventFormFields } from "#api/testing/event-fixtures.ts";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

const FILE_QUESTION = [{ label: "Deck", type: "file", required: false }];
const pdf = () => new File([new TextEncoder().encode("%PDF-1.4\n%%EOF\n")], "deck.pdf", { type: "application/pdf" });

async function publishedFormWithFile() {
  const owner = await ownerWithCollection(t);
  // No required fields, so an empty submit goes through; one optional file question.
  const form = await createEventForm(owner.client, owner.collection.id, { custom_questions: FILE_QUESTION, questions: {} });
  await setEventFormStatus(owner.client, form.id, "published");
  return { owner, form };
}

function multipart(fields: Record<string, string | File>) {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.set(k, v);
  return body;
}

describe("review fixes", () => {
  it("discarding a draft removes it (and its uploads), and the user may apply afresh", async () => {
    const { owner, form } = await publishedFormWithFile();
    const qid = form.custom_questions[0].id;
    const applicant = await registered(t);
    const draft = await applicant.client.post(
      `/api/v1/admin/event_forms/${form.id}/applications`,
      multipart({ intent: "draft", [`answers[${qid}]`]: pdf() }),
    );
    expect(draft.status).toBe(201);
    const id = draft.body.event_application.id;
    const discarded = await applicant.client.put(`/api/v1/admin/event_applications/${id}/cancel_apply`);
    expect(discarded.status).toBe(200);
    expect(discarded.body).toEqual({ event_application: null, message: "Draft discarded." });
    expect(await t.database.db.select().from(eventApplications).where(eq(eventApplications.id, id))).toHaveLength(0);
    expect((await owner.client.get(`/api/v1/admin/event_forms/${form.id}/responses`)).body.meta.total).toBe(0);
    const again = await applicant.client.post(`/api/v1/admin/event_forms/${form.id}/applications`, multipart({ intent: "submit" }));
    expect(again.status).toBe(201);
  });

  it("a question whose type changes gets a new id, so old answers are never read as files", async () => {
    const owner = await ownerWithCollection(t);
    const form = await createEventForm(owner.client, owner.collection.id, { custom_questions: [{ label: "Note", type: "short_text" }] });
    const qid = form.custom_questions[0].id;
    const fields = validEventFormFields(owner.collection.id, { custom_questions: [{ id: qid, label: "Note", type: "file" }] });
    const same = validEventFormFields(owner.collection.id, { custom_questions: [{ id: qid, label: "Note, renamed", type: "short_text" }] });
    expect((await owner.client.put(`/api/v1/admin/event_forms/${form.id}`, same)).body.event_form.custom_questions[0].id).toBe(qid);
    const res = await owner.client.put(`/api/v1/admin/event_forms/${form.id}`, fields);
    expect(res.status).toBe(200);
    expect(res.body.event_form.custom_questions[0].id).not.toBe(qid);
  });

  it("an application document is served only if it is the applicant's own upload, and a bad id is 404", async () => {
    const { owner, form } = await publishedFormWithFile();
    const qid = form.custom_questions[0].id;
    const applicant = await registered(t);
    const sent = await applicant.client.post(
      `/api/v1/admin/event_forms/${form.id}/applications`,
      multipart({ [`answers[${qid}]`]: pdf() }),
    );
    expect(sent.status).toBe(201);
    const id = sent.body.event_application.id;
    expect((await owner.client.get(`/api/v1/admin/event_applications/${id}/files/not-a-uuid`)).status).toBe(404);
    expect((await owner.client.get(sent.body.event_application.answers[qid].url)).status).toBe(200);
  });

  it("an owner without event response read cannot read applications through the application routes", async () => {
    const { owner, form } = await publishedFormWithFile();
    const applicant = await registered(t);
    const sent = await applicant.client.post(`/api/v1/admin/event_forms/${form.id}/applications`, multipart({}));
    const id = sent.body.event_application.id;
    expect((await owner.client.get(`/api/v1/admin/event_applications/${id}`)).status).toBe(200);
    const [startupRole] = await t.database.db.select().from(roles).where(eq(roles.name, "startup"));
    const [read] = await t.database.db.select().from(permissions).where(eq(permissions.name, "event response read"));
    await t.database.db.delete(rolePermissions).where(eq(rolePermissions.permissionId, read.id));
    try {
      expect((await owner.client.get(`/api/v1/admin/event_applications/${id}`)).status).toBe(404);
    } finally {
      await t.database.db.insert(rolePermissions).values({ roleId: startupRole.id, permissionId: read.id });
    }
  });

  it("a form with applications cannot go back to draft", async () => {
    const { owner, form } = await publishedFormWithFile();
    const applicant = await registered(t);
    expect((await applicant.client.post(`/api/v1/admin/event_forms/${form.id}/applications`, multipart({}))).status).toBe(201);
    const res = await owner.client.put(`/api/v1/admin/event_form_statuses/${form.id}`, { status: "draft" });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ status: ["A form with applications cannot go back to draft. Close it instead."] });
    expect((await owner.client.put(`/api/v1/admin/event_form_statuses/${form.id}`, { status: "closed" })).status).toBe(200);
  });
});

/**
 * Who may see an application is part of the query that loads it, and a path id that cannot name a row is
 * the resource's own 404 before any query runs.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ownerWithForm, sendApplication } from "#api/testing/application-fixtures.ts";
import { registered } from "#api/testing/fixtures.ts";
import { createTestApi, type TestApi, type TestClient } from "#api/testing/harness.ts";
import { APPLICATION_NOT_FOUND, FORM_NOT_FOUND } from "./messages.ts";
import { getApplication } from "./my-applications.ts";
import { callerAs } from "#api/testing/callers.ts";

const caller = (id: number, startupId: number | null) => callerAs(t.database.db, id, startupId);

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

const ANSWERS = { full_name: "Ada Lovelace", email: "ada@example.com" };

async function applied(intent: "draft" | "submit" = "submit") {
  const { owner, form } = await ownerWithForm(t);
  const applicant = await registered(t);
  const res = await sendApplication(applicant.client, form.id, ANSWERS, intent);
  expect(res.status).toBe(201);
  return { owner, form, applicant, id: res.body.event_application.id as number };
}

describe("who may see an application", () => {
  const NOT_FOUND = { status: 404, message: APPLICATION_NOT_FOUND };

  it("its applicant; the form's startup only once submitted and with 'event response read'; nobody else", async () => {
    const db = t.database.db;
    const { owner, applicant, id } = await applied();
    expect(await getApplication(db, await caller(applicant.id, null), id)).toMatchObject({ id, user_id: applicant.id });
    expect(await getApplication(db, await caller(owner.id, owner.startup.id), id)).toMatchObject({ id, status: "pending" });
    // Same startup, but no role and so no permission.
    const member = await registered(t);
    await expect(getApplication(db, await caller(member.id, owner.startup.id), id)).rejects.toMatchObject(NOT_FOUND);
    const stranger = await ownerWithForm(t);
    await expect(getApplication(db, await caller(stranger.owner.id, stranger.owner.startup.id), id)).rejects.toMatchObject(NOT_FOUND);

    const draft = await applied("draft");
    expect(await getApplication(db, await caller(draft.applicant.id, null), draft.id)).toMatchObject({ status: "draft" });
    await expect(getApplication(db, await caller(draft.owner.id, draft.owner.startup.id), draft.id)).rejects.toMatchObject(NOT_FOUND);
  });
});

describe("application path ids", () => {
  const NOT_IDS = ["0", "-1", "1.5", "1e3", "2147483648", "99999999999", "abc"];

  it("answer the application's 404 for anything that is not a positive int4 id, even one that parses to a real id", async () => {
    const { owner, form, applicant, id } = await applied();
    for (const raw of [...NOT_IDS, `${id}.0`, `${id}e0`]) {
      for (const res of [
        await applicant.client.get(`/api/v1/admin/event_applications/${raw}`),
        await applicant.client.get(`/api/v1/admin/event_applications/${raw}/files/00000000-0000-0000-0000-000000000000`),
        await applicant.client.put(`/api/v1/admin/event_applications/${raw}/cancel_apply`),
        await owner.client.put(`/api/v1/admin/event_applications/${raw}/status`, { status: "accepted" }),
        await owner.client.get(`/api/v1/admin/event_forms/${form.id}/responses/${raw}`),
      ]) {
        expect(res.status, raw).toBe(404);
        expect(res.body, raw).toEqual({ message: APPLICATION_NOT_FOUND });
      }
    }
    expect((await applicant.client.get(`/api/v1/admin/event_applications/${id}`)).status).toBe(200);
  });

  it("answer the form's 404 on every form path", async () => {
    const { owner, form, applicant } = await applied();
    for (const raw of [...NOT_IDS, `${form.id}.0`]) {
      for (const res of [
        await applicant.client.get(`/api/v1/site/event_forms/${raw}`),
        await applicant.client.post(`/api/v1/admin/event_forms/${raw}/applications`, { answers: ANSWERS }),
        await owner.client.get(`/api/v1/admin/event_forms/${raw}/responses`),
        await owner.client.get(`/api/v1/admin/event_forms/${raw}/responses.csv`),
        await owner.client.get(`/api/v1/admin/event_forms/${raw}/responses/1`),
      ]) {
        expect(res.status, raw).toBe(404);
        expect(res.body, raw).toEqual({ message: FORM_NOT_FOUND });
      }
    }
  });
});

describe("a form's manually entered online link", () => {
  const LINK = "https://meet.example.com/private-room-7f3a";

  it("reaches the form's owner and an accepted applicant only: not a stranger, another startup's owner, nor a pending or rejected applicant", async () => {
    const { owner, form } = await ownerWithForm(t, { nature: "online", onlineLink: LINK });
    const onlineLinkOf = async (client: TestClient) => {
      const res = await client.get(`/api/v1/site/event_forms/${form.id}`);
      expect(res.status).toBe(200);
      if (res.body.event_form.online_link === null) expect(JSON.stringify(res.body)).not.toContain(LINK);
      return res.body.event_form.online_link as string | null;
    };
    const applicantWith = async (status: "pending" | "accepted" | "rejected") => {
      const applicant = await registered(t);
      const sent = await sendApplication(applicant.client, form.id, ANSWERS);
      expect(sent.status).toBe(201);
      if (status !== "pending") {
        const decided = await owner.client.put(`/api/v1/admin/event_applications/${sent.body.event_application.id}/status`, { status });
        expect(decided.status).toBe(200);
      }
      return applicant.client;
    };

    expect(await onlineLinkOf((await registered(t)).client)).toBeNull();
    expect(await onlineLinkOf((await ownerWithForm(t)).owner.client)).toBeNull();
    expect(await onlineLinkOf(await applicantWith("pending"))).toBeNull();
    expect(await onlineLinkOf(await applicantWith("rejected"))).toBeNull();
    expect(await onlineLinkOf(await applicantWith("accepted"))).toBe(LINK);
    expect(await onlineLinkOf(owner.client)).toBe(LINK);
  });
});

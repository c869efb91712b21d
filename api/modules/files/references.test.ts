import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { coFounders, files, users } from "#api/db/schema.ts";
import { eventForms } from "#api/db/events-schema.ts";
import { applicationForm, insertEventForm, pdfFile, startupOwner } from "#api/testing/application-fixtures.ts";
import { eventFormData, ownerWithCollection, validEventFormFields } from "#api/testing/event-fixtures.ts";
import { coFounder, fetchBytes, pngFile, registered } from "#api/testing/fixtures.ts";
import { createTestApi, type TestApi, type TestClient } from "#api/testing/harness.ts";
import { FILE_COLUMNS } from "./references.ts";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

const fileIdOf = (url: string) => url.split("/").pop()!;
const filesOwnedBy = async (userId: number) =>
  (await t.database.db.select({ id: files.id }).from(files).where(eq(files.ownerUserId, userId))).map((row) => row.id);
const storedBytes = async () =>
  (await t.database.db.select({ n: sql<number>`coalesce(sum(${files.byteSize}), 0)`.mapWith(Number) }).from(files))[0].n;

function avatarUpdate(name: string, email: string) {
  const body = new FormData();
  body.set("_method", "PUT");
  body.set("name", name);
  body.set("email", email);
  body.set("avatar", pngFile("me.png"));
  return body;
}

const newAvatar = async (client: TestClient, email: string) => {
  const res = await client.post<{ user: { avatar_url: string } }>("/api/user", avatarUpdate("Pictured", email));
  expect(res.status).toBe(200);
  return res.body.user.avatar_url;
};

describe("files no longer referenced are deleted with the change", () => {
  it("finds every file column in the schema", () => {
    const names = FILE_COLUMNS.map(
      (column) => `${(column.table as unknown as { [key: symbol]: string })[Symbol.for("drizzle:Name")]}.${column.name}`,
    ).sort();
    expect(names).toEqual(["co_founders.avatar_file_id", "event_forms.banner_file_id", "startups.logo_file_id", "users.avatar_file_id"]);
  });

  it("deletes a replaced avatar: its old address answers 404 and 20 replacements leave one file", async () => {
    const { client, email, id } = await registered(t, "Often Pictured");
    const first = await newAvatar(client, email);
    const before = await storedBytes();
    const urls = [first];
    for (let i = 0; i < 20; i++) urls.push(await newAvatar(client, email));
    for (const url of urls.slice(0, -1)) expect((await fetchBytes(t, url)).status, url).toBe(404);
    expect((await fetchBytes(t, urls.at(-1)!)).status).toBe(200);
    expect(await filesOwnedBy(id)).toEqual([fileIdOf(urls.at(-1)!)]);
    expect(await storedBytes()).toBe(before);
  });

  it("keeps one file when 12 avatar replacements arrive at once", async () => {
    const { client, email, id } = await registered(t, "Racing Avatars");
    await newAvatar(client, email);
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => client.post<{ user: { avatar_url: string } }>("/api/user", avatarUpdate("Racer", email))),
    );
    expect(answers.map((res) => res.status)).toEqual(Array(12).fill(200));
    const current = (await client.get<{ avatar_url: string }>("/api/user")).body.avatar_url;
    expect(await filesOwnedBy(id)).toEqual([fileIdOf(current)]);
    expect((await fetchBytes(t, current)).status).toBe(200);
  });

  it("keeps a replaced file that another row still shows", async () => {
    const { client, email, id } = await registered(t, "Shared Picture");
    const shared = fileIdOf(await newAvatar(client, email));
    // The same image as a co-founder profile's avatar: replacing the account's avatar must not blank it.
    const other = await coFounder(t);
    await t.database.db.update(coFounders).set({ avatarFileId: shared }).where(eq(coFounders.userId, other.id));
    await newAvatar(client, email);
    expect((await fetchBytes(t, `/api/v1/files/${shared}`)).status).toBe(200);
    expect(
      (await t.database.db.select({ id: coFounders.avatarFileId }).from(coFounders).where(eq(coFounders.userId, other.id)))[0].id,
    ).toBe(shared);
    expect((await t.database.db.select({ id: users.avatarFileId }).from(users).where(eq(users.id, id)))[0].id).not.toBe(shared);
  });

  it("deletes a replaced event banner, and the banner of a deleted form", async () => {
    const owner = await ownerWithCollection(t);
    const fields = validEventFormFields(owner.collection.id, { banner: pngFile("one.png") });
    const created = await owner.client.post<{ event_form: { id: number; banner_url: string } }>(
      "/api/v1/admin/event_forms",
      eventFormData(fields),
    );
    expect(created.status).toBe(201);
    const { id, banner_url: first } = created.body.event_form;
    const update = eventFormData({ ...fields, banner: pngFile("two.png") });
    update.set("_method", "PUT");
    const updated = await owner.client.post<{ event_form: { banner_url: string } }>(`/api/v1/admin/event_forms/${id}`, update);
    expect(updated.status).toBe(200);
    const second = updated.body.event_form.banner_url;
    expect(second).not.toBe(first);
    expect((await fetchBytes(t, first)).status).toBe(404);
    expect((await fetchBytes(t, second)).status).toBe(200);

    expect((await owner.client.delete(`/api/v1/admin/event_forms/${id}`)).status).toBe(200);
    expect((await fetchBytes(t, second)).status).toBe(404);
  });

  it("deletes the forms' banners and their drafts' documents with a collection", async () => {
    const owner = await startupOwner(t);
    const questions = [{ id: "q-deck", label: "Deck", help_text: null, type: "file" as const, required: false, options: [] }];
    const form = await insertEventForm(t, owner.startup.id, { customQuestions: questions });
    const banner = fileIdOf(await newAvatar(owner.client, owner.email));
    // The banner row is set straight away: the owner's avatar file serves as the form's banner here.
    await t.database.db.update(users).set({ avatarFileId: null }).where(eq(users.id, owner.id));
    await t.database.db.update(eventForms).set({ bannerFileId: banner }).where(eq(eventForms.id, form.id));
    const applicant = await registered(t, "Drafting Applicant");
    const draft = await applicant.client.post(
      `/api/v1/admin/event_forms/${form.id}/applications`,
      applicationForm({ "q-deck": pdfFile() }, "draft"),
    );
    expect(draft.status).toBe(201);
    expect(await filesOwnedBy(applicant.id)).toHaveLength(1);

    const res = await owner.client.delete(`/api/v1/admin/collections/${form.collectionId}?forms_action=delete`);
    expect(res.status).toBe(200);
    expect(await filesOwnedBy(applicant.id)).toEqual([]);
    expect(
      await t.database.db
        .select({ id: files.id })
        .from(files)
        .where(inArray(files.id, [banner])),
    ).toEqual([]);
  });
});

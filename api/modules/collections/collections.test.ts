import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { files } from "#api/db/schema.ts";
import { collections, eventApplications, eventForms } from "#api/db/events-schema.ts";
import type { FieldErrors } from "#api/lib/errors.ts";
import type { Page } from "#schemas/answers.ts";
import {
  createEventForm,
  eventFormData,
  insertApplication,
  ownerWithCollection,
  validEventFormFields,
} from "#api/testing/event-fixtures.ts";
import { coFounder, grantRole, pngFile, registered } from "#api/testing/fixtures.ts";
import { createTestApi, expectEveryCallRefused, type Call, type TestApi, type TestClient } from "#api/testing/harness.ts";
import type { CollectionView } from "#schemas/event-form-views.ts";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

type List = Page<CollectionView>;
type Answer = { collection: CollectionView; message: string; errors: FieldErrors };

const BASE = "/api/v1/admin/collections";

async function newCollection(client: TestClient, name: string) {
  const res = await client.post<Answer>(BASE, { name });
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.collection;
}

async function formCollectionId(formId: number) {
  const [row] = await t.database.db.select({ collectionId: eventForms.collectionId }).from(eventForms).where(eq(eventForms.id, formId));
  return row?.collectionId;
}

describe("access", () => {
  it("answers 401 Unauthenticated. without a login", async () => {
    const calls: Call[] = [
      ["GET", BASE],
      ["POST", BASE, { name: "X" }],
      ["GET", `${BASE}/1`],
      ["PUT", `${BASE}/1`, { name: "X" }],
      ["DELETE", `${BASE}/1`],
    ];
    await expectEveryCallRefused(t.client(), calls, 401, { message: "Unauthenticated." });
  });

  it("answers 403 Access Forbidden to a co-founder, who has no event form permission", async () => {
    const { client } = await coFounder(t);
    expect(await client.get(BASE)).toMatchObject({ status: 403, body: { message: "Access Forbidden" } });
    expect(await client.post(BASE, { name: "Mine" })).toMatchObject({ status: 403, body: { message: "Access Forbidden" } });
    expect(await client.get(`${BASE}/1`)).toMatchObject({ status: 403, body: { message: "Access Forbidden" } });
    expect(await client.put(`${BASE}/1`, { name: "Mine" })).toMatchObject({ status: 403, body: { message: "Access Forbidden" } });
    expect(await client.delete(`${BASE}/1`)).toMatchObject({ status: 403, body: { message: "Access Forbidden" } });
  });

  it("answers 403 to a user holding the permission but no startup of their own", async () => {
    const admin = await registered(t, "Admin Without Startup");
    await grantRole(t, admin.id, "admin");
    const { collection } = await ownerWithCollection(t);
    for (const res of [
      await admin.client.get(BASE),
      await admin.client.post(BASE, { name: "Orphan" }),
      await admin.client.get(`${BASE}/${collection.id}`),
      await admin.client.put(`${BASE}/${collection.id}`, { name: "Taken over" }),
      await admin.client.delete(`${BASE}/${collection.id}`),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ message: "Access Forbidden" });
    }
  });

  it("answers 404 Collection Not Found for another startup's collection, and leaves it alone", async () => {
    const mine = await ownerWithCollection(t);
    const theirs = await ownerWithCollection(t, "Their events");
    const path = `${BASE}/${theirs.collection.id}`;
    for (const res of [
      await mine.client.get(path),
      await mine.client.put(path, { name: "Stolen" }),
      await mine.client.delete(path),
      await mine.client.request("DELETE", `${path}?forms_action=delete`),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: "Collection Not Found" });
    }
    const still = await theirs.client.get<Answer>(path);
    expect(still.body.collection.name).toBe("Their events");
    // Nor does it show in the other startup's list.
    const list = await mine.client.get<List>(BASE);
    expect(list.body.data.map((c) => c.id)).toEqual([mine.collection.id]);
  });

  it("answers 404 for ids that do not exist or are not ids", async () => {
    const { client } = await ownerWithCollection(t);
    for (const id of ["999999", "abc", "0", "-1", "1.5"]) {
      const res = await client.get(`${BASE}/${id}`);
      expect(res.status, id).toBe(404);
      expect(res.body).toEqual({ message: "Collection Not Found" });
    }
  });
});

describe("POST /api/v1/admin/collections", () => {
  it("creates a collection: 201 with the collection and a message", async () => {
    const { client } = await ownerWithCollection(t);
    const res = await client.post<Answer>(BASE, { name: "  Summer series  " });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      message: "Collection created.",
      collection: {
        id: expect.any(Number),
        name: "Summer series",
        event_forms_count: 0,
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
        updated_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
      },
    });
  });

  it("accepts a multipart body too", async () => {
    const { client } = await ownerWithCollection(t);
    const form = new FormData();
    form.set("name", "From a form");
    const res = await client.post<Answer>(BASE, form);
    expect(res.status).toBe(201);
    expect(res.body.collection.name).toBe("From a form");
  });

  it("refuses a missing, blank or too long name with 422", async () => {
    const { client } = await ownerWithCollection(t);
    for (const body of [{}, { name: "   " }]) {
      const res = await client.post<Answer>(BASE, body);
      expect(res.status).toBe(422);
      expect(res.body).toEqual({ message: "The name field is required.", errors: { name: ["The name field is required."] } });
    }
    const long = await client.post<Answer>(BASE, { name: "x".repeat(121) });
    expect(long.status).toBe(422);
    expect(long.body.errors).toEqual({ name: ["The name field must not be greater than 120 characters."] });
  });

  it("keeps names unique per startup, ignoring case, but lets another startup reuse one", async () => {
    const { client } = await ownerWithCollection(t, "Demo Days");
    const clash = await client.post<Answer>(BASE, { name: "demo days" });
    expect(clash.status).toBe(422);
    expect(clash.body).toEqual({
      message: "The name has already been taken.",
      errors: { name: ["The name has already been taken."] },
    });
    const other = await ownerWithCollection(t);
    expect((await other.client.post(BASE, { name: "DEMO DAYS" })).status).toBe(201);
  });

  it("lets two creations of one name race and keeps exactly one", async () => {
    const { client, startup } = await ownerWithCollection(t);
    const results = await Promise.all([client.post(BASE, { name: "Race" }), client.post(BASE, { name: "race" })]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 422]);
    const rows = await t.database.db.select().from(collections).where(eq(collections.startupId, startup.id));
    expect(rows.filter((r) => r.name.toLowerCase() === "race")).toHaveLength(1);
  });
});

describe("GET /api/v1/admin/collections", () => {
  it("lists the startup's own collections in the list shape, sorted by name by default", async () => {
    const { client, collection } = await ownerWithCollection(t, "Beta");
    await newCollection(client, "alpha");
    await newCollection(client, "Gamma");
    const res = await client.get<List>(BASE);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(["data", "links", "meta"]);
    expect(res.body.data.map((c) => c.name)).toEqual(["alpha", "Beta", "Gamma"]);
    expect(res.body.data[1]).toEqual({
      id: collection.id,
      name: "Beta",
      event_forms_count: 0,
      created_at: collection.created_at,
      updated_at: collection.updated_at,
    });
    expect(res.body.meta).toEqual({ current_page: 1, from: 1, last_page: 1, per_page: 15, to: 3, total: 3 });
    expect(res.body.links).toEqual({ first: `${BASE}?page=1`, last: `${BASE}?page=1`, prev: null, next: null });
  });

  it("counts each collection's forms and sorts by that count", async () => {
    const { client, collection } = await ownerWithCollection(t, "Two forms");
    const one = await newCollection(client, "One form");
    const none = await newCollection(client, "No forms");
    await createEventForm(client, collection.id);
    await createEventForm(client, collection.id, { title: "Second" });
    await createEventForm(client, one.id);
    const asc = await client.get<List>(`${BASE}?sort_by=event_forms_count`);
    expect(asc.body.data.map((c) => [c.id, c.event_forms_count])).toEqual([
      [none.id, 0],
      [one.id, 1],
      [collection.id, 2],
    ]);
    const desc = await client.get<List>(`${BASE}?sort_by=event_forms_count&sort_order=desc`);
    expect(desc.body.data.map((c) => c.event_forms_count)).toEqual([2, 1, 0]);
    const single = await client.get<Answer>(`${BASE}/${collection.id}`);
    expect(single.body.collection.event_forms_count).toBe(2);
  });

  it("sorts by name and created_at both ways; an unknown sort falls back to name", async () => {
    const { client } = await ownerWithCollection(t, "B first made");
    await newCollection(client, "C second made");
    await newCollection(client, "A third made");
    const names = async (query: string) => (await client.get<List>(`${BASE}?${query}`)).body.data.map((c) => c.name[0]).join("");
    expect(await names("sort_by=name&sort_order=desc")).toBe("CBA");
    expect(await names("sort_by=created_at")).toBe("BCA");
    expect(await names("sort_by=created_at&sort_order=desc")).toBe("ACB");
    expect(await names("sort_by=password;drop")).toBe("ABC");
  });

  it("searches names case-insensitively, treating % and _ literally", async () => {
    const { client } = await ownerWithCollection(t, "Pitch Nights");
    await newCollection(client, "Workshops");
    await newCollection(client, "100% online");
    await newCollection(client, "pitch_practice");
    const search = async (term: string) =>
      (await client.get<List>(`${BASE}?search=${encodeURIComponent(term)}`)).body.data.map((c) => c.name);
    expect(await search("PITCH")).toEqual(["Pitch Nights", "pitch_practice"]);
    expect(await search("%")).toEqual(["100% online"]);
    expect(await search("_")).toEqual(["pitch_practice"]);
    const none = await client.get<List>(`${BASE}?search=nothing`);
    expect(none.body.data).toEqual([]);
    expect(none.body.meta).toMatchObject({ total: 0, from: null, to: null, last_page: 1 });
  });

  it("pages in SQL with links that keep the query", async () => {
    const { client } = await ownerWithCollection(t, "Page a");
    for (const n of ["b", "c", "d", "e"]) await newCollection(client, `Page ${n}`);
    const first = await client.get<List>(`${BASE}?per_page=2&search=page`);
    expect(first.body.data.map((c) => c.name)).toEqual(["Page a", "Page b"]);
    expect(first.body.meta).toEqual({ current_page: 1, from: 1, last_page: 3, per_page: 2, to: 2, total: 5 });
    expect(first.body.links.prev).toBeNull();
    const next = new URL(first.body.links.next!, "http://localhost");
    expect(Object.fromEntries(next.searchParams)).toEqual({ per_page: "2", search: "page", page: "2" });
    const last = await client.get<List>(first.body.links.last);
    expect(last.body.data.map((c) => c.name)).toEqual(["Page e"]);
    expect(last.body.meta).toEqual({ current_page: 3, from: 5, last_page: 3, per_page: 2, to: 5, total: 5 });
    expect(last.body.links.next).toBeNull();
    const capped = await client.get<List>(`${BASE}?per_page=1000`);
    expect(capped.body.meta.per_page).toBe(100);
  });
});

describe("GET and PUT /api/v1/admin/collections/{id}", () => {
  it("shows one collection", async () => {
    const { client, collection } = await ownerWithCollection(t, "Shown");
    const res = await client.get<Answer>(`${BASE}/${collection.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ collection });
  });

  it("renames a collection: the collection and a message", async () => {
    const { client, collection } = await ownerWithCollection(t, "Old name");
    const res = await client.put<Answer>(`${BASE}/${collection.id}`, { name: "New name" });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("Collection updated.");
    expect(res.body.collection).toMatchObject({
      id: collection.id,
      name: "New name",
      event_forms_count: 0,
      created_at: collection.created_at,
    });
    expect((await client.get<Answer>(`${BASE}/${collection.id}`)).body.collection.name).toBe("New name");
  });

  it("lets a collection change the case of its own name but not take another's", async () => {
    const { client, collection } = await ownerWithCollection(t, "Hackathons");
    await newCollection(client, "Meetups");
    const recase = await client.put<Answer>(`${BASE}/${collection.id}`, { name: "HACKATHONS" });
    expect(recase.status).toBe(200);
    const clash = await client.put<Answer>(`${BASE}/${collection.id}`, { name: "meetups" });
    expect(clash.status).toBe(422);
    expect(clash.body.errors).toEqual({ name: ["The name has already been taken."] });
    const blank = await client.put<Answer>(`${BASE}/${collection.id}`, { name: "" });
    expect(blank.status).toBe(422);
    expect(blank.body.errors).toEqual({ name: ["The name field is required."] });
  });
});

describe("DELETE /api/v1/admin/collections/{id}", () => {
  it("deletes an empty collection", async () => {
    const { client, collection } = await ownerWithCollection(t);
    const res = await client.delete(`${BASE}/${collection.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: "Collection deleted." });
    expect((await client.get(`${BASE}/${collection.id}`)).status).toBe(404);
  });

  it("asks what to do with the forms of a collection that holds some", async () => {
    const { client, collection } = await ownerWithCollection(t);
    await createEventForm(client, collection.id);
    const one = await client.delete(`${BASE}/${collection.id}`);
    expect(one.status).toBe(422);
    expect(one.body.errors).toEqual({
      forms_action: ["This collection holds 1 event form. Choose whether to move them to another collection or delete them."],
    });
    await createEventForm(client, collection.id, { title: "Another" });
    const two = await client.delete(`${BASE}/${collection.id}`);
    expect(two.status).toBe(422);
    expect(two.body).toEqual({
      message: "This collection holds 2 event forms. Choose whether to move them to another collection or delete them.",
      errors: { forms_action: ["This collection holds 2 event forms. Choose whether to move them to another collection or delete them."] },
    });
    const unknown = await client.request("DELETE", `${BASE}/${collection.id}`, { forms_action: "archive" });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors).toEqual({ forms_action: ["The selected forms action is invalid."] });
    expect((await client.get<Answer>(`${BASE}/${collection.id}`)).body.collection.event_forms_count).toBe(2);
  });

  it("moves the forms to another collection of the startup, then deletes (body or query)", async () => {
    const { client, collection } = await ownerWithCollection(t, "Leaving");
    const target = await newCollection(client, "Staying");
    const first = await createEventForm(client, collection.id);
    const second = await createEventForm(client, collection.id, { title: "Second" });
    await insertApplication(t, first.id, "pending");
    const res = await client.request("DELETE", `${BASE}/${collection.id}`, { forms_action: "move", target_collection_id: target.id });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: "Collection deleted." });
    expect(await formCollectionId(first.id)).toBe(target.id);
    expect(await formCollectionId(second.id)).toBe(target.id);
    const moved = await client.get(`/api/v1/admin/event_forms/${first.id}`);
    expect(moved.body.event_form.collection).toEqual({ id: target.id, name: "Staying" });
    expect(moved.body.event_form.applications_count).toBe(1);
    expect((await client.get<Answer>(`${BASE}/${target.id}`)).body.collection.event_forms_count).toBe(2);

    const other = await newCollection(client, "Via query");
    const third = await createEventForm(client, target.id, { title: "Third" });
    const viaQuery = await client.delete(`${BASE}/${target.id}?forms_action=move&target_collection_id=${other.id}`);
    expect(viaQuery.status).toBe(200);
    expect(await formCollectionId(third.id)).toBe(other.id);
    expect((await client.get<Answer>(`${BASE}/${other.id}`)).body.collection.event_forms_count).toBe(3);
  });

  it("refuses to move forms to a missing, foreign or the same collection, and changes nothing", async () => {
    const { client, collection } = await ownerWithCollection(t);
    const theirs = await ownerWithCollection(t);
    const form = await createEventForm(client, collection.id);
    for (const target of [undefined, "", "abc", 999999, collection.id, theirs.collection.id]) {
      const res = await client.request("DELETE", `${BASE}/${collection.id}`, { forms_action: "move", target_collection_id: target });
      expect(res.status, String(target)).toBe(422);
      expect(res.body.errors).toEqual({ target_collection_id: ["The selected collection is invalid."] });
    }
    expect(await formCollectionId(form.id)).toBe(collection.id);
    expect((await client.get(`${BASE}/${collection.id}`)).status).toBe(200);
  });

  it("deletes the forms with it (and their banners and draft applications) when none has a submitted application", async () => {
    const { client, collection } = await ownerWithCollection(t);
    const withBanner = await client.post(
      "/api/v1/admin/event_forms",
      eventFormData(validEventFormFields(collection.id, { banner: pngFile() })),
    );
    expect(withBanner.status).toBe(201);
    const bannerId = withBanner.body.event_form.banner_url.split("/").pop();
    const plain = await createEventForm(client, collection.id, { title: "Plain" });
    await insertApplication(t, plain.id, "draft");
    const res = await client.request("DELETE", `${BASE}/${collection.id}`, { forms_action: "delete" });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: "Collection deleted." });
    expect(await formCollectionId(plain.id)).toBeUndefined();
    expect(await formCollectionId(withBanner.body.event_form.id)).toBeUndefined();
    expect(await t.database.db.select().from(files).where(eq(files.id, bannerId))).toEqual([]);
    expect(await t.database.db.select().from(eventApplications).where(eq(eventApplications.eventFormId, plain.id))).toEqual([]);
    expect((await client.get(`${BASE}/${collection.id}`)).status).toBe(404);
  });

  it("refuses to delete forms that have submitted applications, and changes nothing", async () => {
    const { client, collection } = await ownerWithCollection(t);
    const quiet = await createEventForm(client, collection.id);
    const popular = await createEventForm(client, collection.id, { title: "Popular" });
    await insertApplication(t, popular.id, "cancelled");
    const res = await client.delete(`${BASE}/${collection.id}?forms_action=delete`);
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({
      forms_action: ["Some of these forms have applications. Move them to another collection instead."],
    });
    expect(await formCollectionId(quiet.id)).toBe(collection.id);
    expect(await formCollectionId(popular.id)).toBe(collection.id);
    expect((await client.get(`${BASE}/${collection.id}`)).status).toBe(200);
  });
});

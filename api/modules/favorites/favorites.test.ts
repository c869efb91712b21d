import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { favorites } from "#api/db/community-schema.ts";
import { coFounders, startups, users } from "#api/db/schema.ts";
import { eventForms } from "#api/db/events-schema.ts";
import { createEventForm, ownerWithCollection, publishedEventForm } from "#api/testing/event-fixtures.ts";
import { coFounder, registered, setUpStartupProfile, userRow } from "#api/testing/fixtures.ts";
import { createTestApi, expectEveryCallRefused, type Call, type TestApi, type TestClient } from "#api/testing/harness.ts";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

const BASE = "/api/v1/admin/favorites";
const ADDED = { message: "Added to favorites", is_favorited: true };
const REMOVED = { message: "Removed from favorites", is_favorited: false };

async function startupAccount() {
  const account = await registered(t, "Saver");
  const startup = await setUpStartupProfile(account.client);
  return { ...account, startup };
}

const remove = (client: TestClient, body: unknown) => client.request("DELETE", BASE, body);

async function organizationId() {
  const [row] = await t.database.db
    .insert(startups)
    .values({
      accountType: "organization",
      name: "Hub",
      username: `hub-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`,
      country: "NG",
      cityName: "Lagos",
      description: "A hub",
      industry: "Education",
    })
    .returning({ id: startups.id });
  return row.id;
}

describe("access", () => {
  it("answers 401 without a login", async () => {
    const calls: Call[] = [
      ["GET", BASE],
      ["POST", BASE, { favoritable_type: "startup", favoritable_id: 1 }],
      ["DELETE", BASE, { favoritable_type: "startup", favoritable_id: 1 }],
    ];
    await expectEveryCallRefused(t.client(), calls, 401, { message: "Unauthenticated." });
  });
});

describe("adding and removing", () => {
  it("is idempotent both ways and answers the current state", async () => {
    const me = await startupAccount();
    const other = await startupAccount();
    const body = { favoritable_type: "startup", favoritable_id: other.startup.id };
    expect(await me.client.post(BASE, body)).toMatchObject({ status: 200, body: ADDED });
    expect(await me.client.post(BASE, body)).toMatchObject({ status: 200, body: ADDED });
    const rows = await t.database.db.select().from(favorites).where(eq(favorites.userId, me.id));
    expect(rows).toHaveLength(1);
    expect(await remove(me.client, body)).toMatchObject({ status: 200, body: REMOVED });
    expect(await remove(me.client, body)).toMatchObject({ status: 200, body: REMOVED });
    expect(await t.database.db.select().from(favorites).where(eq(favorites.userId, me.id))).toHaveLength(0);
  });

  it("removes a target named in the query, for clients that send no body with DELETE", async () => {
    const me = await startupAccount();
    const other = await startupAccount();
    expect(await me.client.post(BASE, { favoritable_type: "startup", favoritable_id: other.startup.id })).toMatchObject({ status: 200 });
    const res = await me.client.request("DELETE", `${BASE}?favoritable_type=startup&favoritable_id=${other.startup.id}`);
    expect(res).toMatchObject({ status: 200, body: REMOVED });
    expect(await t.database.db.select().from(favorites).where(eq(favorites.userId, me.id))).toHaveLength(0);
  });

  it("survives parallel adds of the same target", async () => {
    const me = await startupAccount();
    const other = await startupAccount();
    await me.client.prime();
    const body = { favoritable_type: "startup", favoritable_id: other.startup.id };
    const answers = await Promise.all(Array.from({ length: 8 }, () => me.client.request("POST", BASE, body)));
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
    expect(await t.database.db.select().from(favorites).where(eq(favorites.userId, me.id))).toHaveLength(1);
  });

  it("refuses unknown targets and malformed bodies with 422 field errors", async () => {
    const { client } = await startupAccount();
    const organization = await organizationId();
    const invalidId = { favoritable_id: ["The selected favoritable id is invalid."] };
    for (const body of [
      { favoritable_type: "startup", favoritable_id: 2_000_000_000 },
      { favoritable_type: "co_founder", favoritable_id: 2_000_000_000 },
      { favoritable_type: "event", favoritable_id: 2_000_000_000 },
      // An organization is not a startup: the kind must match the row's account type.
      { favoritable_type: "startup", favoritable_id: organization },
    ]) {
      const res = await client.post(BASE, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.errors).toEqual(invalidId);
    }
    expect((await client.post(BASE, { favoritable_type: "organization", favoritable_id: organization })).status).toBe(200);
    const bad = await client.post(BASE, { favoritable_type: "planet", favoritable_id: "1e3" });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ favoritable_type: ["The selected favoritable type is invalid."], ...invalidId });
    const missing = await remove(client, {});
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({
      favoritable_type: ["The favoritable type field is required."],
      favoritable_id: ["The favoritable id field is required."],
    });
  });

  it("lets a user save only published events, or their own startup's drafts", async () => {
    const host = await ownerWithCollection(t);
    const draft = await createEventForm(host.client, host.collection.id);
    const published = await publishedEventForm(host.client, host.collection.id);
    const { client } = await startupAccount();
    expect((await client.post(BASE, { favoritable_type: "event", favoritable_id: draft.id })).status).toBe(422);
    expect((await client.post(BASE, { favoritable_type: "event", favoritable_id: published.id })).status).toBe(200);
    expect((await host.client.post(BASE, { favoritable_type: "event", favoritable_id: draft.id })).status).toBe(200);
  });

  it("marks the events the caller starred in the events list, for the caller only", async () => {
    const host = await ownerWithCollection(t);
    const event = await publishedEventForm(host.client, host.collection.id, { title: `Starred ${Date.now()}` });
    const { client } = await startupAccount();
    const starredIn = async (who: typeof client) =>
      (
        (await who.get(`/api/v1/site/events?search=${encodeURIComponent(event.title)}`)).body.data as {
          id: number;
          is_favorited: boolean;
        }[]
      ).find((e) => e.id === event.id)?.is_favorited;
    expect(await starredIn(client)).toBe(false);
    await client.post(BASE, { favoritable_type: "event", favoritable_id: event.id });
    expect(await starredIn(client)).toBe(true);
    expect(await starredIn(host.client)).toBe(false);
  });
});

describe("the list", () => {
  it("resolves each favorite to its target, newest first, filtered and paged, and only the caller's", async () => {
    const me = await startupAccount();
    const stranger = await startupAccount();
    const saved = await startupAccount();
    const organization = await organizationId();
    const person = await coFounder(t);
    const personId = (await userRow(t, person.id)).coFounderId!;
    const host = await ownerWithCollection(t);
    const event = await publishedEventForm(host.client, host.collection.id, { title: "Demo night" });
    for (const [type, id] of [
      ["startup", saved.startup.id],
      ["organization", organization],
      ["co_founder", personId],
      ["event", event.id],
    ] as const) {
      expect((await me.client.post(BASE, { favoritable_type: type, favoritable_id: id })).status).toBe(200);
    }
    await stranger.client.post(BASE, { favoritable_type: "startup", favoritable_id: me.startup.id });

    const all = await me.client.get(`${BASE}?per_page=3`);
    expect(all.status).toBe(200);
    expect(all.body.meta).toMatchObject({ total: 4, per_page: 3, last_page: 2 });
    expect(all.body.counts).toEqual({ startup: 1, organization: 1, co_founder: 1, event: 1 });
    expect(all.body.data.map((f: { favoritable_type: string }) => f.favoritable_type)).toEqual(["event", "co_founder", "organization"]);
    expect(all.body.data[0]).toMatchObject({
      favoritable_id: event.id,
      name: "Demo night",
      link: `/form-submission?form_id=${event.id}`,
      subtitle: "Acme · Meetup",
    });
    expect(all.body.data[1]).toMatchObject({
      name: "Ada",
      link: `/co-founders/${personId}`,
      subtitle: "Engineer · Nairobi",
      image_url: null,
    });

    const onlyStartups = await me.client.get(`${BASE}?favoritable_type=startup`);
    expect(onlyStartups.body.meta.total).toBe(1);
    expect(onlyStartups.body.data[0]).toMatchObject({
      favoritable_type: "startup",
      name: "Acme",
      link: `/startups/${saved.startup.username}`,
      subtitle: "Hardware · Lagos",
    });
    // An unknown kind filters nothing, like any list filter value the list cannot use.
    expect((await me.client.get(`${BASE}?favoritable_type=planet`)).body.meta.total).toBe(4);
    expect((await stranger.client.get(BASE)).body.meta.total).toBe(1);
  });

  it("skips hidden targets and cleans up deleted ones", async () => {
    const me = await startupAccount();
    const host = await ownerWithCollection(t);
    const event = await publishedEventForm(host.client, host.collection.id);
    const gone = await startupAccount();
    await me.client.post(BASE, { favoritable_type: "event", favoritable_id: event.id });
    await me.client.post(BASE, { favoritable_type: "startup", favoritable_id: gone.startup.id });
    await t.database.db.update(eventForms).set({ status: "draft" }).where(eq(eventForms.id, event.id));
    await t.database.db.update(users).set({ startupId: null }).where(eq(users.id, gone.id));
    await t.database.db.delete(startups).where(eq(startups.id, gone.startup.id));

    const res = await me.client.get(BASE);
    expect(res.body.meta.total).toBe(0);
    expect(res.body.data).toEqual([]);
    const rows = await t.database.db.select().from(favorites).where(eq(favorites.userId, me.id));
    // The unpublished event is kept (it returns when published again); the deleted startup's row is gone.
    expect(rows.map((r) => r.favoritableType)).toEqual(["event"]);
  });

  it("removes a co-founder's favorites when the profile is deleted", async () => {
    const me = await startupAccount();
    const person = await coFounder(t);
    const personId = (await userRow(t, person.id)).coFounderId!;
    await me.client.post(BASE, { favoritable_type: "co_founder", favoritable_id: personId });
    await t.database.db.update(users).set({ coFounderId: null }).where(eq(users.id, person.id));
    await t.database.db.delete(coFounders).where(eq(coFounders.id, personId));
    expect((await me.client.get(BASE)).body.meta.total).toBe(0);
    expect(await t.database.db.select().from(favorites).where(eq(favorites.userId, me.id))).toHaveLength(0);
  });
});

import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FOLLOWED_MESSAGE, UNFOLLOWED_MESSAGE } from "#schemas/follows.ts";
import { follows } from "#api/db/community-schema.ts";
import { coFounders, startups } from "#api/db/schema.ts";
import { startupOwner } from "#api/testing/application-fixtures.ts";
import { coFounder, MANY_ACCOUNTS_TIMEOUT_MS, registered, userRow } from "#api/testing/fixtures.ts";
import { createTestApi, expectEveryCallRefused, type TestApi } from "#api/testing/harness.ts";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

const FOLLOW = "/api/v1/admin/follow";
const UNFOLLOW = "/api/v1/admin/unfollow";

async function startupCount(id: number) {
  const [row] = await t.database.db.select({ n: startups.followersCount }).from(startups).where(eq(startups.id, id));
  return row.n;
}

async function followRows(type: "startup" | "organization" | "co_founder", id: number) {
  const [row] = await t.database.db
    .select({ n: count() })
    .from(follows)
    .where(and(eq(follows.followeeType, type), eq(follows.followeeId, id)));
  return row.n;
}

describe("guards", () => {
  it("answers 401 to anonymous callers on every admin route", async () => {
    await expectEveryCallRefused(
      t.client(),
      [
        ["POST", FOLLOW, { followee_id: 1, followee_type: "startup" }],
        ["POST", UNFOLLOW, { followee_id: 1, followee_type: "startup" }],
        ["GET", "/api/v1/admin/follow/is-following/1?followee_type=startup"],
        ["GET", "/api/v1/admin/followers/startup/1"],
        ["GET", "/api/v1/admin/followees/startup/1"],
      ],
      401,
      { message: "Unauthenticated." },
    );
  });

  it("answers 403 Access Forbidden to a user with neither a startup nor a co-founder profile", async () => {
    const owner = await startupOwner(t);
    const { client } = await registered(t, "No Profile");
    const body = { followee_id: owner.startup.id, followee_type: "startup" };
    expect(await client.post(FOLLOW, body)).toMatchObject({ status: 403, body: { message: "Access Forbidden" } });
    expect(await client.post(UNFOLLOW, body)).toMatchObject({ status: 403, body: { message: "Access Forbidden" } });
    expect((await client.get(`/api/v1/admin/follow/is-following/${owner.startup.id}?followee_type=startup`)).body).toEqual({
      is_following: false,
    });
  });
});

describe("follow and unfollow", () => {
  it("follows once, counts once, and unfollows back to the start", async () => {
    const owner = await startupOwner(t);
    const fan = await coFounder(t);
    const body = { followee_id: owner.startup.id, followee_type: "startup" };
    const first = await fan.client.post(FOLLOW, body);
    expect(first).toMatchObject({ status: 200, body: { message: FOLLOWED_MESSAGE, is_following: true, followers_count: 1 } });
    // Following twice changes nothing and answers the current state.
    expect((await fan.client.post(FOLLOW, body)).body).toEqual({ message: FOLLOWED_MESSAGE, is_following: true, followers_count: 1 });
    expect(await startupCount(owner.startup.id)).toBe(1);
    const isFollowing = `/api/v1/admin/follow/is-following/${owner.startup.id}?followee_type=startup`;
    expect((await fan.client.get(isFollowing)).body).toEqual({ is_following: true });

    expect((await fan.client.post(UNFOLLOW, body)).body).toEqual({ message: UNFOLLOWED_MESSAGE, is_following: false, followers_count: 0 });
    expect((await fan.client.post(UNFOLLOW, body)).body).toEqual({ message: UNFOLLOWED_MESSAGE, is_following: false, followers_count: 0 });
    expect(await startupCount(owner.startup.id)).toBe(0);
    expect((await fan.client.get(isFollowing)).body).toEqual({ is_following: false });
  });

  it("follows as the caller's startup, so a co-founder profile can be followed by a startup", async () => {
    const owner = await startupOwner(t);
    const person = await coFounder(t);
    const personId = (await userRow(t, person.id)).coFounderId!;
    const res = await owner.client.post(FOLLOW, { followee_id: personId, followee_type: "co_founder" });
    expect(res).toMatchObject({ status: 200, body: { is_following: true, followers_count: 1 } });
    const [row] = await t.database.db
      .select()
      .from(follows)
      .where(and(eq(follows.followeeType, "co_founder"), eq(follows.followeeId, personId)));
    expect(row).toMatchObject({ followerType: "startup", followerId: owner.startup.id, userId: owner.id });
    const [profile] = await t.database.db.select({ n: coFounders.followersCount }).from(coFounders).where(eq(coFounders.id, personId));
    expect(profile.n).toBe(1);
  });

  it("answers 422 on followee_id for yourself, an unknown account or a type that does not match", async () => {
    const owner = await startupOwner(t);
    const other = await startupOwner(t);
    for (const body of [
      { followee_id: owner.startup.id, followee_type: "startup" },
      { followee_id: 2_000_000_000, followee_type: "startup" },
      { followee_id: other.startup.id, followee_type: "organization" },
      { followee_id: 2_000_000_000, followee_type: "co_founder" },
    ]) {
      for (const path of [FOLLOW, UNFOLLOW]) {
        const res = await owner.client.post(path, body);
        expect(res.status, JSON.stringify(body)).toBe(422);
        expect(Object.keys(res.body.errors)).toEqual(["followee_id"]);
      }
    }
    expect((await owner.client.post(FOLLOW, { followee_id: owner.startup.id, followee_type: "startup" })).body.errors.followee_id).toEqual([
      "You cannot follow your own account.",
    ]);
    expect(await startupCount(owner.startup.id)).toBe(0);
  });

  it("answers 422 for a missing or malformed body", async () => {
    const fan = await coFounder(t);
    const res = await fan.client.post(FOLLOW, {});
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({
      followee_id: ["The followee id field is required."],
      followee_type: ["The followee type field is required."],
    });
    const bad = await fan.client.post(FOLLOW, { followee_id: "abc", followee_type: "planet" });
    expect(bad.body.errors).toEqual({
      followee_id: ["The selected followee id is invalid."],
      followee_type: ["The selected followee type is invalid."],
    });
    const query = await fan.client.get("/api/v1/admin/follow/is-following/1?followee_type=planet");
    expect(query).toMatchObject({ status: 422, body: { errors: { followee_type: ["The selected followee type is invalid."] } } });
  });

  it(
    "keeps followers_count equal to the follow rows under 50 parallel follows and unfollows",
    async () => {
      const owner = await startupOwner(t);
      const fans = await Promise.all(Array.from({ length: 50 }, () => coFounder(t)));
      const body = { followee_id: owner.startup.id, followee_type: "startup" };
      // Everyone follows at once, twice over; then half unfollow while the others follow again.
      await Promise.all(fans.flatMap((fan) => [fan.client.post(FOLLOW, body), fan.client.post(FOLLOW, body)]));
      expect(await startupCount(owner.startup.id)).toBe(50);
      expect(await followRows("startup", owner.startup.id)).toBe(50);
      const results = await Promise.all(fans.map((fan, i) => fan.client.post(i % 2 ? UNFOLLOW : FOLLOW, body)));
      expect(results.every((r) => r.status === 200)).toBe(true);
      expect(await followRows("startup", owner.startup.id)).toBe(25);
      expect(await startupCount(owner.startup.id)).toBe(25);
      await Promise.all(
        fans.flatMap((fan) => [fan.client.post(UNFOLLOW, body), fan.client.post(FOLLOW, body), fan.client.post(UNFOLLOW, body)]),
      );
      expect(await startupCount(owner.startup.id)).toBe(await followRows("startup", owner.startup.id));
    },
    MANY_ACCOUNTS_TIMEOUT_MS,
  );
});

describe("followers and followees lists", () => {
  it("lists who follows an account and whom it follows, newest first, paged", async () => {
    const owner = await startupOwner(t, "Listed Owner");
    const fans = [await coFounder(t), await coFounder(t), await startupOwner(t)];
    for (const fan of fans) await fan.client.post(FOLLOW, { followee_id: owner.startup.id, followee_type: "startup" });
    const followers = await owner.client.get(`/api/v1/admin/followers/startup/${owner.startup.id}?per_page=2`);
    expect(followers.status).toBe(200);
    expect(followers.body.meta).toMatchObject({ total: 3, per_page: 2, last_page: 2 });
    expect(followers.body.data[0]).toMatchObject({ type: "startup", name: "Acme", link: expect.stringMatching(/^\/startups\//) });
    expect(followers.body.data[1]).toMatchObject({
      type: "co_founder",
      name: "Ada",
      username: null,
      link: expect.stringMatching(/^\/co-founders\/\d+$/),
    });
    const second = await owner.client.get(`/api/v1/admin/followers/startup/${owner.startup.id}?per_page=2&page=2`);
    expect(second.body.data).toHaveLength(1);

    const lastFan = fans[2] as Awaited<ReturnType<typeof startupOwner>>;
    const followees = await owner.client.get(`/api/v1/admin/followees/startup/${lastFan.startup.id}`);
    expect(followees.body.data).toEqual([
      expect.objectContaining({ type: "startup", id: owner.startup.id, username: owner.startup.username }),
    ]);
  });

  it("answers 404 for an unknown account or type", async () => {
    const fan = await coFounder(t);
    for (const path of [
      "/api/v1/admin/followers/startup/2000000000",
      "/api/v1/admin/followees/co_founder/2000000000",
      "/api/v1/admin/followers/planet/1",
      "/api/v1/admin/followers/startup/abc",
    ]) {
      expect(await fan.client.get(path), path).toMatchObject({ status: 404, body: { message: "Account not found" } });
    }
  });
});

describe("a deleted account", () => {
  it("takes the follow rows that name it, on either side, with it", async () => {
    const gone = await startupOwner(t);
    const other = await startupOwner(t);
    const person = await coFounder(t);
    const personProfile = (await userRow(t, person.id)).coFounderId!;
    expect((await other.client.post(FOLLOW, { followee_id: gone.startup.id, followee_type: "startup" })).status).toBe(200);
    expect((await gone.client.post(FOLLOW, { followee_id: other.startup.id, followee_type: "startup" })).status).toBe(200);
    expect((await gone.client.post(FOLLOW, { followee_id: personProfile, followee_type: "co_founder" })).status).toBe(200);
    expect(await followRows("startup", other.startup.id)).toBe(1);
    expect(await startupCount(other.startup.id)).toBe(1);

    await t.database.db.delete(startups).where(eq(startups.id, gone.startup.id));
    // Whom it followed lost a follower, as an unfollow would have taken it.
    expect(await followRows("startup", other.startup.id)).toBe(0);
    expect(await startupCount(other.startup.id)).toBe(0);
    const [profile] = await t.database.db.select({ n: coFounders.followersCount }).from(coFounders).where(eq(coFounders.id, personProfile));
    expect(profile.n).toBe(0);
    expect(await followRows("startup", gone.startup.id)).toBe(0);
    expect(await followRows("co_founder", personProfile)).toBe(0);
    const byGone = await t.database.db
      .select()
      .from(follows)
      .where(and(eq(follows.followerType, "startup"), eq(follows.followerId, gone.startup.id)));
    expect(byGone).toEqual([]);
  });
});

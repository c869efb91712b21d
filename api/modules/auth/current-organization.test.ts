import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CURRENT_ORGANIZATION_INVALID, CURRENT_ORGANIZATION_REQUIRED, type CurrentUser } from "#schemas/auth.ts";
import { ROLE_PERMISSIONS } from "#schemas/organization-roles.ts";
import { users } from "#api/db/schema.ts";
import { createCoupon } from "#api/testing/billing-fixtures.ts";
import { publishedEventForm, ownerWithCollection } from "#api/testing/event-fixtures.ts";
import { coFounder, grantRole, registered, userRow } from "#api/testing/fixtures.ts";
import { createTestApi, type TestApi, type TestClient } from "#api/testing/harness.ts";
import { addMember } from "../organizations/members.ts";
import { NO_PROFILE_OF_YOUR_OWN, ORGANIZATION_NOT_FOUND } from "./current-organization.ts";

/**
 * One person in several organizations: GET /api/user says which, and in what role; the switch moves every
 * list to the organization chosen. The caches that keep who is calling and the dashboard's figures are on,
 * as on the embedded database, so a stale answer after the switch would show.
 */
let t: TestApi;
beforeAll(async () => {
  t = await createTestApi({ callerCacheMs: 60_000, dashboardCacheMs: 60_000 });
});
afterAll(() => t.close());

/** An organization with a published form and a coupon, both named after it. */
async function organization(label: string) {
  const owner = await ownerWithCollection(t);
  const form = await publishedEventForm(owner.client, owner.collection.id, { title: `${label} demo day` });
  const coupon = await createCoupon(owner.client, { code: `${label.toUpperCase()}-${form.id}` });
  return { ...owner, id: owner.startup.id as number, name: owner.startup.name as string, form, coupon };
}

/** A new account acting for `first`, a member of every organization given, with the account-wide startup role. */
async function memberOf(
  first: { id: number },
  memberships: { organizationId: number; role: "admin" | "reviewer" | "door" | "finance"; eventFormIds?: number[] }[],
) {
  const account = await registered(t, "Member");
  await grantRole(t, account.id, "startup");
  for (const membership of memberships) await addMember(t.database.db, { ...membership, userId: account.id });
  await t.database.db.update(users).set({ startupId: first.id }).where(eq(users.id, account.id));
  return account;
}

const me = async (client: TestClient) => (await client.get<CurrentUser>("/api/user")).body;
const titles = async (client: TestClient) =>
  (await client.get("/api/v1/admin/event_forms")).body.data.map((f: { title: string }) => f.title);
const codes = async (client: TestClient) => (await client.get("/api/v1/admin/coupon_codes")).body.data.map((c: { code: string }) => c.code);
const upcoming = async (client: TestClient) => JSON.stringify((await client.get("/api/v1/admin/dashboard/upcoming-events")).body.data);

let a: Awaited<ReturnType<typeof organization>>;
let b: Awaited<ReturnType<typeof organization>>;
beforeAll(async () => {
  [a, b] = [await organization("Alpha"), await organization("Beta")];
});

describe("GET /api/user", () => {
  it("lists the account's organizations with its role in each, and what its role allows where it acts now", async () => {
    const member = await memberOf(a, [
      { organizationId: a.id, role: "admin" },
      { organizationId: b.id, role: "reviewer", eventFormIds: [b.form.id] },
    ]);
    const user = await me(member.client);
    expect(user.organizations).toEqual(
      expect.arrayContaining([
        { id: a.id, name: a.name, account_type: "startup", role: "admin" },
        { id: b.id, name: b.name, account_type: "startup", role: "reviewer" },
      ]),
    );
    expect(user.organizations).toHaveLength(2);
    expect(user).toMatchObject({
      current_organization_id: a.id,
      startup_id: a.id,
      organization_role: "admin",
      organization_permissions: [...ROLE_PERMISSIONS.admin],
      account_type: "startup",
      setup_complete: true,
      // A member of others' teams may still make a profile of their own.
      has_own_profile: false,
    });
  });

  it("gives an owner every permission, and an account without a membership none and no setup", async () => {
    expect(await me(a.client)).toMatchObject({
      organization_role: "owner",
      organization_permissions: [...ROLE_PERMISSIONS.owner],
      has_own_profile: true,
    });
    const fresh = await registered(t);
    expect(await me(fresh.client)).toMatchObject({
      organizations: [],
      current_organization_id: null,
      organization_role: null,
      organization_permissions: [],
      setup_complete: false,
      has_own_profile: false,
    });
  });

  it("counts a membership as set up even when the account acts for no organization and has no profile", async () => {
    const member = await memberOf(a, [{ organizationId: a.id, role: "door" }]);
    await t.database.db.update(users).set({ startupId: null }).where(eq(users.id, member.id));
    expect(await me(member.client)).toMatchObject({ account_type: null, setup_complete: true, organization_permissions: [] });
  });
});

describe("PUT /api/user/current-organization", () => {
  it("moves the event forms, the coupons and the dashboard's cards to the organization chosen, on the very next request", async () => {
    const member = await memberOf(a, [
      { organizationId: a.id, role: "admin" },
      { organizationId: b.id, role: "admin" },
    ]);
    // Asked before the switch, so the answers are in the caches the switch must empty.
    expect(await titles(member.client)).toEqual(["Alpha demo day"]);
    expect(await codes(member.client)).toEqual([a.coupon.code]);
    expect(await upcoming(member.client)).toContain("Alpha demo day");

    const res = await member.client.put<{ user: CurrentUser }>("/api/user/current-organization", { organization_id: b.id });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ current_organization_id: b.id, startup_id: b.id, organization_role: "admin" });
    expect((await userRow(t, member.id)).startupId).toBe(b.id);
    expect(await me(member.client)).toMatchObject({ current_organization_id: b.id, organization_role: "admin" });
    expect(await titles(member.client)).toEqual(["Beta demo day"]);
    expect(await codes(member.client)).toEqual([b.coupon.code]);
    const card = await upcoming(member.client);
    expect(card).toContain("Beta demo day");
    expect(card).not.toContain("Alpha demo day");
  });

  it("takes the role of the organization switched to: a reviewer there neither sees coupons nor more than their forms", async () => {
    const member = await memberOf(a, [
      { organizationId: a.id, role: "admin" },
      { organizationId: b.id, role: "reviewer", eventFormIds: [b.form.id] },
    ]);
    expect((await member.client.get("/api/v1/admin/coupon_codes")).status).toBe(200);
    const res = await member.client.put<{ user: CurrentUser }>("/api/user/current-organization", { organization_id: b.id });
    expect(res.body.user).toMatchObject({ organization_role: "reviewer", organization_permissions: ["forms.read"] });
    expect((await member.client.get("/api/v1/admin/coupon_codes")).status).toBe(403);
    expect(await titles(member.client)).toEqual(["Beta demo day"]);
  });

  it("answers 404 for an organization the account is not a member of, or one that does not exist, and stays put", async () => {
    const member = await memberOf(a, [{ organizationId: a.id, role: "admin" }]);
    await me(member.client);
    for (const organization_id of [b.id, 2_000_000_000]) {
      const res = await member.client.put("/api/user/current-organization", { organization_id });
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(ORGANIZATION_NOT_FOUND);
    }
    expect((await userRow(t, member.id)).startupId).toBe(a.id);
    expect(await titles(member.client)).toEqual(["Alpha demo day"]);
  });

  it("refuses a missing or malformed id with 422", async () => {
    const member = await memberOf(a, [{ organizationId: a.id, role: "admin" }]);
    const missing = await member.client.put("/api/user/current-organization", {});
    expect(missing).toMatchObject({ status: 422, body: { errors: { organization_id: [CURRENT_ORGANIZATION_REQUIRED] } } });
    const malformed = await member.client.put("/api/user/current-organization", { organization_id: "alpha" });
    expect(malformed).toMatchObject({ status: 422, body: { errors: { organization_id: [CURRENT_ORGANIZATION_INVALID] } } });
  });

  it("lets an account with its own co-founder profile act as itself (null), and no one else", async () => {
    const member = await memberOf(a, [{ organizationId: a.id, role: "admin" }]);
    const alone = await member.client.put("/api/user/current-organization", { organization_id: null });
    expect(alone).toMatchObject({ status: 422, body: { errors: { organization_id: [NO_PROFILE_OF_YOUR_OWN] } } });
    expect((await userRow(t, member.id)).startupId).toBe(a.id);

    const person = await coFounder(t);
    await grantRole(t, person.id, "startup");
    await addMember(t.database.db, { organizationId: a.id, userId: person.id, role: "reviewer" });
    const joined = await person.client.put<{ user: CurrentUser }>("/api/user/current-organization", { organization_id: a.id });
    expect(joined.body.user).toMatchObject({ account_type: "startup", organization_role: "reviewer" });
    expect(await titles(person.client)).toEqual(["Alpha demo day"]);
    const back = await person.client.put<{ user: CurrentUser }>("/api/user/current-organization", { organization_id: null });
    expect(back.status).toBe(200);
    expect(back.body.user).toMatchObject({ current_organization_id: null, account_type: "co-founder", organization_permissions: [] });
    expect(await me(person.client)).toMatchObject({ current_organization_id: null, account_type: "co-founder", setup_complete: true });
    expect((await person.client.get("/api/v1/admin/event_forms")).status).toBe(403);
  });
});

import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { couponCodes } from "#api/db/billing-schema.ts";
import { ownerWithCollection } from "#api/testing/event-fixtures.ts";
import { coFounder, grantRole, registered } from "#api/testing/fixtures.ts";
import { createTestApi, expectEveryCallRefused, type TestApi, type TestClient } from "#api/testing/harness.ts";
import type { CouponView } from "#schemas/coupons.ts";
import { joinOrganization } from "#api/testing/callers.ts";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

type Answer = { coupon_code: CouponView; message: string; errors: Record<string, string[]> };

const BASE = "/api/v1/admin/coupon_codes";
const status = (id: number | string) => `${BASE}/${id}/status`;

let counter = 0;
async function newCoupon(client: TestClient, fields: Record<string, unknown> = {}) {
  const res = await client.post<Answer>(BASE, {
    code: `TOGGLE-${Date.now().toString(36)}-${++counter}`,
    discount_type: "percentage",
    value: 10,
    ...fields,
  });
  if (res.status !== 201) throw new Error(`create coupon failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.coupon_code;
}

describe("PUT /api/v1/admin/coupon_codes/{id}/status", () => {
  it("switches a coupon off and on, answering the coupon and a message", async () => {
    const { client } = await ownerWithCollection(t);
    const coupon = await newCoupon(client, { max_uses: 10 });

    const off = await client.put<Answer>(status(coupon.id), { is_active: false });
    expect(off.status).toBe(200);
    expect(off.body.message).toBe("Coupon code deactivated.");
    expect(off.body.coupon_code).toMatchObject({ id: coupon.id, code: coupon.code, is_active: false, state: "inactive", max_uses: 10 });

    const on = await client.put<Answer>(status(coupon.id), { is_active: true });
    expect(on.status).toBe(200);
    expect(on.body.message).toBe("Coupon code activated.");
    expect(on.body.coupon_code).toMatchObject({ id: coupon.id, is_active: true, state: "active" });
  });

  it("changes only the flag, so an edit made meanwhile is kept", async () => {
    const { client } = await ownerWithCollection(t);
    const coupon = await newCoupon(client);
    // Someone edits the coupon after the list (with its old values) was loaded.
    const edited = await client.put<Answer>(`${BASE}/${coupon.id}`, {
      code: "EDITED-MEANWHILE",
      discount_type: "percentage",
      value: 35,
      max_uses: 3,
    });
    expect(edited.status).toBe(200);
    const res = await client.put<Answer>(status(coupon.id), { is_active: false });
    expect(res.status).toBe(200);
    expect(res.body.coupon_code).toMatchObject({ code: "EDITED-MEANWHILE", value: "35.00", max_uses: 3, is_active: false });
  });

  it("switches a used coupon too, whose discount is frozen", async () => {
    const { client } = await ownerWithCollection(t);
    const coupon = await newCoupon(client, { max_uses: 5 });
    await t.database.db.update(couponCodes).set({ usesCount: 2 }).where(eq(couponCodes.id, coupon.id));
    const res = await client.put<Answer>(status(coupon.id), { is_active: false });
    expect(res.status).toBe(200);
    expect(res.body.coupon_code).toMatchObject({ uses_count: 2, is_active: false });
  });

  it("takes Laravel's boolean values and refuses anything else with 422", async () => {
    const { client } = await ownerWithCollection(t);
    const coupon = await newCoupon(client);
    for (const [value, expected] of [
      [0, false],
      ["1", true],
      ["false", false],
      [1, true],
      ["0", false],
      ["true", true],
    ] as const) {
      const res = await client.put<Answer>(status(coupon.id), { is_active: value });
      expect(res.status, String(value)).toBe(200);
      expect(res.body.coupon_code.is_active, String(value)).toBe(expected);
    }
    const cases: [unknown, string][] = [
      [{}, "The is active field is required."],
      [{ is_active: null }, "The is active field is required."],
      [{ is_active: "" }, "The is active field is required."],
      [{ is_active: "maybe" }, "The is active field must be true or false."],
      [{ is_active: "on" }, "The is active field must be true or false."],
      [{ is_active: 2 }, "The is active field must be true or false."],
      [{ is_active: [true] }, "The is active field must be true or false."],
      [{ is_active: { value: true } }, "The is active field must be true or false."],
    ];
    for (const [body, message] of cases) {
      const res = await client.put<Answer>(status(coupon.id), body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body, JSON.stringify(body)).toEqual({ message, errors: { is_active: [message] } });
    }
    // Still on: the refused calls changed nothing.
    expect((await client.get<Answer>(`${BASE}/${coupon.id}`)).body.coupon_code.is_active).toBe(true);
  });

  it("answers 404 Coupon code not found for another startup's coupon (whatever the body) and for non-ids", async () => {
    const mine = await ownerWithCollection(t);
    const theirs = await ownerWithCollection(t);
    const coupon = await newCoupon(theirs.client);
    for (const [id, body] of [
      [coupon.id, { is_active: false }],
      [coupon.id, { is_active: "maybe" }],
      ["999999", { is_active: false }],
      ["abc", { is_active: false }],
      ["0", { is_active: false }],
      ["1.5", { is_active: false }],
      ["1e3", { is_active: false }],
      ["99999999999", { is_active: false }],
    ] as const) {
      const res = await mine.client.put(status(id), body);
      expect(res.status, String(id)).toBe(404);
      expect(res.body).toEqual({ message: "Coupon code not found" });
    }
    expect((await theirs.client.get<Answer>(`${BASE}/${coupon.id}`)).body.coupon_code.is_active).toBe(true);
  });

  it("needs a login, the coupon write permission and a startup", async () => {
    const owner = await ownerWithCollection(t);
    const coupon = await newCoupon(owner.client);
    const call = [["PUT", status(coupon.id), { is_active: false }]] as const;
    await expectEveryCallRefused(t.client(), call, 401, { message: "Unauthenticated." });
    await expectEveryCallRefused((await coFounder(t)).client, call, 403, { message: "Access Forbidden" });

    // A member of the startup who may only read coupons.
    const root = await registered(t, "Root");
    await grantRole(t, root.id, "super admin");
    const role = await root.client.post("/api/v1/admin/roles", { name: `Coupon reader ${++counter}`, permissions: ["coupon code read"] });
    const reader = await registered(t, "Reader");
    // Joined first: joining gives the organization type's account-wide role, which the reader's one replaces.
    await joinOrganization(t, reader.id, owner.startup.id);
    await root.client.put(`/api/v1/admin/users/${reader.id}/roles`, { roles: [role.body.role.id] });
    await expectEveryCallRefused(reader.client, call, 403, { message: "Access Forbidden" });
    expect((await owner.client.get<Answer>(`${BASE}/${coupon.id}`)).body.coupon_code.is_active).toBe(true);
  });
});

import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startups } from "#api/db/schema.ts";
import { eventForms } from "#api/db/events-schema.ts";
import { couponCodes } from "#api/db/billing-schema.ts";
import type { FieldErrors } from "#api/lib/errors.ts";
import { HttpError } from "#api/lib/errors.ts";
import type { Page } from "#schemas/answers.ts";
import { createEventForm, ownerWithCollection } from "#api/testing/event-fixtures.ts";
import { coFounder, grantRole, registered } from "#api/testing/fixtures.ts";
import { createTestApi, expectEveryCallRefused, type Call, type TestApi, type TestClient } from "#api/testing/harness.ts";
import { COUPON_REFUSALS, findApplicableCoupon } from "./service.ts";
import type { CouponView } from "#schemas/coupons.ts";
import { couponState, type CouponStateFields } from "./views.ts";
import { joinOrganization } from "#api/testing/callers.ts";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

type List = Page<CouponView>;
type Answer = { coupon_code: CouponView; message: string; errors: FieldErrors };

const BASE = "/api/v1/admin/coupon_codes";
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

let counter = 0;
const uniqueCode = (prefix = "CODE") => `${prefix}-${Date.now().toString(36)}-${++counter}`;

async function newCoupon(client: TestClient, fields: Record<string, unknown> = {}) {
  const res = await client.post<Answer>(BASE, { code: uniqueCode(), discount_type: "percentage", value: 10, ...fields });
  if (res.status !== 201) throw new Error(`create coupon failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.coupon_code;
}

/** Stands in for billing, which counts uses later. */
async function setUses(id: number, usesCount: number) {
  await t.database.db.update(couponCodes).set({ usesCount }).where(eq(couponCodes.id, id));
}

/** A paid event form of the owner's, priced in `currency`. */
async function paidForm(client: TestClient, collectionId: number, currency = "USD", title = "Paid summit") {
  return createEventForm(client, collectionId, {
    title,
    type_of_event: "paid",
    paid_event_information: { price: "50", currency },
  });
}

describe("access", () => {
  const calls = (body: unknown): Call[] => [
    ["GET", BASE],
    ["POST", BASE, body],
    ["GET", `${BASE}/1`],
    ["PUT", `${BASE}/1`, body],
    ["DELETE", `${BASE}/1`],
  ];

  it("answers 401 Unauthenticated. without a login", async () => {
    await expectEveryCallRefused(t.client(), calls({ code: "SAVE10" }), 401, { message: "Unauthenticated." });
  });

  it("answers 403 Access Forbidden to a co-founder, who has no coupon permission", async () => {
    const { client } = await coFounder(t);
    await expectEveryCallRefused(client, calls({ code: "MINE" }), 403, { message: "Access Forbidden" });
  });

  it("answers 403 to a reader without the write permission when writing", async () => {
    const owner = await ownerWithCollection(t);
    const coupon = await newCoupon(owner.client);
    // A role holding only "coupon code read", given to a fresh user who is then pointed at the startup.
    const root = await registered(t, "Root");
    await grantRole(t, root.id, "super admin");
    const role = await root.client.post("/api/v1/admin/roles", {
      name: `Coupon reader ${uniqueCode()}`,
      permissions: ["coupon code read"],
    });
    expect(role.status).toBe(201);
    const reader = await registered(t, "Reader");
    // Joined first: joining gives the organization type's account-wide role, which the reader's one replaces.
    await joinOrganization(t, reader.id, owner.startup.id);
    await root.client.put(`/api/v1/admin/users/${reader.id}/roles`, { roles: [role.body.role.id] });
    expect((await reader.client.get<List>(BASE)).status).toBe(200);
    expect((await reader.client.get(`${BASE}/${coupon.id}`)).status).toBe(200);
    for (const res of [
      await reader.client.post(BASE, { code: "NOPE1", discount_type: "percentage", value: 5 }),
      await reader.client.put(`${BASE}/${coupon.id}`, { code: "NOPE1", discount_type: "percentage", value: 5 }),
      await reader.client.delete(`${BASE}/${coupon.id}`),
    ]) {
      expect(res).toMatchObject({ status: 403, body: { message: "Access Forbidden" } });
    }
  });

  it("answers 403 to a user holding the permission but no startup of their own", async () => {
    const admin = await registered(t, "Admin Without Startup");
    await grantRole(t, admin.id, "admin");
    const owner = await ownerWithCollection(t);
    const coupon = await newCoupon(owner.client);
    for (const res of [
      await admin.client.get(BASE),
      await admin.client.post(BASE, { code: "ORPHAN", discount_type: "percentage", value: 5 }),
      await admin.client.get(`${BASE}/${coupon.id}`),
      await admin.client.put(`${BASE}/${coupon.id}`, { code: "ORPHAN", discount_type: "percentage", value: 5 }),
      await admin.client.delete(`${BASE}/${coupon.id}`),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ message: "Access Forbidden" });
    }
  });

  it("answers 404 Coupon code not found for another startup's coupon, and leaves it alone", async () => {
    const mine = await ownerWithCollection(t);
    const theirs = await ownerWithCollection(t);
    const coupon = await newCoupon(theirs.client, { code: "THEIRS" });
    const path = `${BASE}/${coupon.id}`;
    for (const res of [
      await mine.client.get(path),
      await mine.client.put(path, { code: "STOLEN", discount_type: "percentage", value: 100 }),
      // Even an invalid body: the coupon is not found before its fields are looked at.
      await mine.client.put(path, {}),
      await mine.client.delete(path),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: "Coupon code not found" });
    }
    const still = await theirs.client.get<Answer>(path);
    expect(still.body.coupon_code).toMatchObject({ code: "THEIRS", value: "10.00", is_active: true });
    const list = await mine.client.get<List>(BASE);
    expect(list.body.data).toEqual([]);
  });

  it("answers 404 for ids that do not exist or are not ids", async () => {
    const { client } = await ownerWithCollection(t);
    for (const id of ["999999", "abc", "0", "-1", "1.5", "99999999999"]) {
      const res = await client.get(`${BASE}/${id}`);
      expect(res.status, id).toBe(404);
      expect(res.body).toEqual({ message: "Coupon code not found" });
    }
  });
});

describe("POST /api/v1/admin/coupon_codes", () => {
  it("creates a percentage coupon: 201 with the coupon and a message", async () => {
    const { client } = await ownerWithCollection(t);
    const res = await client.post<Answer>(BASE, { code: "  Summer25  ", discount_type: "percentage", value: "25", currency: "USD" });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      message: "Coupon code created.",
      coupon_code: {
        id: expect.any(Number),
        code: "Summer25",
        discount_type: "percentage",
        value: "25.00",
        // A percentage has no currency.
        currency: null,
        event_form: null,
        max_uses: null,
        uses_per_user: null,
        uses_count: 0,
        valid_from: null,
        valid_until: null,
        is_active: true,
        state: "active",
        created_at: expect.stringMatching(ISO),
        updated_at: expect.stringMatching(ISO),
      },
    });
  });

  it("creates a fixed coupon scoped to one of the owner's forms, with limits and dates", async () => {
    const { client, collection } = await ownerWithCollection(t);
    const form = await paidForm(client, collection.id, "EUR", "Berlin summit");
    const res = await client.post<Answer>(BASE, {
      code: "BERLIN_5",
      discount_type: "fixed",
      value: 5.5,
      currency: "eur",
      event_form_id: form.id,
      max_uses: 100,
      uses_per_user: "2",
      valid_from: "2030-01-01T09:00",
      valid_until: "2040-06-30T18:30",
      is_active: true,
    });
    expect(res.status).toBe(201);
    expect(res.body.coupon_code).toMatchObject({
      code: "BERLIN_5",
      discount_type: "fixed",
      value: "5.50",
      currency: "EUR",
      event_form: { id: form.id, title: "Berlin summit" },
      max_uses: 100,
      uses_per_user: 2,
      uses_count: 0,
      valid_from: "2030-01-01T09:00:00.000Z",
      valid_until: "2040-06-30T18:30:00.000Z",
      is_active: true,
      state: "scheduled",
    });
  });

  it("accepts a multipart form: blanks are 'not given', the checkbox's 'on' is true and a hidden false switches it off", async () => {
    const { client } = await ownerWithCollection(t);
    const body = (extra: [string, string][]) => {
      const form = new FormData();
      for (const [k, v] of [
        ["code", uniqueCode("FORM")],
        ["discount_type", "percentage"],
        ["value", "12.5"],
        ["currency", ""],
        ["event_form_id", ""],
        ["max_uses", ""],
        ["uses_per_user", ""],
        ["valid_from", ""],
        ["valid_until", ""],
        ...extra,
      ])
        form.append(k, v);
      return form;
    };
    const on = await client.post<Answer>(BASE, body([["is_active", "on"]]));
    expect(on.status).toBe(201);
    expect(on.body.coupon_code).toMatchObject({ value: "12.50", event_form: null, max_uses: null, valid_from: null, is_active: true });
    const absent = await client.post<Answer>(BASE, body([]));
    expect(absent.body.coupon_code.is_active).toBe(true);
    const off = await client.post<Answer>(BASE, body([["is_active", "false"]]));
    expect(off.status).toBe(201);
    expect(off.body.coupon_code).toMatchObject({ is_active: false, state: "inactive" });
  });

  it("refuses missing and malformed fields with Laravel-style messages", async () => {
    const { client } = await ownerWithCollection(t);
    const empty = await client.post<Answer>(BASE, {});
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toEqual({
      code: ["The code field is required."],
      discount_type: ["The discount type field is required."],
      value: ["The value field is required."],
    });
    expect(empty.body.message).toBe("The code field is required. (and 2 more errors)");

    const cases: [Record<string, unknown>, FieldErrors][] = [
      [{ code: "AB" }, { code: ["The code field must be at least 3 characters."] }],
      [{ code: "X".repeat(41) }, { code: ["The code field must not be greater than 40 characters."] }],
      [{ code: "SAVE 10" }, { code: ["The code may only contain letters, digits, dashes and underscores."] }],
      [{ code: "SAVE%10" }, { code: ["The code may only contain letters, digits, dashes and underscores."] }],
      [{ discount_type: "bogo" }, { discount_type: ["The selected discount type is invalid."] }],
      [{ value: "ten" }, { value: ["The value must be a number like 10 or 10.50, with at most two decimal places."] }],
      [{ value: "10.555" }, { value: ["The value must be a number like 10 or 10.50, with at most two decimal places."] }],
      [{ value: "100.01" }, { value: ["A percentage discount must be between 0.01 and 100."] }],
      [{ value: "0" }, { value: ["A percentage discount must be between 0.01 and 100."] }],
      [{ discount_type: "fixed", value: "0", currency: "USD" }, { value: ["The value must be more than 0."] }],
      [{ discount_type: "fixed", value: "20" }, { currency: ["The currency field is required for a fixed discount."] }],
      [{ discount_type: "fixed", value: "20", currency: "XYZ" }, { currency: ["The selected currency is invalid."] }],
      [{ event_form_id: "abc" }, { event_form_id: ["The selected event form is invalid."] }],
      [{ max_uses: 0 }, { max_uses: ["The max uses must be at least 1."] }],
      [{ max_uses: "1.5" }, { max_uses: ["The max uses must be a whole number."] }],
      [{ uses_per_user: -1 }, { uses_per_user: ["The uses per user must be at least 1."] }],
      [{ max_uses: 2, uses_per_user: 3 }, { uses_per_user: ["The uses per user must not be greater than the max uses."] }],
      [{ valid_from: "tomorrow" }, { valid_from: ["The valid from must be a date and time."] }],
      [{ valid_until: "2030-02-30T10:00" }, { valid_until: ["The valid until must be a date and time."] }],
      [
        { valid_from: "2030-01-02T00:00", valid_until: "2030-01-01T23:59" },
        { valid_until: ["The valid until must be after the valid from."] },
      ],
      [
        { valid_from: "2030-01-01T00:00", valid_until: "2030-01-01T00:00" },
        { valid_until: ["The valid until must be after the valid from."] },
      ],
      [{ is_active: "maybe" }, { is_active: ["The is active field must be true or false."] }],
    ];
    for (const [fields, errors] of cases) {
      const res = await client.post<Answer>(BASE, { code: uniqueCode(), discount_type: "percentage", value: "10", ...fields });
      expect(res.status, JSON.stringify(fields)).toBe(422);
      expect(res.body.errors, JSON.stringify(fields)).toEqual(errors);
    }
  });

  it("accepts the edges: 0.01% and 100%, and a resource's ISO times sent back as they are", async () => {
    const { client } = await ownerWithCollection(t);
    expect((await newCoupon(client, { value: "0.01" })).value).toBe("0.01");
    expect((await newCoupon(client, { value: 100 })).value).toBe("100.00");
    const iso = await newCoupon(client, { valid_from: "2031-03-04T05:06:00.000Z" });
    expect(iso.valid_from).toBe("2031-03-04T05:06:00.000Z");
  });

  it("keeps codes unique per startup, ignoring case, but lets another startup reuse one", async () => {
    const { client } = await ownerWithCollection(t);
    await newCoupon(client, { code: "Welcome" });
    const clash = await client.post<Answer>(BASE, { code: "WELCOME", discount_type: "fixed", value: 3, currency: "USD" });
    expect(clash.status).toBe(422);
    expect(clash.body).toEqual({ message: "The code has already been taken.", errors: { code: ["The code has already been taken."] } });
    const other = await ownerWithCollection(t);
    expect((await other.client.post(BASE, { code: "welcome", discount_type: "percentage", value: 5 })).status).toBe(201);
  });

  it("lets two creations of one code race and keeps exactly one", async () => {
    const { client, startup } = await ownerWithCollection(t);
    const results = await Promise.all(
      ["RACE", "race", "Race"].map((code) => client.post<Answer>(BASE, { code, discount_type: "percentage", value: 5 })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 422, 422]);
    for (const r of results.filter((r) => r.status === 422)) expect(r.body.errors).toEqual({ code: ["The code has already been taken."] });
    const rows = await t.database.db.select().from(couponCodes).where(eq(couponCodes.startupId, startup.id));
    expect(rows.filter((r) => r.code.toLowerCase() === "race")).toHaveLength(1);
  });

  it("refuses another startup's event form, or one that does not exist", async () => {
    const mine = await ownerWithCollection(t);
    const theirs = await ownerWithCollection(t);
    const form = await createEventForm(theirs.client, theirs.collection.id);
    for (const event_form_id of [form.id, 999999]) {
      const res = await mine.client.post<Answer>(BASE, { code: uniqueCode(), discount_type: "percentage", value: 5, event_form_id });
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual({ event_form_id: ["The selected event form is invalid."] });
    }
  });
});

describe("GET /api/v1/admin/coupon_codes", () => {
  it("lists the startup's own coupons in the list shape, newest first", async () => {
    const { client } = await ownerWithCollection(t);
    const first = await newCoupon(client, { code: "FIRST" });
    const second = await newCoupon(client, { code: "SECOND" });
    const res = await client.get<List>(BASE);
    expect(res.status).toBe(200);
    expect(res.body.data.map((c) => c.code)).toEqual(["SECOND", "FIRST"]);
    expect(res.body.data[0]).toEqual(second);
    expect(res.body.data[1]).toEqual(first);
    expect(res.body.meta).toEqual({ current_page: 1, from: 1, last_page: 1, per_page: 15, to: 2, total: 2 });
    expect(res.body.links).toEqual({ first: `${BASE}?page=1`, last: `${BASE}?page=1`, prev: null, next: null });
  });

  it("searches codes ignoring case, with % and _ taken literally", async () => {
    const { client } = await ownerWithCollection(t);
    for (const code of ["SPRING_SALE", "spring-sale", "SPRINGXSALE", "AUTUMN"]) await newCoupon(client, { code });
    const codes = async (search: string) =>
      (await client.get<List>(`${BASE}?sort_by=code&search=${encodeURIComponent(search)}`)).body.data.map((c) => c.code);
    expect(await codes("spring")).toEqual(["spring-sale", "SPRING_SALE", "SPRINGXSALE"]);
    expect(await codes("G_S")).toEqual(["SPRING_SALE"]);
    expect(await codes("%")).toEqual([]);
    expect(await codes("autumn")).toEqual(["AUTUMN"]);
  });

  it("filters by status, event form and discount type", async () => {
    const { client, collection } = await ownerWithCollection(t);
    const form = await paidForm(client, collection.id);
    const active = await newCoupon(client, { code: "ACTIVE", event_form_id: form.id });
    const inactive = await newCoupon(client, { code: "INACTIVE", is_active: false });
    const expired = await newCoupon(client, {
      code: "EXPIRED",
      valid_until: "2020-01-01T00:00",
      discount_type: "fixed",
      value: 5,
      currency: "USD",
    });
    const scheduled = await newCoupon(client, { code: "SCHEDULED", valid_from: "2099-01-01T00:00", event_form_id: form.id });
    const usedUp = await newCoupon(client, { code: "USEDUP", max_uses: 2 });
    await setUses(usedUp.id, 2);
    const ids = async (query: string) => (await client.get<List>(`${BASE}?sort_by=code&${query}`)).body.data.map((c) => c.id);
    expect(await ids("status=active")).toEqual([active.id]);
    expect(await ids("status=inactive")).toEqual([inactive.id]);
    expect(await ids("status=expired")).toEqual([expired.id]);
    expect(await ids("status=scheduled")).toEqual([scheduled.id]);
    expect(await ids("status=used_up")).toEqual([usedUp.id]);
    // An unknown status is ignored.
    expect(await ids("status=whatever")).toHaveLength(5);
    expect(await ids(`event_form_id=${form.id}`)).toEqual([active.id, scheduled.id]);
    expect(await ids(`event_form_id=${form.id}&status=scheduled`)).toEqual([scheduled.id]);
    // An event form id that is not an id (past int4 included) is refused on its field, as every query id is.
    for (const junk of ["abc", "2147483648"]) {
      const refused = await client.get(`${BASE}?event_form_id=${junk}`);
      expect(refused.status, junk).toBe(422);
      expect(refused.body.errors.event_form_id).toEqual(["The selected event form is invalid."]);
    }
    expect(await ids("discount_type=fixed")).toEqual([expired.id]);
    const list = await client.get<List>(`${BASE}?sort_by=code`);
    expect(Object.fromEntries(list.body.data.map((c) => [c.code, c.state]))).toEqual({
      ACTIVE: "active",
      EXPIRED: "expired",
      INACTIVE: "inactive",
      SCHEDULED: "scheduled",
      USEDUP: "used up",
    });
    expect(list.body.data.find((c) => c.id === active.id)?.event_form).toEqual({ id: form.id, title: "Paid summit" });
  });

  it("sorts by code, created_at, uses_count and valid_until, both ways", async () => {
    const { client } = await ownerWithCollection(t);
    const b = await newCoupon(client, { code: "bravo", valid_until: "2041-01-01T00:00" });
    const a = await newCoupon(client, { code: "Alpha", valid_until: "2042-01-01T00:00" });
    const c = await newCoupon(client, { code: "CHARLIE" });
    await setUses(b.id, 7);
    await setUses(c.id, 3);
    const order = async (query: string) => (await client.get<List>(`${BASE}?${query}`)).body.data.map((x) => x.code);
    expect(await order("sort_by=code")).toEqual(["Alpha", "bravo", "CHARLIE"]);
    expect(await order("sort_by=code&sort_order=desc")).toEqual(["CHARLIE", "bravo", "Alpha"]);
    expect(await order("sort_by=created_at")).toEqual(["bravo", "Alpha", "CHARLIE"]);
    expect(await order("sort_order=desc")).toEqual(["CHARLIE", "Alpha", "bravo"]);
    expect(await order("sort_by=uses_count")).toEqual(["Alpha", "CHARLIE", "bravo"]);
    expect(await order("sort_by=uses_count&sort_order=desc")).toEqual(["bravo", "CHARLIE", "Alpha"]);
    // Coupons without an end come last either way.
    expect(await order("sort_by=valid_until")).toEqual(["bravo", "Alpha", "CHARLIE"]);
    expect(await order("sort_by=valid_until&sort_order=desc")).toEqual(["Alpha", "bravo", "CHARLIE"]);
    // Anything else falls back to created_at.
    expect(await order("sort_by=value;drop")).toEqual(["bravo", "Alpha", "CHARLIE"]);
    expect(a.id).toBeGreaterThan(b.id);
  });

  it("pages in SQL, with links and meta", async () => {
    const { client } = await ownerWithCollection(t);
    for (let i = 1; i <= 5; i++) await newCoupon(client, { code: `PAGE-${i}` });
    const res = await client.get<List>(`${BASE}?sort_by=code&per_page=2&page=2`);
    expect(res.body.data.map((c) => c.code)).toEqual(["PAGE-3", "PAGE-4"]);
    expect(res.body.meta).toEqual({ current_page: 2, from: 3, last_page: 3, per_page: 2, to: 4, total: 5 });
    expect(res.body.links).toEqual({
      first: `${BASE}?sort_by=code&per_page=2&page=1`,
      last: `${BASE}?sort_by=code&per_page=2&page=3`,
      prev: `${BASE}?sort_by=code&per_page=2&page=1`,
      next: `${BASE}?sort_by=code&per_page=2&page=3`,
    });
    const beyond = await client.get<List>(`${BASE}?per_page=2&page=9`);
    expect(beyond.body.data).toEqual([]);
    expect(beyond.body.meta).toMatchObject({ from: null, to: null, total: 5 });
    const capped = await client.get<List>(`${BASE}?per_page=1000`);
    expect(capped.body.meta.per_page).toBe(100);
  });
});

describe("GET and PUT /api/v1/admin/coupon_codes/{id}", () => {
  it("shows one coupon", async () => {
    const { client } = await ownerWithCollection(t);
    const coupon = await newCoupon(client);
    const res = await client.get<Answer>(`${BASE}/${coupon.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ coupon_code: coupon });
  });

  it("updates every field of an unused coupon", async () => {
    const { client, collection } = await ownerWithCollection(t);
    const form = await paidForm(client, collection.id, "NGN");
    const coupon = await newCoupon(client, { code: "OLD" });
    const res = await client.put<Answer>(`${BASE}/${coupon.id}`, {
      code: "new-code",
      discount_type: "fixed",
      value: "1500",
      currency: "NGN",
      event_form_id: form.id,
      max_uses: 10,
      uses_per_user: 1,
      valid_from: "2020-01-01T00:00",
      valid_until: "2090-01-01T00:00",
      is_active: "on",
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("Coupon code updated.");
    expect(res.body.coupon_code).toMatchObject({
      id: coupon.id,
      code: "new-code",
      discount_type: "fixed",
      value: "1500.00",
      currency: "NGN",
      event_form: { id: form.id, title: "Paid summit" },
      max_uses: 10,
      uses_per_user: 1,
      valid_from: "2020-01-01T00:00:00.000Z",
      valid_until: "2090-01-01T00:00:00.000Z",
      is_active: true,
      state: "active",
      created_at: coupon.created_at,
    });
    // PUT replaces: what is left out is cleared.
    const cleared = await client.put<Answer>(`${BASE}/${coupon.id}`, { code: "new-code", discount_type: "percentage", value: 5 });
    expect(cleared.body.coupon_code).toMatchObject({
      currency: null,
      event_form: null,
      max_uses: null,
      valid_from: null,
      valid_until: null,
    });
  });

  it("keeps its own code (in another case too) but refuses another coupon's", async () => {
    const { client } = await ownerWithCollection(t);
    await newCoupon(client, { code: "TAKEN" });
    const coupon = await newCoupon(client, { code: "MINE" });
    const same = await client.put<Answer>(`${BASE}/${coupon.id}`, { code: "mine", discount_type: "percentage", value: 10 });
    expect(same.status).toBe(200);
    expect(same.body.coupon_code.code).toBe("mine");
    const clash = await client.put<Answer>(`${BASE}/${coupon.id}`, { code: "taken", discount_type: "percentage", value: 10 });
    expect(clash.status).toBe(422);
    expect(clash.body.errors).toEqual({ code: ["The code has already been taken."] });
  });

  it("validates the body and the event form on update", async () => {
    const mine = await ownerWithCollection(t);
    const theirs = await ownerWithCollection(t);
    const form = await createEventForm(theirs.client, theirs.collection.id);
    const coupon = await newCoupon(mine.client);
    const bad = await mine.client.put<Answer>(`${BASE}/${coupon.id}`, { code: "x", discount_type: "percentage", value: 10 });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ code: ["The code field must be at least 3 characters."] });
    const foreign = await mine.client.put<Answer>(`${BASE}/${coupon.id}`, {
      code: coupon.code,
      discount_type: "percentage",
      value: 10,
      event_form_id: form.id,
    });
    expect(foreign.status).toBe(422);
    expect(foreign.body.errors).toEqual({ event_form_id: ["The selected event form is invalid."] });
  });

  it("freezes a used coupon's code and discount, but lets its limits, dates, scope and flag change", async () => {
    const { client, collection } = await ownerWithCollection(t);
    const form = await paidForm(client, collection.id);
    const fields = { code: "USED10", discount_type: "fixed", value: "10", currency: "USD", max_uses: 5 };
    const coupon = await newCoupon(client, fields);
    await setUses(coupon.id, 3);
    const LOCKED = ["A used coupon's code and discount cannot change."];
    for (const [change, errors] of [
      [{ code: "USED20" }, { code: LOCKED }],
      [{ code: "used10" }, { code: LOCKED }],
      [{ value: "20" }, { value: LOCKED }],
      [{ currency: "EUR" }, { currency: LOCKED }],
      [{ discount_type: "percentage" }, { discount_type: LOCKED, value: undefined, currency: LOCKED }],
    ] as const) {
      const res = await client.put<Answer>(`${BASE}/${coupon.id}`, { ...fields, ...change });
      expect(res.status, JSON.stringify(change)).toBe(422);
      for (const [field, messages] of Object.entries(errors)) {
        if (messages) expect(res.body.errors[field], field).toEqual(messages);
      }
    }
    const fine = await client.put<Answer>(`${BASE}/${coupon.id}`, {
      ...fields,
      value: 10.0,
      max_uses: 50,
      uses_per_user: 2,
      event_form_id: form.id,
      valid_from: "2020-01-01T00:00",
      valid_until: "2090-01-01T00:00",
      is_active: false,
    });
    expect(fine.status).toBe(200);
    expect(fine.body.coupon_code).toMatchObject({
      code: "USED10",
      value: "10.00",
      currency: "USD",
      uses_count: 3,
      max_uses: 50,
      uses_per_user: 2,
      event_form: { id: form.id, title: "Paid summit" },
      is_active: false,
      state: "inactive",
    });
  });

  it("does not let the maximum drop below the uses so far", async () => {
    const { client } = await ownerWithCollection(t);
    const fields = { code: uniqueCode(), discount_type: "percentage", value: "10", max_uses: 10 };
    const coupon = await newCoupon(client, fields);
    await setUses(coupon.id, 4);
    const res = await client.put<Answer>(`${BASE}/${coupon.id}`, { ...fields, max_uses: 3 });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ max_uses: ["The max uses must not be less than the 4 uses so far."] });
    const exact = await client.put<Answer>(`${BASE}/${coupon.id}`, { ...fields, max_uses: 4 });
    expect(exact.status).toBe(200);
    expect(exact.body.coupon_code.state).toBe("used up");
  });
});

describe("DELETE /api/v1/admin/coupon_codes/{id}", () => {
  it("deletes an unused coupon", async () => {
    const { client } = await ownerWithCollection(t);
    const coupon = await newCoupon(client);
    const res = await client.delete(`${BASE}/${coupon.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: "Coupon code deleted." });
    expect(await client.get(`${BASE}/${coupon.id}`)).toMatchObject({ status: 404, body: { message: "Coupon code not found" } });
    // Its code is free again.
    expect((await client.post(BASE, { code: coupon.code, discount_type: "percentage", value: 5 })).status).toBe(201);
  });

  it("never deletes a used coupon: it is deactivated instead, and the answer says so", async () => {
    const { client } = await ownerWithCollection(t);
    const coupon = await newCoupon(client);
    await setUses(coupon.id, 1);
    const res = await client.delete<Answer>(`${BASE}/${coupon.id}`);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("This coupon has been used, so it was deactivated instead of deleted.");
    expect(res.body.coupon_code).toMatchObject({ id: coupon.id, is_active: false, state: "inactive", uses_count: 1 });
    const [row] = await t.database.db.select().from(couponCodes).where(eq(couponCodes.id, coupon.id));
    expect(row).toMatchObject({ isActive: false, usesCount: 1 });
    // Deleting it again changes nothing.
    expect((await client.delete<Answer>(`${BASE}/${coupon.id}`)).body.message).toBe(
      "This coupon has been used, so it was deactivated instead of deleted.",
    );
  });
});

describe("the coupon_codes table", () => {
  it("goes with its startup, scoped coupons too, and holds back deleting a form a coupon is scoped to", async () => {
    const { client, collection, startup } = await ownerWithCollection(t);
    const form = await paidForm(client, collection.id);
    const scoped = await newCoupon(client, { event_form_id: form.id });
    // Through the API the owner is told why, instead of a server error.
    const refused = await client.delete(`/api/v1/admin/event_forms/${form.id}`);
    expect(refused.status).toBe(422);
    expect(refused.body.errors.event_form).toEqual([
      `The coupon code ${scoped.code} applies only to this event. Change its scope or delete it first.`,
    ]);
    const collectionRefused = await client.request("DELETE", `/api/v1/admin/collections/${collection.id}`, { forms_action: "delete" });
    expect(collectionRefused.status).toBe(422);
    expect(collectionRefused.body.errors.forms_action).toEqual([
      `The coupon code ${scoped.code} applies only to this event. Change its scope or delete it first.`,
    ]);
    await expect(t.database.db.delete(eventForms).where(eq(eventForms.id, form.id))).rejects.toThrow();
    await t.database.db.delete(startups).where(eq(startups.id, startup.id));
    expect(await t.database.db.select().from(couponCodes).where(eq(couponCodes.id, scoped.id))).toEqual([]);
  });

  it("refuses, as a last line of defence, more uses than the maximum", async () => {
    const { client } = await ownerWithCollection(t);
    const coupon = await newCoupon(client, { max_uses: 2 });
    await expect(setUses(coupon.id, 3)).rejects.toThrow();
    await expect(setUses(coupon.id, -1)).rejects.toThrow();
  });
});

describe("couponState", () => {
  const now = new Date("2030-06-15T12:00:00Z");
  const base: CouponStateFields = { isActive: true, validFrom: null, validUntil: null, maxUses: null, usesCount: 0 };
  const at = (iso: string) => new Date(iso);

  it("names each state", () => {
    expect(couponState(base, now)).toBe("active");
    expect(
      couponState(
        { ...base, validFrom: at("2030-06-15T12:00:00Z"), validUntil: at("2030-06-15T12:00:01Z"), maxUses: 5, usesCount: 4 },
        now,
      ),
    ).toBe("active");
    expect(couponState({ ...base, isActive: false }, now)).toBe("inactive");
    expect(couponState({ ...base, validUntil: at("2030-06-15T12:00:00Z") }, now)).toBe("expired");
    expect(couponState({ ...base, validFrom: at("2030-06-15T12:00:01Z") }, now)).toBe("scheduled");
    expect(couponState({ ...base, maxUses: 3, usesCount: 3 }, now)).toBe("used up");
  });

  it("puts inactive before expired, expired before used up, and used up before scheduled", () => {
    const past = at("2030-01-01T00:00:00Z");
    const future = at("2031-01-01T00:00:00Z");
    expect(couponState({ isActive: false, validFrom: null, validUntil: past, maxUses: 1, usesCount: 1 }, now)).toBe("inactive");
    expect(couponState({ isActive: true, validFrom: null, validUntil: past, maxUses: 1, usesCount: 1 }, now)).toBe("expired");
    expect(couponState({ isActive: true, validFrom: future, validUntil: null, maxUses: 1, usesCount: 1 }, now)).toBe("used up");
  });
});

describe("findApplicableCoupon", () => {
  async function setting() {
    const owner = await ownerWithCollection(t);
    const form = await paidForm(owner.client, owner.collection.id, "USD");
    const otherForm = await paidForm(owner.client, owner.collection.id, "EUR", "Euro event");
    return { owner, form, otherForm, startupId: owner.startup.id as number };
  }

  /** The 422 a refusal throws, as the API would answer it. */
  async function refusal(promise: Promise<unknown>) {
    const error = await promise.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(HttpError);
    const http = error as HttpError;
    expect(http.status).toBe(422);
    return http.errors?.coupon_code;
  }

  it("returns a valid coupon, matching the code ignoring case and spaces", async () => {
    const { owner, form, startupId } = await setting();
    const coupon = await newCoupon(owner.client, {
      code: "Launch50",
      value: 50,
      event_form_id: form.id,
      max_uses: 10,
      valid_from: "2020-01-01T00:00",
      valid_until: "2090-01-01T00:00",
    });
    await setUses(coupon.id, 9);
    const found = await findApplicableCoupon(t.database.db, { startupId, code: "  launch50 ", eventFormId: form.id, userId: owner.id });
    expect(found).toEqual({
      id: coupon.id,
      code: "Launch50",
      discountType: "percentage",
      value: "50.00",
      currency: null,
      eventFormId: form.id,
      maxUses: 10,
      usesPerUser: null,
      usesCount: 9,
    });
    // A fixed coupon in the event's currency applies too.
    const fixed = await newCoupon(owner.client, { code: "TENOFF", discount_type: "fixed", value: 10, currency: "USD" });
    expect((await findApplicableCoupon(t.database.db, { startupId, code: "TENOFF", eventFormId: form.id, userId: owner.id })).id).toBe(
      fixed.id,
    );
  });

  it("refuses an unknown code, and another startup's code", async () => {
    const { form, startupId, owner } = await setting();
    const other = await ownerWithCollection(t);
    await newCoupon(other.client, { code: "ELSEWHERE" });
    for (const code of ["NOPE", "", "ELSEWHERE"]) {
      expect(await refusal(findApplicableCoupon(t.database.db, { startupId, code, eventFormId: form.id, userId: owner.id }))).toEqual([
        COUPON_REFUSALS.unknown,
      ]);
    }
    expect(COUPON_REFUSALS.unknown).toBe("This coupon code is not valid.");
  });

  it("refuses inactive, not yet valid, expired, out-of-scope and used-up coupons with clear messages", async () => {
    const { owner, form, otherForm, startupId } = await setting();
    const now = new Date("2030-06-15T12:00:00Z");
    const cases: [Record<string, unknown>, string, number?][] = [
      [{ is_active: false }, "This coupon code is no longer active."],
      [{ valid_from: "2030-06-15T12:01" }, "This coupon code is not valid yet."],
      [{ valid_until: "2030-06-15T12:00" }, "This coupon code has expired."],
      [{ event_form_id: otherForm.id }, "This coupon code does not apply to this event."],
      // A fixed amount in another currency than the event's price.
      [{ discount_type: "fixed", value: 5, currency: "EUR" }, "This coupon code does not apply to this event."],
      [{ max_uses: 3 }, "This coupon code has been used up.", 3],
    ];
    for (const [fields, message, uses] of cases) {
      const coupon = await newCoupon(owner.client, fields);
      if (uses) await setUses(coupon.id, uses);
      const errors = await refusal(
        findApplicableCoupon(t.database.db, { startupId, code: coupon.code, eventFormId: form.id, userId: owner.id, now }),
      );
      expect(errors, JSON.stringify(fields)).toEqual([message]);
    }
    // The form must be the startup's own.
    const other = await ownerWithCollection(t);
    const foreignForm = await paidForm(other.client, other.collection.id);
    const open = await newCoupon(owner.client);
    expect(
      await refusal(findApplicableCoupon(t.database.db, { startupId, code: open.code, eventFormId: foreignForm.id, userId: owner.id })),
    ).toEqual(["This coupon code does not apply to this event."]);
  });

  it("checks uses per user with the count billing supplies", async () => {
    const { owner, form, startupId } = await setting();
    const coupon = await newCoupon(owner.client, { uses_per_user: 2 });
    const input = { startupId, code: coupon.code, eventFormId: form.id, userId: owner.id };
    const seen: [number, number][] = [];
    const usesByUser = (n: number) => async (couponId: number, userId: number) => {
      seen.push([couponId, userId]);
      return n;
    };
    expect((await findApplicableCoupon(t.database.db, { ...input, usesByUser: usesByUser(1) })).id).toBe(coupon.id);
    expect(seen).toEqual([[coupon.id, owner.id]]);
    expect(await refusal(findApplicableCoupon(t.database.db, { ...input, usesByUser: usesByUser(2) }))).toEqual([
      COUPON_REFUSALS.usedUpByUser,
    ]);
  });

  it("supports the documented billing pattern: locked check and count in one transaction never exceed the maximum", async () => {
    const { owner, form, startupId } = await setting();
    const coupon = await newCoupon(owner.client, { max_uses: 5 });
    const attempt = () =>
      t.database.db.transaction(async (tx) => {
        const found = await findApplicableCoupon(tx, {
          startupId,
          code: coupon.code,
          eventFormId: form.id,
          userId: owner.id,
          forUpdate: true,
        });
        await tx
          .update(couponCodes)
          .set({ usesCount: sql`${couponCodes.usesCount} + 1` })
          .where(eq(couponCodes.id, found.id));
      });
    const results = await Promise.allSettled(Array.from({ length: 12 }, attempt));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(5);
    for (const r of results) {
      if (r.status === "rejected") expect((r.reason as HttpError).errors).toEqual({ coupon_code: ["This coupon code has been used up."] });
    }
    const [row] = await t.database.db.select({ usesCount: couponCodes.usesCount }).from(couponCodes).where(eq(couponCodes.id, coupon.id));
    expect(row.usesCount).toBe(5);
  });
});

/**
 * The API on the worker-backed PGlite, as the server runs it: the races the module suites check
 * in-process (row locks, unique violations mapped to 422, one transaction at a time), through the thread.
 * The whole suite can also run this way: LAUNCHPAD_TEST_PGLITE_WORKER=1 npx vitest run api
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApi } from "#api/app.ts";
import { ensureAccessModel } from "#api/modules/access/service.ts";
import { COUPON_REFUSALS } from "#api/modules/coupons/service.ts";
import { ownerWithForm, sendApplication } from "#api/testing/application-fixtures.ts";
import { billingFields, createCoupon, paidEventForm } from "#api/testing/billing-fixtures.ts";
import { ownerWithCollection } from "#api/testing/event-fixtures.ts";
import { TINY_PNG, fetchBytes, pngFile, registered } from "#api/testing/fixtures.ts";
import { TestClient, testApiConfig, type TestApi } from "#api/testing/harness.ts";
import { loadTemplate } from "#api/testing/pglite-template.ts";
import { openDatabase } from "../client.ts";
import { eventApplications } from "../events-schema.ts";
import { couponCodes, eventBillings } from "../billing-schema.ts";
import { PgliteWorker } from "./worker-client.ts";

let t: TestApi;
beforeAll(async () => {
  const database = await openDatabase({ template: await loadTemplate(), worker: true });
  await database.migrate();
  await ensureAccessModel(database.db);
  const config = testApiConfig;
  const api = createApi({ db: database.db, config, log: () => {} });
  t = { api, database, config, client: (ip = "203.0.113.7") => new TestClient(api, ip), close: () => database.close() };
});
afterAll(() => t?.close());

describe("the API on the worker-backed PGlite", () => {
  it("really runs on the worker", () => {
    expect((t.database.db as unknown as { $client: unknown }).$client).toBeInstanceOf(PgliteWorker);
  });

  it("50 parallel billings on a coupon with 10 uses give exactly 10 discounted", async () => {
    const { owner, form } = await paidEventForm(t, "20", "USD");
    const limited = await createCoupon(owner.client, { value: 50, max_uses: 10 });
    const payers = [];
    for (let i = 0; i < 5; i++) payers.push(...(await Promise.all(Array.from({ length: 10 }, () => registered(t, "Racer")))));
    await Promise.all(payers.map((p) => p.client.prime()));
    const results = await Promise.all(
      payers.map((p) => p.client.post("/api/v1/admin/event_billings", billingFields(form.id, { coupon_code: limited.code }))),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(10);
    const refused = results.filter((r) => r.status === 422);
    expect(refused).toHaveLength(40);
    for (const r of refused) expect(r.body.errors.coupon_code).toEqual([COUPON_REFUSALS.usedUp]);
    const [row] = await t.database.db.select().from(couponCodes).where(eq(couponCodes.id, limited.id));
    expect(row.usesCount).toBe(10);
    expect(await t.database.db.select().from(eventBillings).where(eq(eventBillings.couponCodeId, limited.id))).toHaveLength(10);
  });

  it("never lets 10 concurrent submits overfill a capacity of 3", async () => {
    const { form } = await ownerWithForm(t, { capacity: 3 });
    const applicants = await Promise.all(Array.from({ length: 10 }, (_, i) => registered(t, `Racer ${i}`)));
    await Promise.all(applicants.map((a) => a.client.prime()));
    const results = await Promise.all(
      applicants.map((a) => sendApplication(a.client, form.id, { full_name: "Ada Lovelace", email: "ada@example.com" })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([...Array(3).fill(201), ...Array(7).fill(422)]);
    const rows = await t.database.db.select().from(eventApplications).where(eq(eventApplications.eventFormId, form.id));
    expect(rows.filter((r) => r.status === "pending")).toHaveLength(3);
  });

  it("answers a unique-code race with one 201 and 422s (SQLSTATE 23505 crosses the thread)", async () => {
    const { client } = await ownerWithCollection(t);
    const results = await Promise.all(
      ["RACE", "race", "Race"].map((code) => client.post("/api/v1/admin/coupon_codes", { code, discount_type: "percentage", value: 5 })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 422, 422]);
    for (const r of results.filter((r) => r.status === 422)) expect(r.body.errors).toEqual({ code: ["The code has already been taken."] });
  });

  it("stores an upload's bytes (bytea) and serves them back unchanged", async () => {
    const { client, email } = await registered(t, "Avatar");
    const body = new FormData();
    for (const [key, value] of Object.entries({ _method: "PUT", name: "Pictured", email, avatar: pngFile("me.png") })) body.set(key, value);
    const res = await client.post("/api/user", body);
    expect(res.status).toBe(200);
    const file = await fetchBytes(t, res.body.user.avatar_url);
    expect(file.status).toBe(200);
    expect(file.bytes).toEqual(TINY_PNG);
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { billingFields, paidEventForm, payer } from "#api/testing/billing-fixtures.ts";
import { createTestApi, type TestApi } from "#api/testing/harness.ts";
import { COUPON_REFUSALS } from "../coupons/service.ts";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi({ couponMaxAttempts: 3, couponThrottleWindowSeconds: 600 });
});
afterAll(() => t.close());

const BASE = "/api/v1/admin/event_billings";

describe("guessing coupon codes", () => {
  it("refuses a user who tried too many unknown codes, whatever the code, on quote, create and update", async () => {
    const { owner, form } = await paidEventForm(t, "40");
    const real = await owner.client.post("/api/v1/admin/coupon_codes", { code: "REAL10", discount_type: "percentage", value: 10 });
    expect(real.status).toBe(201);
    const guesser = await payer(t, "Guessing Guest");
    const honest = await payer(t, "Honest Guest");

    // A known code refused for another reason is not a guess.
    await owner.client.post("/api/v1/admin/coupon_codes", { code: "OFF", discount_type: "percentage", value: 10, is_active: false });
    const inactive = await guesser.client.post(`${BASE}/quote`, { event_form_id: form.id, coupon_code: "OFF" });
    expect(inactive.body.errors.coupon_code).toEqual([COUPON_REFUSALS.inactive]);

    for (const guess of ["AAAA", "BBBB", "CCCC"]) {
      const res = await guesser.client.post(`${BASE}/quote`, { event_form_id: form.id, coupon_code: guess });
      expect(res.status).toBe(422);
      expect(res.body.errors.coupon_code).toEqual([COUPON_REFUSALS.unknown]);
    }
    const blocked = await guesser.client.post(`${BASE}/quote`, { event_form_id: form.id, coupon_code: "REAL10" });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(blocked.body.errors.coupon_code[0]).toMatch(
      /^Too many coupon codes tried\. Please try again in \d+ (seconds?|minutes?|hours?)\.$/,
    );
    const create = await guesser.client.post(BASE, billingFields(form.id, { coupon_code: "REAL10" }));
    expect(create.status).toBe(429);

    // Paying without a coupon still works, and so does editing without one; a coupon is refused while blocked.
    const plain = await guesser.client.post(BASE, billingFields(form.id));
    expect(plain.status).toBe(201);
    const edit = await guesser.client.put(`${BASE}/${plain.body.event_billing.id}`, billingFields(form.id, { coupon_code: "REAL10" }));
    expect(edit.status).toBe(429);

    // Someone else is not held back by it.
    const theirs = await honest.client.post(`${BASE}/quote`, { event_form_id: form.id, coupon_code: "real10" });
    expect(theirs.status).toBe(200);
    expect(theirs.body.quote).toMatchObject({ discount: "4.00", total: "36.00" });
  });
});

describe("coupon guesses sent at once", () => {
  it(
    "80 guesses with the real code hidden among them: 10 are looked at (the default limit), " +
      "the rest get 429, and the real code is refused afterwards",
    async () => {
      const strict = await createTestApi();
      try {
        const { owner, form } = await paidEventForm(strict, "40");
        expect(
          (await owner.client.post("/api/v1/admin/coupon_codes", { code: "HIDDEN25", discount_type: "percentage", value: 25 })).status,
        ).toBe(201);
        const guesser = await payer(strict, "Parallel Guest");
        const codes = Array.from({ length: 80 }, (_, i) => (i === 60 ? "HIDDEN25" : `GUESS${i}`));
        const results = await Promise.all(
          codes.map((code) => guesser.client.post(`${BASE}/quote`, { event_form_id: form.id, coupon_code: code })),
        );
        const lookedAt = results.filter((r) => r.status !== 429);
        expect(lookedAt).toHaveLength(strict.config.couponMaxAttempts);
        expect(results.filter((r) => r.status === 429)).toHaveLength(80 - strict.config.couponMaxAttempts);
        // The real code was answered only if it was one of the ten looked at.
        const real = results[60];
        if (real.status !== 429) expect(real.body.quote).toMatchObject({ discount: "10.00" });
        const afterwards = await guesser.client.post(`${BASE}/quote`, { event_form_id: form.id, coupon_code: "HIDDEN25" });
        expect(afterwards.status).toBe(429);
        expect(Number(afterwards.headers.get("retry-after"))).toBeGreaterThan(0);
        expect(Number(afterwards.headers.get("retry-after"))).toBeLessThanOrEqual(strict.config.couponThrottleWindowSeconds);
      } finally {
        await strict.close();
      }
    },
  );
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PASSWORD, registered, uniqueEmail } from "#api/testing/fixtures.ts";
import { createTestApi, type TestApi, type TestResponse } from "#api/testing/harness.ts";
import { waitTime } from "#schemas/plural.ts";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

let addressCounter = 0;
/** A client on an address no other test uses. */
const freshAddress = () => `192.0.2.${++addressCounter}`;

/** A 429 as Laravel answers it: the message says when, and Retry-After says the same. */
function expectThrottled(res: TestResponse, windowSeconds: number) {
  expect(res.status).toBe(429);
  const retryAfter = Number(res.headers.get("retry-after"));
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
  expect(res.body.message).toBe(`Too many login attempts. Please try again in ${waitTime(retryAfter)}.`);
}

describe("login throttling per address, whatever the email", () => {
  it("stops one address trying 40 accounts after 20 failures, the right password of another account included", async () => {
    const victim = await registered(t);
    const address = "198.51.100.9";
    const client = t.client(address);
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) {
      const res = await client.post("/api/login", { email: uniqueEmail("stuffed"), password: `guess ${i}` });
      statuses.push(res.status);
      if (res.status === 429) expectThrottled(res, 600);
    }
    expect(statuses).toEqual([...Array(20).fill(422), ...Array(20).fill(429)]);

    expectThrottled(await client.post("/api/login", { email: victim.email, password: PASSWORD }), 600);
    const token = await t
      .client(address)
      .request("POST", "/sanctum/token", { email: victim.email, password: PASSWORD, device_name: "cli" });
    expectThrottled(token, 600);
    // Another address is not held back by this one.
    expect((await t.client(freshAddress()).post("/api/login", { email: victim.email, password: PASSWORD })).status).toBe(200);
  });

  it("is not reset by a successful login from the same address", async () => {
    const own = await registered(t);
    const client = t.client(freshAddress());
    for (let i = 0; i < 19; i++) {
      expect((await client.post("/api/login", { email: uniqueEmail("stuffed"), password: `guess ${i}` })).status).toBe(422);
    }
    // An attacker holding one working account cannot wipe the address's count with it.
    expect((await client.post("/api/login", { email: own.email, password: PASSWORD })).status).toBe(200);
    expect((await client.post("/api/login", { email: uniqueEmail("stuffed"), password: "guess 19" })).status).toBe(422);
    expectThrottled(await client.post("/api/login", { email: uniqueEmail("stuffed"), password: "guess 20" }), 600);
  });
});

describe("login throttling per account, whatever the address", () => {
  it("stops one account tried from 20 addresses after 10 failures, the owner's right password included", async () => {
    const target = await registered(t);
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) {
      const res = await t.client(freshAddress()).post("/api/login", { email: target.email.toUpperCase(), password: `guess ${i}` });
      statuses.push(res.status);
      if (res.status === 429) expectThrottled(res, 600);
    }
    expect(statuses).toEqual([...Array(10).fill(422), ...Array(10).fill(429)]);

    // The owner waits out the window too (the 429 says how long): a right password answered differently
    // would tell the attackers which guess worked.
    expectThrottled(await t.client(freshAddress()).post("/api/login", { email: target.email, password: PASSWORD }), 600);
    // The account tier holds back only this account: another one logs in from an address used above.
    const other = await registered(t);
    expect((await t.client(`192.0.2.${addressCounter}`).post("/api/login", { email: other.email, password: PASSWORD })).status).toBe(200);
    // The owner's session from before is untouched.
    expect((await target.client.get("/api/user")).status).toBe(200);
  });
});

describe("the email-and-address rule", () => {
  it("still allows 5 failures a minute and is cleared by a success", async () => {
    const { email } = await registered(t);
    const client = t.client(freshAddress());
    for (let i = 0; i < 4; i++) expect((await client.post("/api/login", { email, password: `typo ${i}` })).status).toBe(422);
    expect((await client.post("/api/login", { email, password: PASSWORD })).status).toBe(200);
    // Cleared: four more typos are fine; the fifth fills the rule (and 9 failures leave the account tier open).
    for (let i = 0; i < 5; i++) expect((await client.post("/api/login", { email, password: `typo ${i}` })).status).toBe(422);
    expectThrottled(await client.post("/api/login", { email, password: PASSWORD }), 60);
  });
});

describe("limits from the configuration", () => {
  it("uses the configured limits and windows", async () => {
    const strict = await createTestApi({
      loginMaxAttemptsPerAddress: 3,
      loginAddressWindowSeconds: 30,
      loginMaxAttemptsPerAccount: 2,
      loginAccountWindowSeconds: 45,
    });
    try {
      const client = strict.client("198.51.100.50");
      for (let i = 0; i < 3; i++)
        expect((await client.post("/api/login", { email: uniqueEmail(), password: "nope nope" })).status).toBe(422);
      expectThrottled(await client.post("/api/login", { email: uniqueEmail(), password: "nope nope" }), 30);

      const email = uniqueEmail();
      for (const ip of ["198.51.100.51", "198.51.100.52"]) {
        expect((await strict.client(ip).post("/api/login", { email, password: "nope nope" })).status).toBe(422);
      }
      const blocked = await strict.client("198.51.100.53").post("/api/login", { email, password: "nope nope" });
      expectThrottled(blocked, 45);
      expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(30);
    } finally {
      await strict.close();
    }
  });
});

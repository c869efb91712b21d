import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PASSWORD, registered, uniqueEmail } from "#api/testing/fixtures.ts";
import { createTestApi, type TestApi, type TestClient } from "#api/testing/harness.ts";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

let addressCounter = 0;
const freshClient = () => t.client(`198.51.100.${++addressCounter}`);

/** The account logged in three ways: the client that registered, a second browser, and a bearer token. */
async function loggedInEverywhere() {
  const account = await registered(t, "Many Devices");
  const laptop = freshClient();
  expect((await laptop.post("/api/login", { email: account.email, password: PASSWORD })).status).toBe(200);
  const issued = await freshClient().request("POST", "/sanctum/token", { email: account.email, password: PASSWORD, device_name: "phone" });
  expect(issued.status).toBe(201);
  const phone = freshClient();
  phone.bearer = issued.body.token;
  expect((await phone.request("GET", "/api/user")).status).toBe(200);
  return { ...account, laptop, phone };
}

const status = async (client: TestClient) => (await client.request("GET", "/api/user")).status;

describe("changing the email", () => {
  it("ends the user's other sessions and bearer tokens, keeping this session", async () => {
    const { client, laptop, phone, id } = await loggedInEverywhere();
    const bystander = await registered(t);
    const next = uniqueEmail("moved");

    const res = await client.put("/api/user", { name: "Many Devices", email: next, current_password: PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ id, email: next });

    expect(await status(client)).toBe(200);
    expect(await status(laptop)).toBe(401);
    expect(await status(phone)).toBe(401);
    expect(await status(bystander.client)).toBe(200);
  });

  it("does the same in a multipart update", async () => {
    const { client, laptop, phone } = await loggedInEverywhere();
    const body = new FormData();
    body.set("_method", "PUT");
    body.set("name", "Many Devices");
    body.set("email", uniqueEmail("moved"));
    body.set("current_password", PASSWORD);
    expect((await client.post("/api/user", body)).status).toBe(200);
    expect(await status(client)).toBe(200);
    expect(await status(laptop)).toBe(401);
    expect(await status(phone)).toBe(401);
  });

  it("leaves every session alone when the email stays the same or the change is refused", async () => {
    const { client, laptop, phone, email } = await loggedInEverywhere();
    expect((await client.put("/api/user", { name: "Renamed", email })).status).toBe(200);
    expect((await client.put("/api/user", { name: "Renamed", email: email.toUpperCase() })).status).toBe(200);
    expect((await client.put("/api/user", { name: "Renamed", email: uniqueEmail(), current_password: "not my password" })).status).toBe(
      422,
    );
    for (const device of [client, laptop, phone]) expect(await status(device)).toBe(200);
  });

  it("made with a bearer token, ends the browser sessions and the tokens", async () => {
    const { client, laptop, phone } = await loggedInEverywhere();
    const res = await phone.request("PUT", "/api/user", { name: "From Phone", email: uniqueEmail("moved"), current_password: PASSWORD });
    expect(res.status).toBe(200);
    for (const device of [client, laptop, phone]) expect(await status(device)).toBe(401);
  });
});

/**
 * API tokens people manage: made with a name, abilities and an expiry and shown once; listed with when and
 * where last used (written again once a minute has passed, not before); held to their abilities (an event
 * form changed only with events:write) and to their owner's role; expired or revoked, refused (401); the
 * tokens of POST /sanctum/token in the same list, with every ability, named by a device name held to a
 * token name's rule.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_TOKENS_PER_USER, TOKEN_ABILITIES, TOKEN_NAME_MAX } from "#schemas/api-tokens.ts";
import { apiTokens } from "#api/db/schema.ts";
import { createEventForm, validEventFormFields } from "#api/testing/event-fixtures.ts";
import { PASSWORD } from "#api/testing/fixtures.ts";
import { createTestApi, type TestApi, type TestClient } from "#api/testing/harness.ts";
import { joinedMember, teamOwner } from "#api/testing/team-fixtures.ts";
import { TOO_MANY_TOKENS } from "./api-tokens.ts";
import { tokenCannot } from "./token-abilities.ts";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
const make = (client: TestClient, body: Record<string, unknown>) =>
  client.post("/api/user/tokens", { name: "CRM sync", abilities: ["read"], expires_at: inDays(30), ...body });

/** A client that calls with the token alone: no cookies, so no session and no XSRF token. */
function bearer(token: string, ip = "198.51.100.9"): TestClient {
  const client = t.client(ip);
  client.bearer = token;
  return client;
}

const savedQuestion = { label: "Team size", help_text: "", type: "number", required: false, options: [] };

describe("API tokens", () => {
  it("are made, shown once, listed with when and where they were last used, and revoked", async () => {
    const owner = await teamOwner(t);
    const made = await make(owner.client, { name: "Spreadsheet", abilities: ["read", "events:write"] });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.token).toMatchObject({ name: "Spreadsheet", abilities: ["read", "events:write"], last_used_at: null });
    const plain: string = made.body.plain_text_token;

    const caller = bearer(plain);
    expect((await caller.get("/api/user")).body.email).toBe(owner.email);
    const listed = (await owner.client.get("/api/user/tokens")).body.data;
    expect(listed).toHaveLength(1);
    expect(JSON.stringify(listed)).not.toContain(plain);
    expect(listed[0]).toMatchObject({ id: made.body.token.id, last_used_ip: "198.51.100.9" });
    const firstUse = listed[0].last_used_at;
    expect(firstUse).not.toBeNull();
    // Within the minute, another call writes nothing.
    await bearer(plain, "203.0.113.99").get("/api/user");
    expect((await owner.client.get("/api/user/tokens")).body.data[0]).toMatchObject({
      last_used_at: firstUse,
      last_used_ip: "198.51.100.9",
    });
    // Once a minute has passed since the stamp, the next call writes when and where again.
    const aMinuteAgo = new Date(Date.now() - 61_000);
    await t.database.db.update(apiTokens).set({ lastUsedAt: aMinuteAgo }).where(eq(apiTokens.id, made.body.token.id));
    await bearer(plain, "203.0.113.99").get("/api/user");
    const touched = (await owner.client.get("/api/user/tokens")).body.data[0];
    expect(touched.last_used_ip).toBe("203.0.113.99");
    expect(Date.parse(touched.last_used_at)).toBeGreaterThan(aMinuteAgo.getTime());

    expect((await owner.client.delete(`/api/user/tokens/${made.body.token.id}`)).status).toBe(200);
    expect((await caller.get("/api/user")).status).toBe(401);
    // Another person's token, or one already gone: not found.
    const other = await teamOwner(t);
    const theirs = await make(other.client, {});
    expect((await owner.client.delete(`/api/user/tokens/${theirs.body.token.id}`)).status).toBe(404);
    expect((await bearer(theirs.body.plain_text_token).get("/api/user")).status).toBe(200);
  });

  it("refuses what its abilities do not name, and never does more than its owner may", async () => {
    const owner = await teamOwner(t);
    const reader = bearer((await make(owner.client, { abilities: ["read"] })).body.plain_text_token);
    const writer = bearer((await make(owner.client, { abilities: ["read", "events:write"] })).body.plain_text_token);

    expect((await reader.get("/api/v1/admin/question_library")).status).toBe(200);
    const refused = await reader.post("/api/v1/admin/question_library", savedQuestion);
    expect(refused).toMatchObject({ status: 403, body: { message: tokenCannot("events:write") } });
    expect((await writer.post("/api/v1/admin/question_library", savedQuestion)).status).toBe(201);
    // An event form is changed only by a token that may write events, and a write no ability names (the
    // account's own tokens) only by one holding every ability.
    const formChange = await reader.put(`/api/v1/admin/collections/${owner.collection.id}`, { name: "Renamed" });
    expect(formChange.status).toBe(403);
    expect(await writer.post("/api/user/tokens", { name: "x", abilities: ["read"], expires_at: null })).toMatchObject({
      status: 403,
      body: { message: "This API token's abilities do not allow this. Only a token with every ability may do it." },
    });
    const everything = bearer((await make(owner.client, { abilities: [...TOKEN_ABILITIES], expires_at: null })).body.plain_text_token);
    expect((await everything.post("/api/user/tokens", { name: "x", abilities: ["read"], expires_at: null })).status).toBe(201);

    // A reviewer's token that may write events still cannot build the organization's forms: their role cannot.
    const reviewer = await joinedMember(t, owner.client, "reviewer");
    const reviewerToken = bearer((await make(reviewer.client, { abilities: ["read", "events:write"] })).body.plain_text_token);
    expect((await reviewerToken.post("/api/v1/admin/question_library", savedQuestion)).status).toBe(403);
  });

  it("changes an event form only with events:write", async () => {
    const owner = await teamOwner(t);
    const form = await createEventForm(owner.client, owner.collection.id);
    const reader = bearer((await make(owner.client, { abilities: ["read"] })).body.plain_text_token);
    const writer = bearer((await make(owner.client, { abilities: ["events:write"] })).body.plain_text_token);
    const change = (client: TestClient, title: string) =>
      client.put(`/api/v1/admin/event_forms/${form.id}`, validEventFormFields(owner.collection.id, { title }));

    expect(await change(reader, "Read only")).toMatchObject({
      status: 403,
      body: { message: "This API token's abilities do not allow this. It needs the ability events:write." },
    });
    // A public route is anyone's: a token without `read` may call it still.
    expect((await writer.get("/sanctum/csrf-cookie")).status).toBeLessThan(300);
    expect((await writer.get("/api/user")).status).toBe(403);
    const changed = await change(writer, "Renamed by token");
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.event_form).toMatchObject({ id: form.id, title: "Renamed by token" });
  });

  it("stops working when it expires", async () => {
    const owner = await teamOwner(t);
    const made = await make(owner.client, {});
    const caller = bearer(made.body.plain_text_token);
    expect((await caller.get("/api/user")).status).toBe(200);
    await t.database.db
      .update(apiTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiTokens.id, made.body.token.id));
    expect((await caller.get("/api/user")).status).toBe(401);
  });

  it("lists the tokens of POST /sanctum/token, with every ability and no expiry", async () => {
    const owner = await teamOwner(t);
    const issued = await t.client().post("/sanctum/token", { email: owner.email, password: PASSWORD, device_name: "Phone app" });
    expect(issued.status).toBe(201);
    const listed = (await owner.client.get("/api/user/tokens")).body.data;
    expect(listed).toEqual([expect.objectContaining({ name: "Phone app", abilities: [...TOKEN_ABILITIES], expires_at: null })]);
  });

  it("says what is wrong with a token's name, abilities or expiry", async () => {
    const owner = await teamOwner(t);
    const errorsOf = async (body: Record<string, unknown>) => (await make(owner.client, body)).body.errors;
    expect(await errorsOf({ abilities: [] })).toEqual({ abilities: ["Choose at least one ability."] });
    expect(await errorsOf({ abilities: ["everything"] })).toHaveProperty(["abilities.0"]);
    expect(await errorsOf({ expires_at: inDays(-1) })).toEqual({ expires_at: ["The expiry must be in the future."] });
    expect(await errorsOf({ name: "CRM\r\nBcc: x@example.com" })).toEqual({ name: ["The name may not contain a line break."] });
    expect(await errorsOf({ name: "x".repeat(TOKEN_NAME_MAX + 1) })).toEqual({
      name: [`The name field must not be greater than ${TOKEN_NAME_MAX} characters.`],
    });
  });

  it("holds the device name of POST /sanctum/token to the same rule as a token's name", async () => {
    const owner = await teamOwner(t);
    const issue = (device_name: string) => t.client().post("/sanctum/token", { email: owner.email, password: PASSWORD, device_name });
    const broken = await issue("Phone\r\nBcc: x@example.com");
    expect(broken.status).toBe(422);
    expect(broken.body.errors).toEqual({ device_name: ["The device name may not contain a line break."] });
    const long = await issue("x".repeat(TOKEN_NAME_MAX + 1));
    expect(long.status).toBe(422);
    expect(long.body.errors).toEqual({ device_name: [`The device name field must not be greater than ${TOKEN_NAME_MAX} characters.`] });
    expect((await issue("")).body.errors).toEqual({ device_name: ["The device name field is required."] });

    // Nothing refused was made, and a name at the limit is kept whole.
    expect((await issue("y".repeat(TOKEN_NAME_MAX))).status).toBe(201);
    const listed = (await owner.client.get("/api/user/tokens")).body.data;
    expect(listed.map((token: { name: string }) => token.name)).toEqual(["y".repeat(TOKEN_NAME_MAX)]);
  });

  it("never passes the cap, however many are made at once", async () => {
    const owner = await teamOwner(t);
    const user = await owner.client.get("/api/user");
    await t.database.db.insert(apiTokens).values(
      Array.from({ length: MAX_TOKENS_PER_USER - 2 }, (_, i) => ({
        userId: user.body.id,
        name: `old ${i}`,
        tokenHash: `hash-${user.body.id}-${i}`,
      })),
    );
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => make(owner.client, { name: `new ${i}` })));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(2);
    expect(answers.filter((a) => a.status === 422).map((a) => a.body.errors.name)).toEqual(Array(4).fill([TOO_MANY_TOKENS]));
    expect((await owner.client.get("/api/user/tokens")).body.data).toHaveLength(MAX_TOKENS_PER_USER);
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApi, type Api } from "#api/app.ts";
import { conversationParticipants, conversations } from "#api/db/realtime-schema.ts";
import { eq } from "drizzle-orm";
import { sessions } from "#api/db/schema.ts";
import { sha256 } from "#api/lib/tokens.ts";
import { credentialFingerprint, verifySubscriptionAuth } from "#api/realtime/grants.ts";
import { signChannel, verifyUserAuth } from "#api/realtime/signing.ts";
import { createEventForm, ownerWithCollection } from "#api/testing/event-fixtures.ts";
import { PASSWORD, coFounder, registered } from "#api/testing/fixtures.ts";
import { TestClient, createTestApi, type TestApi } from "#api/testing/harness.ts";
import { joinedMember } from "#api/testing/team-fixtures.ts";
import { chatPresenceChannel, userChannel } from "#schemas/realtime.ts";
import { CHANNEL_REFUSED, NOT_CONFIGURED } from "./routes.ts";

const app = { key: "broadcast-key", secret: "broadcast-secret" };
const publicConfig = { key: app.key, host: null, port: null, scheme: null, forceTLS: false };
const SOCKET = "1234.5678";

let t: TestApi;
let api: Api;
/** The same user, logged in on the API that has realtime configured. */
const as = (client: TestClient) => {
  const other = new TestClient(api, "203.0.113.9");
  for (const [name, value] of client.cookies) other.cookies.set(name, value);
  return other;
};
const authorize = (client: TestClient, channel_name: string, socket_id = SOCKET) =>
  as(client).post("/broadcasting/auth", { socket_id, channel_name });

/** A conversation between two users, written directly; its id. */
async function conversationOf(userIds: [number, number]): Promise<number> {
  const [conversation] = await t.database.db
    .insert(conversations)
    .values({ pairKey: userIds.join(":") })
    .returning();
  await t.database.db.insert(conversationParticipants).values(userIds.map((userId) => ({ conversationId: conversation.id, userId })));
  return conversation.id;
}

beforeAll(async () => {
  t = await createTestApi();
  api = createApi({ db: t.database.db, config: t.config, log: () => {}, realtime: { app, publicConfig } });
});
afterAll(() => t.close());

describe("POST /broadcasting/auth", () => {
  it("signs the caller's own user channel", async () => {
    const alice = await registered(t, "Alice");
    const channel = `private-App.Models.User.${alice.id}`;
    const res = await authorize(alice.client, channel);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ auth: signChannel(app, SOCKET, channel) });
  });

  it("reads the form-encoded body pusher-js sends", async () => {
    const alice = await registered(t, "Alice");
    const client = await as(alice.client).prime();
    const body = new URLSearchParams({ socket_id: SOCKET, channel_name: `private-App.Models.User.${alice.id}` }).toString();
    const res = await client.request(
      "POST",
      "/broadcasting/auth",
      undefined,
      { "content-type": "application/x-www-form-urlencoded" },
      body,
    );
    expect(res.status).toBe(200);
  });

  it("signs a conversation's presence channel with the user as channel_data; no channel has everyone online", async () => {
    const [alice, bob] = [await registered(t, "Alice Online"), await registered(t, "Bob")];
    const channel = chatPresenceChannel(await conversationOf([alice.id, bob.id]));
    const res = await authorize(alice.client, channel);
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body.channel_data)).toEqual({ user_id: alice.id, user_info: { name: "Alice Online" } });
    expect(res.body.auth).toBe(signChannel(app, SOCKET, channel, res.body.channel_data));
    // A presence channel of every user would outgrow what a hosted service allows one (100 members).
    expect((await authorize(alice.client, "presence-online")).status).toBe(403);
  });

  it("refuses someone else's channel, unknown and public channels, and a socket id of the wrong shape (403)", async () => {
    const [alice, bob] = [await registered(t, "Alice"), await registered(t, "Bob")];
    for (const [channel, socket] of [
      [`private-App.Models.User.${bob.id}`, SOCKET],
      ["private-App.Models.User.0", SOCKET],
      ["private-App.Models.User.99999999999", SOCKET],
      ["private-unknown", SOCKET],
      ["presence-somewhere", SOCKET],
      ["startup.1", SOCKET],
      [`private-App.Models.User.${alice.id}`, "1234"],
      [`private-App.Models.User.${alice.id}`, "1.2; x"],
    ]) {
      const res = await authorize(alice.client, channel, socket);
      expect(res.status, `${channel} ${socket}`).toBe(403);
      expect(res.body).toEqual({ message: CHANNEL_REFUSED });
    }
    const missing = await as(alice.client).post("/broadcasting/auth", {});
    expect(missing.status).toBe(403);
  });

  it("answers 401 without a login, and 419 for a session without its XSRF header", async () => {
    const anonymous = await new TestClient(api, "203.0.113.9").post("/broadcasting/auth", {
      socket_id: SOCKET,
      channel_name: chatPresenceChannel(1),
    });
    expect(anonymous.status).toBe(401);
    const alice = await registered(t, "Alice");
    const client = await as(alice.client).prime();
    client.sendXsrf = false;
    expect((await client.request("POST", "/broadcasting/auth", { socket_id: SOCKET, channel_name: userChannel(alice.id) })).status).toBe(
      419,
    );
  });

  it("chat channels: the conversation's participants only", async () => {
    const [alice, bob, eve] = [await registered(t, "Alice"), await registered(t, "Bob"), await registered(t, "Eve")];
    const conversationId = await conversationOf([alice.id, bob.id]);
    for (const channel of [`private-chat.${conversationId}`, `presence-chat.${conversationId}`]) {
      expect((await authorize(alice.client, channel)).status).toBe(200);
      expect((await authorize(bob.client, channel)).status).toBe(200);
      expect((await authorize(eve.client, channel)).status).toBe(403);
    }
    expect((await authorize(alice.client, `private-chat.${conversationId + 1000}`)).status).toBe(403);
  });

  it("an event form's channel: the owning startup's users who read responses", async () => {
    const owner = await ownerWithCollection(t);
    const form = await createEventForm(owner.client, owner.collection.id);
    const otherOwner = await ownerWithCollection(t);
    const founder = await coFounder(t);
    expect((await authorize(owner.client, `private-event-form.${form.id}`)).status).toBe(200);
    expect((await authorize(otherOwner.client, `private-event-form.${form.id}`)).status).toBe(403);
    expect((await authorize(founder.client, `private-event-form.${form.id}`)).status).toBe(403);
  });

  it("an event form's channel: each member whose role works the form (responses, the door, payments) within their forms", async () => {
    const owner = await ownerWithCollection(t);
    const form = await createEventForm(owner.client, owner.collection.id);
    const other = await createEventForm(owner.client, owner.collection.id);
    const channel = `private-event-form.${form.id}`;
    for (const role of ["admin", "reviewer", "door", "finance"] as const) {
      const member = await joinedMember(t, owner.client, role, role === "admin" ? [] : [form.id]);
      expect((await authorize(member.client, channel)).status, role).toBe(200);
    }
    // Finance follows the payments screen live, as the door follows its check-ins.
    const elsewhere = await joinedMember(t, owner.client, "finance", [other.id]);
    expect((await authorize(elsewhere.client, channel)).status).toBe(403);
  });

  it("with realtime off, answers 404", async () => {
    const alice = await registered(t, "Alice");
    const res = await alice.client.post("/broadcasting/auth", { socket_id: SOCKET, channel_name: userChannel(alice.id) });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: NOT_CONFIGURED });
  });
});

describe("POST /broadcasting/auth for the embedded server", () => {
  it("ties the signature to the caller's login: its session, or its bearer token", async () => {
    const tied = createApi({ db: t.database.db, config: t.config, log: () => {}, realtime: { app, publicConfig, tieToLogins: true } });
    const alice = await registered(t, "Alice");
    const channel = `private-App.Models.User.${alice.id}`;
    const bySession = new TestClient(tied, "203.0.113.9");
    for (const [name, value] of alice.client.cookies) bySession.cookies.set(name, value);
    const session = await bySession.post("/broadcasting/auth", { socket_id: SOCKET, channel_name: channel });
    const [sessionRow] = await t.database.db.select({ hash: sessions.idHash }).from(sessions).where(eq(sessions.userId, alice.id));
    const sessionGrant = verifySubscriptionAuth(app, session.body.auth, SOCKET, channel);
    expect(sessionGrant).toMatchObject({
      valid: true,
      grant: { userId: alice.id, credential: `s${credentialFingerprint(sessionRow.hash)}` },
    });

    const token = (await t.client().post("/sanctum/token", { email: alice.email, password: PASSWORD, device_name: "cli" })).body
      .token as string;
    const byToken = new TestClient(tied, "203.0.113.9");
    byToken.bearer = token;
    const presence = chatPresenceChannel(await conversationOf([alice.id, (await registered(t, "Bob")).id]));
    const viaToken = await byToken.post("/broadcasting/auth", { socket_id: SOCKET, channel_name: presence });
    const tokenGrant = verifySubscriptionAuth(app, viaToken.body.auth, SOCKET, presence, viaToken.body.channel_data);
    expect(tokenGrant).toMatchObject({
      valid: true,
      grant: { userId: alice.id, credential: `t${credentialFingerprint(sha256(token))}`, expiresAt: null },
    });
  });
});

describe("POST /broadcasting/user-auth", () => {
  const signIn = (client: TestClient, body: Record<string, unknown> = { socket_id: SOCKET }) =>
    as(client).post("/broadcasting/user-auth", body);

  it("signs the socket in as the caller: socket_id::user::user_data, the id as text", async () => {
    const alice = await registered(t, "Alice Signed");
    const res = await signIn(alice.client);
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body.user_data)).toEqual({ id: String(alice.id), user_info: { name: "Alice Signed" } });
    expect(verifyUserAuth(app, res.body.auth, SOCKET, res.body.user_data)).toBe(true);
    expect(verifyUserAuth(app, res.body.auth, "1.2", res.body.user_data)).toBe(false);
  });

  it("signs a bearer token's user, form-encoded as pusher-js sends it", async () => {
    const alice = await registered(t, "Alice Token");
    const token = (await t.client().post("/sanctum/token", { email: alice.email, password: PASSWORD, device_name: "cli" })).body.token;
    const client = new TestClient(api, "203.0.113.9");
    client.bearer = token as string;
    const body = new URLSearchParams({ socket_id: SOCKET }).toString();
    const res = await client.request(
      "POST",
      "/broadcasting/user-auth",
      undefined,
      { "content-type": "application/x-www-form-urlencoded" },
      body,
    );
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body.user_data).id).toBe(String(alice.id));
  });

  it("answers 401 without a login, 419 without the XSRF header, 422 for a socket id of the wrong shape, 404 with realtime off", async () => {
    expect((await new TestClient(api, "203.0.113.9").post("/broadcasting/user-auth", { socket_id: SOCKET })).status).toBe(401);
    const alice = await registered(t, "Alice");
    const client = await as(alice.client).prime();
    client.sendXsrf = false;
    expect((await client.request("POST", "/broadcasting/user-auth", { socket_id: SOCKET })).status).toBe(419);
    for (const body of [{}, { socket_id: "12" }, { socket_id: "1.2.3" }, { socket_id: 7 }])
      expect((await signIn(alice.client, body)).status, JSON.stringify(body)).toBe(422);
    const off = await alice.client.post("/broadcasting/user-auth", { socket_id: SOCKET });
    expect(off.status).toBe(404);
    expect(off.body).toEqual({ message: NOT_CONFIGURED });
  });
});

describe("GET /api/broadcasting/config", () => {
  it("gives the public settings, never the secret", async () => {
    const res = await new TestClient(api, "203.0.113.9").get("/api/broadcasting/config");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ key: app.key, host: null, port: null, scheme: null, force_tls: false });
  });
});

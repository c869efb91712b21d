import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { meetingConnections, oauthStates } from "#api/db/tools-schema.ts";
import { secretBox } from "#api/lib/encryption.ts";
import { registered } from "#api/testing/fixtures.ts";
import { createTestApi } from "#api/testing/harness.ts";
import {
  APP_URL,
  connect,
  connectionsPath,
  consent,
  meetingsTestbed,
  startSignIn,
  type MeetingsTestbed,
  type Slug,
} from "#api/testing/meeting-fixtures.ts";

let bed: MeetingsTestbed;
beforeAll(async () => {
  bed = await meetingsTestbed();
});
afterAll(async () => bed?.close());

const PROVIDERS: { slug: Slug; key: "zoom" | "google_meet"; label: string; email: string }[] = [
  { slug: "zoom", key: "zoom", label: "Zoom", email: "host@zoom.example" },
  { slug: "google-meet", key: "google_meet", label: "Google Meet", email: "organiser@gmail.example" },
];

const storedConnection = async (userId: number, provider: "zoom" | "google_meet") =>
  (
    await bed.t.database.db
      .select()
      .from(meetingConnections)
      .where(and(eq(meetingConnections.userId, userId), eq(meetingConnections.provider, provider)))
  )[0];

describe.each(PROVIDERS)("connecting $label", ({ slug, key, label, email }) => {
  it("sends the user to the provider with PKCE (S256), a random state and the callback on APP_URL", async () => {
    const { client, id } = await registered(bed.t);
    const url = await startSignIn(client, slug);
    const q = Object.fromEntries(url.searchParams);
    expect(q).toMatchObject({
      response_type: "code",
      code_challenge_method: "S256",
      redirect_uri: `${APP_URL}/integration/${slug}/callback`,
    });
    expect(q.code_challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [flow] = await bed.t.database.db.select().from(oauthStates).where(eq(oauthStates.state, q.state));
    expect(flow).toMatchObject({ userId: id, provider: key });
    // The verifier stays on the server: only its challenge travels.
    expect(url.toString()).not.toContain(flow.codeVerifier);
    expect(flow.expiresAt.getTime()).toBeGreaterThan(Date.now() + 9 * 60_000);
  });

  it("connects, with the tokens encrypted at rest, and shows whose account it is", async () => {
    const { client, id } = await registered(bed.t);
    const body = await connect(client, slug);
    expect(body.message).toBe(`${label} is connected as ${email}.`);
    expect(body.data).toMatchObject({ provider: key, connected: true, configured: true, account_label: email, missing_settings: [] });

    const row = await storedConnection(id, key);
    const fake = key === "zoom" ? bed.zoom : bed.google;
    const issued = [...fake.oauth.accessTokens.keys()];
    const refreshTokens = [...fake.oauth.refreshTokens];
    // The stored value is not the token, nor contains it…
    expect(issued.some((token) => row.accessTokenEncrypted.includes(token))).toBe(false);
    expect(refreshTokens.some((token) => row.refreshTokenEncrypted!.includes(token))).toBe(false);
    // …and opens, with the app key, to a token the provider handed out.
    const box = await secretBox(bed.t.database.db, "meeting provider tokens");
    expect(issued).toContain(box.open(row.accessTokenEncrypted, `meeting_connections:${id}:${key}:access`));
    expect(refreshTokens).toContain(box.open(row.refreshTokenEncrypted!, `meeting_connections:${id}:${key}:refresh`));
    expect(row.expiresAt!.getTime()).toBeGreaterThan(Date.now());

    const states = await client.get("/api/v1/admin/meetings/connections");
    expect(states.body.data.find((s: { provider: string }) => s.provider === key)).toMatchObject({ connected: true, account_label: email });
  });

  it("refuses a state it never issued", async () => {
    const { client } = await registered(bed.t);
    const res = await client.post(`${connectionsPath(slug)}/callback`, { state: "made-up", code: "whatever" });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(
      `This ${label} sign-in does not match one you started here, or it was already used. Start again from the ${label} page.`,
    );
  });

  it("refuses a state used once already", async () => {
    const { client } = await registered(bed.t);
    const { query } = await consent(await startSignIn(client, slug), "allow");
    expect((await client.post(`${connectionsPath(slug)}/callback`, query)).status).toBe(200);
    const again = await client.post(`${connectionsPath(slug)}/callback`, query);
    expect(again.status).toBe(400);
    expect(again.body.message).toContain("already used");
  });

  it("refuses an expired state, and uses it up", async () => {
    const { client } = await registered(bed.t);
    const { query } = await consent(await startSignIn(client, slug), "allow");
    await bed.t.database.db
      .update(oauthStates)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oauthStates.state, query.state));
    const res = await client.post(`${connectionsPath(slug)}/callback`, query);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(`This ${label} sign-in took longer than 10 minutes and has expired. Start again from the ${label} page.`);
    expect(await bed.t.database.db.select().from(oauthStates).where(eq(oauthStates.state, query.state))).toEqual([]);
  });

  it("refuses another user's state, which stays theirs to finish", async () => {
    const alice = await registered(bed.t, "Alice");
    const mallory = await registered(bed.t, "Mallory");
    const { query } = await consent(await startSignIn(alice.client, slug), "allow");
    const stolen = await mallory.client.post(`${connectionsPath(slug)}/callback`, query);
    expect(stolen.status).toBe(400);
    expect(await storedConnection(mallory.id, key)).toBeUndefined();
    expect((await alice.client.post(`${connectionsPath(slug)}/callback`, query)).status).toBe(200);
  });

  it("refuses a state started for the other provider", async () => {
    const { client } = await registered(bed.t);
    const other = slug === "zoom" ? "google-meet" : "zoom";
    const { query } = await consent(await startSignIn(client, other), "allow");
    expect((await client.post(`${connectionsPath(slug)}/callback`, query)).status).toBe(400);
  });

  it("says so clearly when the user denies consent, and connects nothing", async () => {
    const { client, id } = await registered(bed.t);
    const { query } = await consent(await startSignIn(client, slug), "deny");
    expect(query.error).toBe("access_denied");
    const res = await client.post(`${connectionsPath(slug)}/callback`, query);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(`You did not allow Launchpad to use your ${label} account, so nothing was connected.`);
    expect(await storedConnection(id, key)).toBeUndefined();
  });

  it("sends the PKCE verifier, which the provider checks against the challenge", async () => {
    const { client, id } = await registered(bed.t);
    const { query } = await consent(await startSignIn(client, slug), "allow");
    // A verifier that does not match the challenge the provider saw: the provider refuses the code.
    await bed.t.database.db
      .update(oauthStates)
      .set({ codeVerifier: "x".repeat(43) })
      .where(eq(oauthStates.state, query.state));
    const res = await client.post(`${connectionsPath(slug)}/callback`, query);
    expect(res.status).toBe(502);
    expect(res.body.message).toMatch(new RegExp(`^${label} could not finish connecting: .* answered 400: Invalid code verifier\\.$`));
    expect(await storedConnection(id, key)).toBeUndefined();
  });

  it("disconnects: the row is gone and the provider is asked to revoke", async () => {
    const { client, id } = await registered(bed.t);
    await connect(client, slug);
    const fake = key === "zoom" ? bed.zoom : bed.google;
    const revokedBefore = fake.oauth.revoked.length;
    const res = await client.delete(connectionsPath(slug));
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(`${label} is disconnected.`);
    expect(await storedConnection(id, key)).toBeUndefined();
    expect(fake.oauth.revoked.length).toBe(revokedBefore + 1);
    expect((await client.delete(connectionsPath(slug))).status).toBe(404);
  });

  it("revokes the grant on disconnect even after the access token has expired", async () => {
    const { client, id } = await registered(bed.t);
    await connect(client, slug);
    const fake = key === "zoom" ? bed.zoom : bed.google;
    const row = await storedConnection(id, key);
    const box = await secretBox(bed.t.database.db, "meeting provider tokens");
    const refreshToken = box.open(row.refreshTokenEncrypted!, `meeting_connections:${id}:${key}:refresh`);
    fake.oauth.expireAccessTokens();
    expect((await client.delete(connectionsPath(slug))).status).toBe(200);
    expect(await storedConnection(id, key)).toBeUndefined();
    expect(fake.oauth.revoked).toContain(refreshToken);
    expect(fake.oauth.refreshTokens.has(refreshToken)).toBe(false);
  });

  it("forgets the connection even when the provider refuses to revoke it", async () => {
    const { client, id } = await registered(bed.t);
    await connect(client, slug);
    const fake = key === "zoom" ? bed.zoom : bed.google;
    const row = await storedConnection(id, key);
    const box = await secretBox(bed.t.database.db, "meeting provider tokens");
    const refreshToken = box.open(row.refreshTokenEncrypted!, `meeting_connections:${id}:${key}:refresh`);
    // Revoked at the provider already (say, from the provider's own app page): the revoke is refused.
    expect(fake.oauth.revoke(refreshToken)).toBe(true);
    const revoked = fake.oauth.revoked.length;
    expect((await client.delete(connectionsPath(slug))).status).toBe(200);
    expect(fake.oauth.revoked.length).toBe(revoked);
    expect(await storedConnection(id, key)).toBeUndefined();
  });
});

describe("the connections API's rules", () => {
  it("needs a logged-in user and a known provider", async () => {
    const anonymous = bed.t.client("198.51.100.9");
    expect((await anonymous.get("/api/v1/admin/meetings/connections")).status).toBe(401);
    expect((await anonymous.post(`${connectionsPath("zoom")}/authorize`)).status).toBe(401);
    const { client } = await registered(bed.t);
    const unknown = await client.post("/api/v1/admin/meetings/connections/teams/authorize");
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe("Integration not found");
    expect((await client.post(`${connectionsPath("zoom")}/callback`, {})).status).toBe(422);
  });

  it("keeps one user's connection away from another", async () => {
    const a = await registered(bed.t);
    const b = await registered(bed.t);
    await connect(a.client, "zoom");
    expect((await b.client.get(connectionsPath("zoom"))).body.data).toMatchObject({ connected: false, account_label: null });
    expect((await b.client.delete(connectionsPath("zoom"))).status).toBe(404);
    expect(await storedConnection(a.id, "zoom")).toBeDefined();
  });
});

describe("without client id and secret", () => {
  it("says exactly which settings to set, and starts nothing", async () => {
    const t = await createTestApi({ appUrl: APP_URL });
    try {
      const { client } = await registered(t);
      const states = await client.get("/api/v1/admin/meetings/connections");
      expect(states.status).toBe(200);
      expect(states.body.data).toEqual([
        expect.objectContaining({
          provider: "zoom",
          configured: false,
          missing_settings: ["ZOOM_CLIENT_ID", "ZOOM_CLIENT_SECRET"],
          connected: false,
          callback_url: `${APP_URL}/integration/zoom/callback`,
        }),
        expect.objectContaining({
          provider: "google_meet",
          configured: false,
          missing_settings: ["GOOGLE_CLIENT_ID", "GOOGLE_CLIENT_SECRET"],
          callback_url: `${APP_URL}/integration/google-meet/callback`,
        }),
      ]);
      const zoom = await client.post(`${connectionsPath("zoom")}/authorize`);
      expect(zoom.status).toBe(409);
      expect(zoom.body.message).toBe(
        "Zoom is not set up on this server. Set ZOOM_CLIENT_ID and ZOOM_CLIENT_SECRET (see the README), then restart the app.",
      );
      const google = await client.post(`${connectionsPath("google-meet")}/authorize`);
      expect(google.body.message).toBe(
        "Google Meet is not set up on this server. Set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET (see the README), then restart the app.",
      );
      expect(await t.database.db.select().from(oauthStates)).toEqual([]);
    } finally {
      await t.close();
    }
  });
});

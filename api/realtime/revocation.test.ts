/**
 * A revoked user stops listening: pusher-js clients authorised by /broadcasting/auth lose their
 * subscriptions within two seconds of a deactivation, a logout, a new login in the same browser, a
 * password change, reset or email change, their session's idle expiry, or the loss of the role or of the role's
 * permission a channel asks for, and the others see them leave presence. On one process, and (with
 * TEST_DATABASE_URL) on two instances sharing PostgreSQL, where the change is made through one instance
 * and the sockets are on the other. The cluster's run is in server/cluster-revocation.test.ts.
 */
import { serverSdk } from "../testing/realtime-clients.ts";
import { desc, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { ApiConfig } from "../config.ts";
import { openDatabase, type Database } from "../db/client.ts";
import type { Db } from "../db/client.ts";
import { roles, sessions, userRoles } from "../db/schema.ts";
import { ensureAccessModel } from "../modules/access/service.ts";
import { PASSWORD } from "../testing/fixtures.ts";
import { TestClient, createTestApi, testApiConfig } from "../testing/harness.ts";
import { mailedToken } from "../testing/mail-fixtures.ts";
import { temporaryDatabase } from "../testing/temporary-database.ts";
import {
  chatting,
  disconnectListeners,
  expectLoginEnded,
  listen,
  loggedInAgain,
  register,
  memberRemoved,
  rolePermissionTaken,
  rolesRemoved,
  type ScenarioSetup,
} from "../testing/revocation-scenarios.ts";
import { serveRealtime, type RealtimeTestServer } from "../testing/realtime-server.ts";

/** A quarter of a minute: long enough to set a chat up, short enough to wait for. */
const SHORT_IDLE_MINUTES = 0.25;

interface Deployment {
  setup: ScenarioSetup;
  db: Db;
  close(): Promise<void>;
}

const sdkFor = (server: RealtimeTestServer) => serverSdk(server);

async function superAdminOf(deployment: Deployment): Promise<TestClient> {
  const admin = await register(deployment.setup, "Root");
  const [role] = await deployment.db.select({ id: roles.id }).from(roles).where(eq(roles.name, "super admin"));
  await deployment.db.insert(userRoles).values({ userId: admin.id, roleId: role.id });
  return admin.client;
}

/** When the user's newest session goes idle, by the database's record of its last activity. */
async function idleExpiryOf(db: Db, userId: number, idleMinutes: number): Promise<number> {
  const [row] = await db
    .select({ at: sessions.lastActivityAt })
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .orderBy(desc(sessions.createdAt))
    .limit(1);
  return row.at.getTime() + idleMinutes * 60_000;
}

function revocationSuite(start: (config: Partial<ApiConfig>) => Promise<Deployment>) {
  let deployment: Deployment;
  let admin: TestClient;
  const figures: Record<string, unknown> = {};

  beforeAll(async () => {
    deployment = await start({});
    admin = await superAdminOf(deployment);
  }, 60_000);
  afterEach(() => disconnectListeners());
  afterAll(async () => {
    await deployment?.close();
    console.info("[revocation figures]", JSON.stringify(figures));
  });

  it("deactivation: the socket closes with 4009, the member leaves presence, nothing more reaches it", async () => {
    const { setup } = deployment;
    const chat = await chatting(setup, await register(setup, "Victim"), await register(setup, "Peer"));
    const res = await admin.put(`/api/v1/admin/users/${chat.victim.id}/status`, { is_active: false });
    expect(res.status).toBe(200);
    figures.deactivation = await expectLoginEnded(chat, Date.now());
  }, 60_000);

  it("deactivation ends subscriptions made with a bearer token too", async () => {
    const { setup } = deployment;
    const chat = await chatting(setup, await register(setup, "Token Victim", { token: true }), await register(setup, "Peer"));
    expect((await admin.put(`/api/v1/admin/users/${chat.victim.id}/status`, { is_active: false })).status).toBe(200);
    figures.deactivationOfToken = await expectLoginEnded(chat, Date.now());
  }, 60_000);

  it("logout: the session's sockets close, another session's stay", async () => {
    const { setup } = deployment;
    const victim = await register(setup, "Victim");
    const elsewhere = await loggedInAgain(setup, victim);
    const other = await listen(setup.peerSite, { cookies: elsewhere.client.cookies }, [`private-App.Models.User.${victim.id}`]);
    const chat = await chatting(setup, victim, await register(setup, "Peer"));
    expect((await victim.client.post("/api/logout")).status).toBe(204);
    figures.logout = await expectLoginEnded(chat, Date.now());
    expect(other.pusher.connection.state).toBe("connected");
  }, 60_000);

  it("password change: the other sessions' sockets close, the changer's stays", async () => {
    const { setup } = deployment;
    const changer = await register(setup, "Victim");
    const own = await listen(setup.peerSite, { cookies: changer.client.cookies }, [`private-App.Models.User.${changer.id}`]);
    const chat = await chatting(setup, await loggedInAgain(setup, changer), await register(setup, "Peer"));
    const res = await changer.client.put("/api/user/password", {
      current_password: PASSWORD,
      password: "a new password 123",
      password_confirmation: "a new password 123",
    });
    expect(res.status).toBe(200);
    figures.passwordChange = await expectLoginEnded(chat, Date.now());
    expect(own.pusher.connection.state).toBe("connected");
  }, 60_000);

  it("email change, once its link is opened: the other sessions' sockets close", async () => {
    const { setup } = deployment;
    const changer = await register(setup, "Victim");
    const chat = await chatting(setup, await loggedInAgain(setup, changer), await register(setup, "Peer"));
    const next = `moved.${changer.email}`;
    expect((await changer.client.put("/api/user", { name: "Victim", email: next, current_password: PASSWORD })).status).toBe(200);
    const token = await mailedToken(deployment.db, next, "email_change_confirm", "/confirm-email/");
    expect((await setup.browser().post("/api/email/confirm", { token })).status).toBe(200);
    figures.emailChange = await expectLoginEnded(chat, Date.now());
  }, 60_000);

  it("password reset: every session's sockets close", async () => {
    const { setup } = deployment;
    const victim = await register(setup, "Victim");
    const chat = await chatting(setup, victim, await register(setup, "Peer"));
    expect((await setup.browser().post("/api/forgot-password", { email: victim.email })).status).toBe(200);
    const token = await mailedToken(deployment.db, victim.email, "password_reset", "/reset-password/");
    const reset = await setup
      .browser()
      .post("/api/reset-password", { token, password: "a new password 123", password_confirmation: "a new password 123" });
    expect(reset.status).toBe(200);
    figures.passwordReset = await expectLoginEnded(chat, Date.now());
  }, 60_000);

  it("role removal: the event form's subscription ends with 403, the rest of the socket stays", async () => {
    figures.roleRemoval = await rolesRemoved(deployment.setup, admin);
  }, 60_000);

  it("a role's permission taken off: the event form's subscription ends with 403, the rest of the socket stays", async () => {
    figures.rolePermission = await rolePermissionTaken(deployment.setup, admin);
  }, 60_000);

  it("removal from the team: the member's subscription to the organization's form ends with 403, the rest of the socket stays", async () => {
    figures.teamRemoval = await memberRemoved(deployment.setup, (email) =>
      mailedToken(deployment.db, email, "team_invitation", "/team/join/"),
    );
  }, 60_000);

  it("logging in again: the old session's sockets close", async () => {
    const { setup } = deployment;
    const victim = await register(setup, "Victim");
    const chat = await chatting(setup, victim, await register(setup, "Peer"));
    // The same browser logs in again: its old session is ended and a new one started.
    expect((await victim.client.post("/api/login", { email: victim.email, password: PASSWORD })).status).toBe(200);
    figures.loginAgain = await expectLoginEnded(chat, Date.now());
  }, 60_000);

  it("session expiry: an idle session's sockets close when it expires, with no request to end it", async () => {
    const short = await start({ sessionIdleMinutes: SHORT_IDLE_MINUTES });
    try {
      const { setup } = short;
      // The peer uses a bearer token, which does not go idle.
      const peer = await register(setup, "Peer", { token: true });
      const victim = await register(setup, "Victim");
      const chat = await chatting(setup, victim, peer);
      const expiresAt = await idleExpiryOf(short.db, victim.id, SHORT_IDLE_MINUTES);
      expect(expiresAt).toBeGreaterThan(Date.now());
      figures.sessionExpiry = await expectLoginEnded(chat, expiresAt);
    } finally {
      disconnectListeners();
      await short.close();
    }
  }, 90_000);
}

describe("one process", () => {
  revocationSuite(async (overrides) => {
    const t = await createTestApi(overrides);
    const server = await serveRealtime({ db: t.database.db, config: t.config });
    const setup: ScenarioSetup = {
      browser: () => new TestClient(server.api, "203.0.113.20"),
      victimSite: server,
      peerSite: server,
      sdk: sdkFor(server),
    };
    return {
      setup,
      db: t.database.db,
      async close() {
        await server.close();
        await t.close();
      },
    };
  });
});

const serverUrl = process.env.TEST_DATABASE_URL;
if (serverUrl)
  describe("two instances on PostgreSQL: the change through one, the sockets on the other", () => {
    revocationSuite(async (overrides) => {
      const temporary = await temporaryDatabase(serverUrl, "launchpad_revoke");
      const databases: Database[] = [];
      for (let i = 0; i < 2; i++) databases.push(await openDatabase({ databaseUrl: temporary.url, poolSize: 3 }));
      await databases[0].migrate();
      await ensureAccessModel(databases[0].db);
      const config = { ...testApiConfig, ...overrides };
      const app = { appId: "revoke-fanout", key: "revoke-key", secret: "revoke-secret" };
      const a = await serveRealtime({ db: databases[0].db, config, databaseUrl: temporary.url, app });
      const b = await serveRealtime({ db: databases[1].db, config, databaseUrl: temporary.url, app });
      const setup: ScenarioSetup = { browser: () => new TestClient(a.api, "203.0.113.21"), victimSite: b, peerSite: a, sdk: sdkFor(a) };
      return {
        setup,
        db: databases[0].db,
        async close() {
          await a.close();
          await b.close();
          for (const database of databases) await database.close();
          await temporary.drop();
        },
      };
    });
  });

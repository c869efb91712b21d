/**
 * A revoked user stops listening on a real server with WEB_CONCURRENCY=2 on the embedded database: the
 * change is answered by one worker, and the sockets (dealt to the workers in turn, so on both over the
 * run) are closed or lose the subscription within two seconds, the others seeing the member leave. The
 * same scenarios run on one process and on two instances sharing PostgreSQL in
 * api/realtime/revocation.test.ts.
 */
import { rmSync } from "node:fs";
import { newDataDir } from "#api/testing/data-dir-template.ts";
import Pusher from "pusher";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "#api/db/client.ts";
import { users } from "#api/db/schema.ts";
import { SUPER_ADMIN, assignRoleByName, ensureAccessModel } from "#api/modules/access/service.ts";
import { hashPassword } from "#api/modules/auth/service.ts";
import { PASSWORD } from "#api/testing/fixtures.ts";
import { TestClient, overHttp } from "#api/testing/harness.ts";
import {
  chatting,
  disconnectListeners,
  expectLoginEnded,
  loggedInAgain,
  memberRemoved,
  register,
  rolesRemoved,
  type ScenarioSetup,
} from "#api/testing/revocation-scenarios.ts";
import { startFakeSmtp, type FakeSmtp } from "../tests/fakes/smtp.ts";
import { freePort, startServer, type Running } from "./test-process.ts";

const app = { appId: "cluster-revoke", key: "cluster-revoke-key", secret: "cluster-revoke-secret" };
const cleanups: (() => void)[] = [];
const figures: Record<string, unknown> = {};

const ADMIN_EMAIL = "root@revocation.test";

/**
 * A data directory with the schema, the roles and one super admin to make the changes with, written before
 * the server opens it (the demo data would take a loaded machine minutes to seed).
 */
async function preparedDataDir(): Promise<string> {
  const dataDir = await newDataDir("launchpad-revoke-");
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const database = await openDatabase({ dataDir });
  try {
    await database.migrate();
    await ensureAccessModel(database.db);
    const [admin] = await database.db
      .insert(users)
      .values({ name: "Root", email: ADMIN_EMAIL, passwordHash: await hashPassword(PASSWORD) })
      .returning({ id: users.id });
    await assignRoleByName(database.db, admin.id, SUPER_ADMIN);
  } finally {
    await database.close();
  }
  return dataDir;
}

async function startCluster(env: Record<string, string>): Promise<{ running: Running; setup: ScenarioSetup }> {
  const dataDir = await preparedDataDir();
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const running = await startServer({
    DATA_DIR: dataDir,
    PORT: String(port),
    WEB_CONCURRENCY: "2",
    SEED: "false",
    APP_URL: baseUrl,
    PUSHER_APP_ID: app.appId,
    PUSHER_APP_KEY: app.key,
    PUSHER_APP_SECRET: app.secret,
    ...env,
  });
  cleanups.push(() => void running.child.kill("SIGKILL"));
  const site = { baseUrl, port, app };
  const setup: ScenarioSetup = {
    browser: () => new TestClient(overHttp(baseUrl), "203.0.113.30"),
    victimSite: site,
    peerSite: site,
    sdk: new Pusher({ ...app, host: "127.0.0.1", port: String(port), useTLS: false }),
  };
  return { running, setup };
}

afterEach(() => disconnectListeners());
afterAll(() => {
  for (const cleanup of cleanups.reverse()) cleanup();
  console.info("[cluster revocation figures]", JSON.stringify(figures));
});

describe("revocation on the embedded database with WEB_CONCURRENCY=2", () => {
  let setup: ScenarioSetup;
  let admin: TestClient;
  let smtp: FakeSmtp;

  beforeAll(async () => {
    // The change-of-address link is read from the mail as received; the members chat unverified.
    smtp = await startFakeSmtp();
    cleanups.push(() => void smtp.close());
    ({ setup } = await startCluster({ SMTP_URL: smtp.url, REQUIRE_VERIFIED_EMAIL: "false" }));
    admin = setup.browser();
    expect((await admin.post("/api/login", { email: ADMIN_EMAIL, password: PASSWORD })).status).toBe(200);
  }, 300_000);

  it("deactivation closes the user's sockets on every worker", async () => {
    for (const [name, token] of [
      ["cookie", false],
      ["token", true],
    ] as const) {
      const chat = await chatting(setup, await register(setup, "Victim", { token }), await register(setup, "Peer"));
      expect((await admin.put(`/api/v1/admin/users/${chat.victim.id}/status`, { is_active: false })).status).toBe(200);
      figures[`deactivation (${name})`] = await expectLoginEnded(chat, Date.now());
      disconnectListeners();
    }
  }, 60_000);

  it("logout closes the session's sockets", async () => {
    const victim = await register(setup, "Victim");
    const chat = await chatting(setup, victim, await register(setup, "Peer"));
    expect((await victim.client.post("/api/logout")).status).toBe(204);
    figures.logout = await expectLoginEnded(chat, Date.now());
  }, 60_000);

  it("a password change, or an email change once its link is opened, closes the other sessions' sockets", async () => {
    const changer = await register(setup, "Victim");
    let chat = await chatting(setup, await loggedInAgain(setup, changer), await register(setup, "Peer"));
    const password = await changer.client.put("/api/user/password", {
      current_password: PASSWORD,
      password: "a new password 123",
      password_confirmation: "a new password 123",
    });
    expect(password.status).toBe(200);
    figures.passwordChange = await expectLoginEnded(chat, Date.now());
    disconnectListeners();

    const renamed = await register(setup, "Victim");
    chat = await chatting(setup, await loggedInAgain(setup, renamed), await register(setup, "Peer"));
    const next = `moved.${renamed.email}`;
    expect((await renamed.client.put("/api/user", { name: "Victim", email: next, current_password: PASSWORD })).status).toBe(200);
    const link = await smtp.waitForMail((mail) => mail.to === next, 30_000);
    const token = /\/confirm-email\/([A-Za-z0-9_-]+)/.exec(link.text)![1];
    expect((await setup.browser().post("/api/email/confirm", { token })).status).toBe(200);
    figures.emailChange = await expectLoginEnded(chat, Date.now());
  }, 60_000);

  it("role removal ends the event form's subscription with 403", async () => {
    figures.roleRemoval = await rolesRemoved(setup, admin);
  }, 60_000);

  it("removal from the team ends the member's subscription to the organization's form with 403", async () => {
    figures.teamRemoval = await memberRemoved(setup, async (email) => {
      const mail = await smtp.waitForMail((received) => received.to === email && received.text.includes("/team/join/"), 30_000);
      return /\/team\/join\/([A-Za-z0-9_-]+)/.exec(mail.text)![1];
    });
  }, 60_000);
});

describe("idle expiry with WEB_CONCURRENCY=2", () => {
  it("an idle session's sockets close when it expires (SESSION_IDLE_MINUTES=0.5)", async () => {
    // Half a minute: long enough to open the chat on a busy machine, short enough not to hold a test worker idle.
    const idleMinutes = 0.5;
    const { setup } = await startCluster({ SESSION_IDLE_MINUTES: String(idleMinutes) });
    const peer = await register(setup, "Peer", { token: true });
    // The session's last activity is written when it is created, during this request: it expires that long after.
    const registering = Date.now();
    const victim = await register(setup, "Victim");
    const chat = await chatting(setup, victim, peer);
    figures.sessionExpiry = await expectLoginEnded(chat, registering + idleMinutes * 60_000);
  }, 360_000);
});

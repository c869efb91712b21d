/**
 * A webhook survives the server dying between the change and the delivery: the delivery is queued in the
 * change's transaction, so after kill -9 and a restart the next worker round sends it, once the receiver
 * answers (it was down when the change was made). On the embedded database, or on PostgreSQL when
 * TEST_DATABASE_URL names a server (a throw-away database there), as the server process's own tests do.
 */
import { rmSync } from "node:fs";
import { Webhook } from "standardwebhooks";
import { afterAll, describe, expect, it } from "vitest";
import { sendApplication } from "#api/testing/application-fixtures.ts";
import { newDataDir } from "#api/testing/data-dir-template.ts";
import { publishedEventForm } from "#api/testing/event-fixtures.ts";
import { PASSWORD, setUpStartupProfile, uniqueEmail } from "#api/testing/fixtures.ts";
import { overHttp, TestClient } from "#api/testing/harness.ts";
import { temporaryDatabase } from "#api/testing/temporary-database.ts";
import { startReceiver } from "#api/testing/webhook-fixtures.ts";
import { freePort, startServer } from "./test-process.ts";

const cleanups: (() => void | Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function start(database: Record<string, string>, port: string) {
  const running = await startServer({
    ...database,
    PORT: port,
    SEED: "false",
    APP_URL: `http://127.0.0.1:${port}`,
    WEBHOOKS_ALLOW_PRIVATE: "true",
    // Long enough that the first server is killed between two tries, short enough that the second one's try comes soon.
    WEBHOOK_RETRY_SECONDS: "5",
  });
  cleanups.push(() => void running.child.kill("SIGKILL"));
  return running;
}

/** Polls until `done`, for at most a minute. */
async function until(done: () => boolean | Promise<boolean>, what: string) {
  const deadline = Date.now() + 60_000;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`waited a minute for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function account(base: string, name: string) {
  const client = new TestClient(overHttp(base), "127.0.0.1");
  const email = uniqueEmail();
  const res = await client.post("/api/register", { name, email, password: PASSWORD, password_confirmation: PASSWORD });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { client, email };
}

// The PostgreSQL run (.ci/run does one when a server is reachable) registers only the PostgreSQL case: the
// embedded one ran in the first run, and each costs two server processes' starts.
const serverUrl = process.env.TEST_DATABASE_URL;

/** Where both server processes keep their data: a fresh data directory, or a fresh database on the server. */
async function freshDatabase(): Promise<Record<string, string>> {
  if (serverUrl) {
    const temporary = await temporaryDatabase(serverUrl, "launchpad_webhooks_crash");
    cleanups.push(temporary.drop);
    return { DATABASE_URL: temporary.url };
  }
  const dataDir = await newDataDir("launchpad-webhooks-");
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  return { DATA_DIR: dataDir };
}

describe("webhooks across a crash", () => {
  it(`delivers after kill -9 and a restart what the change queued before it (${serverUrl ? "PostgreSQL" : "embedded database"})`, async () => {
    const database = await freshDatabase();
    const port = String(await freePort());
    const base = `http://127.0.0.1:${port}`;
    const receiverPort = await freePort();
    const first = await start(database, port);
    // The engine asked for is the one serving: a PostgreSQL run that fell back to a data directory proves nothing.
    expect(first.output()).toContain(serverUrl ? "(PostgreSQL)" : "(embedded database in");

    const owner = await account(base, "Owner");
    await setUpStartupProfile(owner.client);
    const collection = await owner.client.post("/api/v1/admin/collections", { name: "Season" });
    const form = await publishedEventForm(owner.client, collection.body.collection.id, { custom_questions: [] });
    const hook = await owner.client.post("/api/v1/admin/webhooks", {
      url: `http://127.0.0.1:${receiverPort}/hook`,
      kinds: ["application.submitted"],
    });
    expect(hook.status, JSON.stringify(hook.body)).toBe(201);

    // The receiver is down: the change is acknowledged, its delivery queued, and then the server dies.
    const applicant = await account(base, "Kim Crash");
    const applied = await sendApplication(applicant.client, form.id, { full_name: "Kim Crash", email: applicant.email });
    expect(applied.status).toBe(201);
    // Killed while the delivery waits for its next try, not in the middle of one: a worker killed mid-call
    // leaves its delivery leased for minutes (the lease outlives a whole batch of calls), which is the
    // at-least-once rule's business, not this test's.
    const deliveries = `/api/v1/admin/webhooks/${hook.body.webhook.id}/deliveries`;
    await until(async () => {
      const [delivery] = (await owner.client.get(deliveries)).body.data;
      return delivery?.state === "pending" && delivery.attempts >= 1 && Date.parse(delivery.next_attempt_at) - Date.now() > 2_000;
    }, "the first try to fail while the receiver is down");
    first.child.kill("SIGKILL");
    await first.exited;

    const receiver = await startReceiver(() => 200, receiverPort);
    cleanups.push(receiver.close);
    const second = await start(database, port);
    await until(() => receiver.calls.length > 0, "the delivery after the restart");
    expect(receiver.calls).toHaveLength(1);
    const [call] = receiver.calls;
    expect(new Webhook(hook.body.secret).verify(call.body, call.headers as Record<string, string>)).toBeTruthy();
    const payload = JSON.parse(call.body);
    expect(payload.activity.subject).toMatchObject({ id: applied.body.event_application.id, label: "Kim Crash" });
    expect(payload.data).toMatchObject({ id: applied.body.event_application.id, applicant_name: "Kim Crash" });

    second.child.kill("SIGTERM");
    expect(await second.exited).toBe(0);
  }, 240_000);
});

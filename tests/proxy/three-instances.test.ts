/**
 * Three instances on one PostgreSQL behind nginx, as an operator runs them (docs/scale-out/nginx.conf, run
 * as written): each request goes to the next instance in turn, and the product still behaves as one.
 * Needs nginx and a PostgreSQL server (TEST_DATABASE_URL, or the local one); `npm run test:proxy` builds
 * the panel first.
 */
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { connected, nextEvent, pusherClient, subscribed, type Site } from "#api/testing/realtime-clients.ts";
import { validEventFormFields } from "#api/testing/event-fixtures.ts";
import { temporaryDatabase } from "#api/testing/temporary-database.ts";
import { chatChannel, MESSAGE_SENT_EVENT } from "#schemas/realtime.ts";
import { freePort, httpClient, startServer, type Running } from "#server/test-process.ts";
import { startFakeSmtp, type FakeSmtp } from "../fakes/smtp.ts";
import { findNginx, startNginx, type RunningNginx } from "./nginx.ts";

const SERVER_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const PASSWORD = "launchpad";
const OWNER = "startup@launchpad.test";
const SUPER_ADMIN = "superadmin@launchpad.test";
const COFOUNDER = "cofounder@launchpad.test";
const INSTANCE_HEADER = "x-launchpad-instance";

const cleanups: (() => Promise<unknown> | unknown)[] = [];
let proxy: RunningNginx;
let smtp: FakeSmtp;
let database: pg.Pool;

beforeAll(async () => {
  const nginx = findNginx();
  if ("missing" in nginx) throw new Error(nginx.missing);
  smtp = await startFakeSmtp();
  cleanups.push(() => smtp.close());
  const temporary = await temporaryDatabase(SERVER_URL, "launchpad_proxy");
  cleanups.push(() => temporary.drop());
  database = new pg.Pool({ connectionString: temporary.url, max: 2 });
  cleanups.push(() => database.end());
  const [proxyPort, ...ports] = await Promise.all([0, 1, 2, 3].map(() => freePort()));
  const env = {
    DATABASE_URL: temporary.url,
    APP_URL: `http://127.0.0.1:${proxyPort}`,
    TRUST_PROXY: "true",
    SMTP_URL: smtp.url,
    OFFER_SWEEP_SECONDS: "1",
  };
  const start = async (port: number) => {
    const running: Running = await startServer({ ...env, PORT: String(port) });
    cleanups.push(() => running.child.kill("SIGKILL"));
    return running;
  };
  // The first one migrates and seeds; the others start on a database that is ready (README, Scaling out).
  await start(ports[0]);
  await Promise.all(ports.slice(1).map(start));
  proxy = await startNginx(nginx.path, ports, proxyPort);
  cleanups.push(() => proxy.stop());
}, 240_000);

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function loggedIn(email: string) {
  const client = httpClient(proxy.baseUrl);
  expect((await client.post("/api/login", { email, password: PASSWORD })).status).toBe(200);
  return client;
}

async function newMember(name: string) {
  const client = httpClient(proxy.baseUrl);
  const email = `${name.toLowerCase().replace(/\W+/g, ".")}.${Date.now()}@example.com`;
  const registered = await client.post("/api/register", { name, email, password: PASSWORD, password_confirmation: PASSWORD });
  expect(registered.status).toBe(201);
  const { user } = (await registered.json()) as { user: { id: number } };
  return { client, id: user.id };
}

/** The demo owner's first collection, where the journey's forms go. */
async function firstCollectionId(owner: ReturnType<typeof httpClient>) {
  const collections = (await (await owner.get("/api/v1/admin/collections?per_page=1")).json()) as { data: { id: number }[] };
  return collections.data[0].id;
}

/** Which instance answered each of `count` requests in a row. */
async function instancesAnswering(count: number, send: () => Promise<Response>) {
  const answered: string[] = [];
  for (let i = 0; i < count; i++) {
    const response = await send();
    await response.arrayBuffer();
    answered.push(response.headers.get(INSTANCE_HEADER) ?? "none");
  }
  return answered;
}

describe("three instances behind nginx", () => {
  it("take the requests in turn, each one of them", async () => {
    const answered = await instancesAnswering(6, () => fetch(`${proxy.baseUrl}/healthz`));
    expect(new Set(answered).size).toBe(3);
    expect(answered.slice(3)).toEqual(answered.slice(0, 3));
  });

  it("a change made through one is what the next request reads, wherever it lands: the API, an admin page, the public event page", async () => {
    const owner = await loggedIn(OWNER);
    const fields = validEventFormFields(await firstCollectionId(owner), { title: "Proxy evening" });
    const created = await owner.post("/api/v1/admin/event_forms", fields);
    expect(created.status).toBe(201);
    const { event_form: form } = (await created.json()) as { event_form: { id: number; public_url: string } };
    expect((await owner.put(`/api/v1/admin/event_form_statuses/${form.id}`, { status: "published" })).status).toBe(200);
    const publicPath = new URL(form.public_url).pathname;
    // Every instance draws the public page and keeps its copy for readers without cookies.
    const reads = () => Promise.all([1, 2, 3].map(async () => (await fetch(proxy.baseUrl + publicPath)).text()));
    for (const page of await reads()) expect(page).toContain("Proxy evening");

    expect((await owner.put(`/api/v1/admin/event_forms/${form.id}`, { ...fields, title: "Proxy night" })).status).toBe(200);
    const answered = await instancesAnswering(3, async () => {
      const page = await fetch(proxy.baseUrl + publicPath);
      expect(await page.clone().text()).toContain("Proxy night");
      return page;
    });
    expect(new Set(answered).size).toBe(3);
    for (let i = 0; i < 3; i++) {
      const admin = await owner.get(`/event-forms/edit/${form.id}`);
      expect(await admin.text()).toContain("Proxy night");
      const api = (await (await owner.get(`/api/v1/admin/event_forms/${form.id}`)).json()) as { event_form: { title: string } };
      expect(api.event_form.title).toBe("Proxy night");
    }
  });

  it("a chat message reaches the other person's sockets on every instance", async () => {
    const sender = await loggedIn(OWNER);
    const reader = { client: await loggedIn(COFOUNDER) };
    const readerId = ((await (await reader.client.get("/api/user")).json()) as { id: number }).id;
    const started = await sender.post("/api/v1/admin/conversations", { user_id: readerId });
    expect([200, 201]).toContain(started.status);
    const { data: conversation } = (await started.json()) as { data: { id: number } };
    const config = (await (await fetch(`${proxy.baseUrl}/api/broadcasting/config`)).json()) as { key: string };
    const site: Site = { baseUrl: proxy.baseUrl, port: proxy.port, app: { key: config.key } };
    // One after another, nothing else in between: the upgrades land on the instances in turn (the channel
    // authorisations between them too), so the three sockets are on three instances.
    const arrivals: Promise<unknown>[] = [];
    for (let i = 0; i < 3; i++) {
      const socket = pusherClient(site, { cookies: reader.client.cookies });
      cleanups.push(() => socket.disconnect());
      await connected(socket);
      const channel = socket.subscribe(chatChannel(conversation.id));
      await subscribed(channel);
      arrivals.push(nextEvent(channel, MESSAGE_SENT_EVENT));
    }
    const sent = await sender.post(`/api/v1/admin/conversations/${conversation.id}/messages`, { body: "Through the proxy" });
    expect(sent.status).toBe(201);
    expect(await Promise.all(arrivals)).toHaveLength(3);
  });

  it("mail queued through all three is sent once each", async () => {
    const admin = await loggedIn(SUPER_ADMIN);
    const queued = await Promise.all(Array.from({ length: 12 }, () => admin.post("/api/v1/admin/mail_outbox/test", {})));
    expect(queued.map((answer) => answer.status)).toEqual(Array(12).fill(201));
    type OutboxPage = { data: { status: string; attempts: number }[] };
    await vi.waitFor(
      async () => {
        const page = (await (await admin.get("/api/v1/admin/mail_outbox?per_page=100")).json()) as OutboxPage;
        expect(page.data.filter((mail) => mail.status === "sent")).toHaveLength(12);
      },
      { timeout: 20_000, interval: 200 },
    );
    const received = smtp.inbox.filter((mail) => mail.to === SUPER_ADMIN);
    expect(received).toHaveLength(12);
    expect(new Set(received.map((mail) => mail.messageId)).size).toBe(12);
  }, 60_000);

  it("a lapsed waitlist offer passes to the next in line once, with every instance sweeping each second", async () => {
    const owner = await loggedIn(OWNER);
    const fields = validEventFormFields(await firstCollectionId(owner), {
      title: "Proxy paid evening",
      type_of_event: "paid",
      paid_event_information: { price: "30.00", currency: "USD" },
      capacity: 1,
      waitlist_enabled: true,
    });
    const created = await owner.post("/api/v1/admin/event_forms", fields);
    expect(created.status, await created.clone().text()).toBe(201);
    const { event_form: form } = (await created.json()) as { event_form: { id: number } };
    expect((await owner.put(`/api/v1/admin/event_form_statuses/${form.id}`, { status: "published" })).status).toBe(200);
    const [lapsing, next] = [await newMember("Lapsing Offer"), await newMember("Next Inline")];
    // The line as the app leaves it: the first was offered the one place and let the offer lapse.
    const inserted = await database.query<{ id: number }>(
      `insert into event_applications (event_form_id, user_id, status, applicant_name, applicant_email, submitted_at, waitlisted_at, offer_expires_at)
       values ($1, $2, 'waitlisted', 'Lapsing Offer', 'lapsing@example.com', now(), now() - interval '2 minutes', now() - interval '1 second'),
              ($1, $3, 'waitlisted', 'Next Inline', 'next@example.com', now(), now() - interval '1 minute', null)
       returning id`,
      [form.id, lapsing.id, next.id],
    );
    const [lapsedId, nextId] = inserted.rows.map((row) => row.id);
    await vi.waitFor(
      async () => {
        const { rows } = await database.query(
          "select id, status, offer_expires_at from event_applications where id = any($1) order by id",
          [[lapsedId, nextId]],
        );
        expect(rows[0].status).toBe("cancelled");
        expect(rows[1].offer_expires_at).not.toBeNull();
      },
      { timeout: 20_000, interval: 200 },
    );
    const moves = await database.query<{ subject_id: number; move: string }>(
      "select subject_id, data->>'move' as move from activities where kind = 'application.waitlist_moved' and event_form_id = $1 order by id",
      [form.id],
    );
    expect(moves.rows).toEqual([
      { subject_id: lapsedId, move: "lapsed" },
      { subject_id: nextId, move: "offered" },
    ]);
  });

  it("failed logins are counted across the instances, by the address the proxy saw, whatever the client claims", async () => {
    const client = httpClient(proxy.baseUrl);
    await client.get("/sanctum/csrf-cookie");
    const xsrf = decodeURIComponent(client.cookies.get("XSRF-TOKEN")!);
    const attempt = (i: number) =>
      fetch(`${proxy.baseUrl}/api/login`, {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          Accept: "application/json",
          Cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; "),
          "X-XSRF-TOKEN": xsrf,
          // A client naming a new address each time: the proxy appends the one it saw, and that one counts.
          "X-Forwarded-For": `203.0.113.${i + 1}`,
        },
        body: JSON.stringify({ email: OWNER, password: "not the password" }),
      });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await attempt(i)).status);
    // Five wrong passwords are allowed per email and address (LOGIN_MAX_ATTEMPTS); the sixth is refused,
    // though no one instance saw more than two of them.
    expect(statuses).toEqual([422, 422, 422, 422, 422, 429]);
  });
});

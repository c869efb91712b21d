/**
 * Mail at volume: 10,000 messages queued in the outbox of an embedded database (a data directory with its
 * own thread, as the server runs it), sent by the background sender to a loopback SMTP server
 * (tests/fakes/smtp.ts), and the outbox list's latency (GET /api/v1/admin/mail_outbox, through the API in
 * this process) while they are sent and once the outbox is full. Prints the queue rate, the send rate and
 * the list's p50/p99. BENCH_MAIL_COUNT changes the number of messages.
 */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { eq, sql } from "drizzle-orm";
import { createApi } from "#api/app.ts";
import { defaultApiConfig, xsrfCookieName } from "#api/config.ts";
import { openDatabase } from "#api/db/client.ts";
import { mailOutbox } from "#api/db/mail-schema.ts";
import { roles, userRoles, users } from "#api/db/schema.ts";
import { queueMail } from "#api/mail/outbox.ts";
import { renderMail } from "#api/mail/render.tsx";
import { startMailSender } from "#api/mail/sender.ts";
import { TestMessage } from "#api/mail/templates/test-message.tsx";
import { ensureAccessModel } from "#api/modules/access/service.ts";
import { startFakeSmtp } from "../../tests/fakes/smtp.ts";
import { inProcessClient, ms, percentile } from "./in-process.ts";

const COUNT = Math.max(100, Number(process.env.BENCH_MAIL_COUNT) || 10_000);
const QUEUE_BATCH = 500;

async function main() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "launchpad-bench-mail-"));
  const database = await openDatabase({ dataDir, resultCacheBytes: 32 * 2 ** 20 });
  const smtp = await startFakeSmtp();
  try {
    await database.migrate();
    await ensureAccessModel(database.db);
    const db = database.db;
    const config = {
      ...defaultApiConfig,
      registerMaxPerAddress: 100_000,
      mail: { smtpUrl: smtp.url, from: "Launchpad <no-reply@bench.test>" },
    };
    const api = createApi({ db, config, log: () => {} });
    const admin = inProcessClient(api, xsrfCookieName(config));
    const registered = await admin.post("/api/register", {
      name: "Bench Admin",
      email: "bench@bench.test",
      password: "bench password",
      password_confirmation: "bench password",
    });
    if (registered !== 201) throw new Error(`bench: register answered ${registered}`);
    const [role] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, "super admin"));
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, "bench@bench.test"));
    await db.insert(userRoles).values({ userId: user.id, roleId: role.id });

    // Queue: one rendered message, written in transactions of QUEUE_BATCH as a burst of changes would.
    const rendered = await renderMail(
      TestMessage({ appUrl: config.appUrl, name: "Reader", sentAt: new Date(), dates: { timeZone: "UTC", dateFormat: "medium" } }),
    );
    const queueStart = performance.now();
    for (let first = 0; first < COUNT; first += QUEUE_BATCH) {
      await db.transaction(async (tx) => {
        for (let i = first; i < Math.min(COUNT, first + QUEUE_BATCH); i++) {
          await queueMail(tx, {
            to: `reader${i}@bench.test`,
            toName: `Reader ${i}`,
            kind: "bench",
            subject: `Bench message ${i}`,
            ...rendered,
          });
        }
      });
    }
    const queueSeconds = (performance.now() - queueStart) / 1000;
    console.log(`queued ${COUNT} messages in ${queueSeconds.toFixed(1)} s (${Math.round(COUNT / queueSeconds)}/s)`);

    // The outbox list, one request at a time: random pages, a search, a status filter.
    const listPaths = () => {
      const lastPage = Math.ceil(COUNT / 25);
      const page = 1 + Math.floor(Math.random() * lastPage);
      return [
        `/api/v1/admin/mail_outbox?per_page=25&page=${page}`,
        "/api/v1/admin/mail_outbox?per_page=25&search=reader42",
        "/api/v1/admin/mail_outbox?per_page=25&status=sent",
      ];
    };
    const measureList = async (until: () => boolean, atLeast: number) => {
      const latencies: number[] = [];
      while (latencies.length < atLeast || !until()) {
        for (const listPath of listPaths()) {
          const started = performance.now();
          const status = await admin.get(listPath);
          if (status !== 200) throw new Error(`bench: ${listPath} answered ${status}`);
          latencies.push(performance.now() - started);
        }
      }
      return latencies;
    };

    const sendStart = performance.now();
    const sender = await startMailSender({
      db,
      mail: config.mail,
      batchSize: 50,
      concurrency: 4,
      pollMs: 100,
      log: (m) => console.error(m),
    });
    let sent = 0;
    const counting = setInterval(() => {
      void db
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(mailOutbox)
        .where(eq(mailOutbox.status, "sent"))
        .then(([row]) => (sent = row.n));
    }, 250);
    const duringSend = await measureList(() => sent >= COUNT, 300);
    const sendSeconds = (performance.now() - sendStart) / 1000;
    clearInterval(counting);
    await sender.stop();
    if (smtp.inbox.length !== COUNT) throw new Error(`bench: the SMTP server received ${smtp.inbox.length} of ${COUNT}`);
    console.log(
      `sent ${COUNT} messages to a loopback SMTP server in ${sendSeconds.toFixed(1)} s (${Math.round(COUNT / sendSeconds)}/s, batch 50, 4 connections)`,
    );
    console.log(
      `outbox list while sending: ${duringSend.length} requests, p50 ${ms(percentile(duringSend, 0.5))}, p99 ${ms(percentile(duringSend, 0.99))}`,
    );
    const full = await measureList(() => true, 600);
    console.log(
      `outbox list with ${COUNT} sent: ${full.length} requests, p50 ${ms(percentile(full, 0.5))}, p99 ${ms(percentile(full, 0.99))}`,
    );
  } finally {
    await smtp.close();
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
process.exit(0);

/**
 * Mail survives the server being killed: messages queued while the mail server is down are all delivered
 * after a kill -9 and a restart, none twice (nothing was accepted by the mail server before the kill, so
 * no message can be between "accepted" and "marked sent", the one way a message goes out twice). A
 * request that queues mail succeeds whether or not the mail server answers.
 */
import { newDataDir } from "#api/testing/data-dir-template.ts";
import { afterAll, describe, expect, it, vi } from "vitest";
import type { OutboxPage } from "#schemas/contract/mail-outbox.ts";
import { startFakeSmtp } from "../tests/fakes/smtp.ts";
import { freePort, httpClient, startServer, waitForOutput } from "./test-process.ts";

const cleanups: (() => unknown)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const SUPER_ADMIN = "superadmin@launchpad.test";

describe("mail and the server process", () => {
  it("delivers every message queued while the mail server was down after kill -9 and a restart, each once", async () => {
    const smtp = await startFakeSmtp();
    cleanups.push(() => smtp.close());
    await smtp.stop();
    const port = String(await freePort());
    const base = `http://127.0.0.1:${port}`;
    const env = {
      DATA_DIR: await newDataDir("launchpad-mail-"),
      PORT: port,
      SMTP_URL: smtp.url,
      MAIL_RETRY_SECONDS: "1",
      MAIL_LEASE_SECONDS: "2",
    };
    const first = await startServer(env);
    cleanups.push(() => void first.child.kill("SIGKILL"));
    await waitForOutput(first, `mail: sending through ${smtp.url}`);

    const admin = httpClient(base);
    expect((await admin.post("/api/login", { email: SUPER_ADMIN, password: "launchpad" })).status).toBe(200);
    // The mail server is down, yet every request that queues mail succeeds.
    const answers = await Promise.all(Array.from({ length: 20 }, () => admin.post("/api/v1/admin/mail_outbox/test", {})));
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(201));
    const outbox = async () => (await (await admin.get("/api/v1/admin/mail_outbox?per_page=100")).json()) as OutboxPage;
    await vi.waitFor(async () => expect((await outbox()).data.every((m) => m.attempts >= 1 && m.last_error)).toBe(true), {
      timeout: 30_000,
      interval: 200,
    });
    expect((await outbox()).meta.total).toBe(20);

    first.child.kill("SIGKILL");
    await first.exited;
    await smtp.start();
    const second = await startServer(env);
    cleanups.push(() => void second.child.kill("SIGKILL"));

    const again = httpClient(base);
    expect((await again.post("/api/login", { email: SUPER_ADMIN, password: "launchpad" })).status).toBe(200);
    await vi.waitFor(
      async () => {
        const page = (await (await again.get("/api/v1/admin/mail_outbox?per_page=100")).json()) as OutboxPage;
        expect(page.data.filter((m) => m.status === "sent")).toHaveLength(20);
      },
      { timeout: 60_000, interval: 200 },
    );
    const received = smtp.inbox.filter((m) => m.to === SUPER_ADMIN);
    expect(received).toHaveLength(20);
    expect(new Set(received.map((m) => m.messageId)).size).toBe(20);

    second.child.kill("SIGTERM");
    expect(await second.exited).toBe(0);
  }, 300_000);

  it("without SMTP_URL says where mail is kept, and keeps it", async () => {
    const port = String(await freePort());
    const running = await startServer({ DATA_DIR: await newDataDir("launchpad-mail-"), PORT: port, SMTP_URL: "" });
    cleanups.push(() => void running.child.kill("SIGKILL"));
    await waitForOutput(running, "mail: SMTP_URL not set, mail is kept in the outbox at /user-management/outbox");
    const admin = httpClient(`http://127.0.0.1:${port}`);
    expect((await admin.post("/api/login", { email: SUPER_ADMIN, password: "launchpad" })).status).toBe(200);
    const queued = await admin.post("/api/v1/admin/mail_outbox/test", {});
    expect(queued.status).toBe(201);
    const { id } = (await queued.json()) as { id: number };
    const read = async () =>
      ((await (await admin.get(`/api/v1/admin/mail_outbox/${id}`)).json()) as { data: { status: string; text: string } }).data;
    // Its turn comes and nothing can send it: kept, so that a mail server set later does not send old mail.
    await expect.poll(async () => (await read()).status).toBe("kept");
    expect((await read()).text).toContain("Mail from Launchpad works");
    running.child.kill("SIGTERM");
    expect(await running.exited).toBe(0);
  }, 120_000);
});

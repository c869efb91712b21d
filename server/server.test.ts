/**
 * The real server as a process: start, seed, survive kill -9, stop cleanly on SIGTERM, and the same on
 * PostgreSQL. Only API paths are called, so no panel build is needed.
 */
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { newDataDir } from "#api/testing/data-dir-template.ts";
import { afterAll, describe, expect, it } from "vitest";
import { get } from "node:http";
import { temporaryDatabase } from "#api/testing/temporary-database.ts";
import { IDLE_CONNECTION_MS } from "./http-app.ts";
import { freePort, httpClient, NODE_ARGS, ROOT, startServer, waitForOutput } from "./test-process.ts";

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** The `Keep-Alive` header of a plain HTTP/1.1 answer (fetch hides hop-by-hop headers). */
function keepAliveHeader(url: string) {
  return new Promise<string | undefined>((resolve, reject) => {
    get(url, { agent: false, headers: { Connection: "keep-alive" } }, (response) => {
      response.resume();
      const header = response.headers["keep-alive"];
      resolve(Array.isArray(header) ? header.join(", ") : header);
    }).on("error", reject);
  });
}

async function lifecycle(env: Record<string, string>) {
  const port = String(await freePort());
  const base = `http://127.0.0.1:${port}`;
  const first = await startServer({ ...env, PORT: port });
  cleanups.push(() => void first.child.kill("SIGKILL"));
  expect(first.output()).toContain("Seeded demo data into the empty database.");
  expect(first.output()).toContain("superadmin@launchpad.test (super admin)");

  const email = `lifecycle.${Date.now()}@example.com`;
  const client = httpClient(base);
  const registered = await client.post("/api/register", {
    name: "Life Cycle",
    email,
    password: "survives restarts",
    password_confirmation: "survives restarts",
  });
  expect(registered.status).toBe(201);
  // Idle connections are held past a client pool's minute, so a pooled request never lands on a closing one.
  expect(await keepAliveHeader(`${base}/sanctum/csrf-cookie`)).toBe(`timeout=${IDLE_CONNECTION_MS / 1000}`);

  // kill -9: no chance to flush or close anything.
  first.child.kill("SIGKILL");
  await first.exited;

  const second = await startServer({ ...env, PORT: port });
  cleanups.push(() => void second.child.kill("SIGKILL"));
  expect(second.output()).not.toContain("Seeded demo data");
  const again = httpClient(base);
  expect((await again.post("/api/login", { email, password: "survives restarts" })).status).toBe(200);
  expect((await again.get("/api/user")).status).toBe(200);
  const demo = httpClient(base);
  expect((await demo.post("/api/login", { email: "superadmin@launchpad.test", password: "launchpad" })).status).toBe(200);

  second.child.kill("SIGTERM");
  expect(await second.exited).toBe(0);
  await waitForOutput(second, "Stopped cleanly");
  expect(second.output()).toContain("SIGTERM received, shutting down");
}

// The PostgreSQL run of the suite (.ci/run does one when a server is reachable) registers only the PostgreSQL
// cases: the embedded ones ran in the first run, and each costs a whole server process's start and seeding.
const serverUrl = process.env.TEST_DATABASE_URL;
const onEmbedded = !serverUrl;

describe("the server process", () => {
  if (onEmbedded)
    it("on the embedded database: seeds once, keeps data through kill -9, stops cleanly on SIGTERM", async () => {
      const dataDir = await newDataDir("launchpad-lifecycle-");
      cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
      await lifecycle({ DATA_DIR: dataDir });
    }, 120_000);

  if (onEmbedded)
    it("a second server on the same data directory refuses to start, says why, and leaves the first one's data alone", async () => {
      const dataDir = await newDataDir("launchpad-twice-");
      cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
      const port = String(await freePort());
      const first = await startServer({ DATA_DIR: dataDir, PORT: port });
      cleanups.push(() => void first.child.kill("SIGKILL"));
      const client = httpClient(`http://127.0.0.1:${port}`);
      const email = `twice.${Date.now()}@example.com`;
      expect(
        (
          await client.post("/api/register", {
            name: "Only Once",
            email,
            password: "one owner only",
            password_confirmation: "one owner only",
          })
        ).status,
      ).toBe(201);

      const second = spawn(process.execPath, [...NODE_ARGS, "server.ts"], {
        cwd: ROOT,
        env: { ...process.env, NODE_ENV: "production", HOST: "127.0.0.1", DATA_DIR: dataDir, PORT: String(await freePort()) },
      });
      let output = "";
      second.stdout.on("data", (chunk) => (output += chunk));
      second.stderr.on("data", (chunk) => (output += chunk));
      expect(await new Promise((resolve) => second.on("close", resolve))).toBe(1);
      expect(output).toContain(`The embedded database in ${dataDir} is in use by another Launchpad process (pid ${first.child.pid})`);
      expect(output).not.toContain("    at "); // a plain message, no stack

      // npm run db:seed likewise.
      const seed = spawnSync(process.execPath, [...NODE_ARGS, "scripts/seed.ts"], {
        cwd: ROOT,
        env: { ...process.env, DATA_DIR: dataDir },
        encoding: "utf8",
      });
      expect(seed.status).toBe(1);
      expect(seed.stderr).toContain(`The embedded database in ${dataDir} is in use by another Launchpad process (pid ${first.child.pid})`);

      expect((await httpClient(`http://127.0.0.1:${port}`).post("/api/login", { email, password: "one owner only" })).status).toBe(200);
      first.child.kill("SIGTERM");
      expect(await first.exited).toBe(0);
    }, 120_000);

  if (serverUrl)
    it("on PostgreSQL when DATABASE_URL is set: the same", async () => {
      const temporary = await temporaryDatabase(serverUrl, "launchpad_lifecycle");
      cleanups.push(temporary.drop);
      await lifecycle({ DATABASE_URL: temporary.url });
    }, 120_000);

  // Scale-out: instances share nothing but the database, so what one changes the other applies at once.
  if (serverUrl)
    it("on PostgreSQL, two instances (one of them WEB_CONCURRENCY=2): a role changed through one applies on the other's next request", async () => {
      const temporary = await temporaryDatabase(serverUrl, "launchpad_instances");
      cleanups.push(temporary.drop);
      const [portA, portB] = [String(await freePort()), String(await freePort())];
      const a = await startServer({ DATABASE_URL: temporary.url, PORT: portA });
      cleanups.push(() => void a.child.kill("SIGKILL"));
      const b = await startServer({ DATABASE_URL: temporary.url, PORT: portB, WEB_CONCURRENCY: "2" });
      cleanups.push(() => void b.child.kill("SIGKILL"));
      expect(b.output()).not.toContain("Seeded demo data");

      const admin = httpClient(`http://127.0.0.1:${portA}`);
      expect((await admin.post("/api/login", { email: "superadmin@launchpad.test", password: "launchpad" })).status).toBe(200);
      const member = httpClient(`http://127.0.0.1:${portB}`);
      const email = `instances.${Date.now()}@example.com`;
      const registered = await member.post("/api/register", {
        name: "Two Instances",
        email,
        password: "two instances",
        password_confirmation: "two instances",
      });
      expect(registered.status).toBe(201);
      const { user } = (await registered.json()) as { user: { id: number } };
      // Several calls, so that both of B's worker processes answer some of them.
      for (let i = 0; i < 4; i++) expect((await member.get("/api/v1/admin/users")).status).toBe(403);

      const roles = (await (await admin.get("/api/v1/admin/roles?per_page=100")).json()) as { data: { id: number; name: string }[] };
      const adminRole = roles.data.find((role) => role.name === "admin")!;
      expect((await admin.put(`/api/v1/admin/users/${user.id}/roles`, { roles: [adminRole.id] })).status).toBe(200);
      for (let i = 0; i < 4; i++) expect((await member.get("/api/v1/admin/users")).status).toBe(200);

      expect((await admin.put(`/api/v1/admin/users/${user.id}/roles`, { roles: [] })).status).toBe(200);
      for (let i = 0; i < 4; i++) expect((await member.get("/api/v1/admin/users")).status).toBe(403);
      for (const running of [a, b]) {
        running.child.kill("SIGTERM");
        expect(await running.exited).toBe(0);
      }
    }, 120_000);

  if (onEmbedded)
    it("with SEED=false: no demo data, but roles exist, so a new user can set up a profile", async () => {
      // Empty, not the suite's template: the server itself must create the schema and the roles.
      const dataDir = mkdtempSync(join(tmpdir(), "launchpad-noseed-"));
      cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
      const port = String(await freePort());
      const running = await startServer({ DATA_DIR: dataDir, PORT: port, SEED: "false" });
      cleanups.push(() => void running.child.kill("SIGKILL"));
      expect(running.output()).not.toContain("Seeded demo data");
      const client = httpClient(`http://127.0.0.1:${port}`);
      const email = `noseed.${Date.now()}@example.com`;
      expect(
        (
          await client.post("/api/register", {
            name: "No Seed",
            email,
            password: "no seed at all",
            password_confirmation: "no seed at all",
          })
        ).status,
      ).toBe(201);
      const setup = await client.post("/api/v1/admin/profiles/setup", {
        name: "Ada",
        headline: "Engineer",
        skills: "TypeScript",
        country: "KE",
        cityName: "Nairobi",
        bio: "Hi",
        links: [],
      });
      expect(setup.status).toBe(201);
      running.child.kill("SIGTERM");
      expect(await running.exited).toBe(0);
    }, 120_000);

  if (onEmbedded)
    it("npm run db:seed fills an empty database once", async () => {
      const dataDir = await newDataDir("launchpad-seed-");
      cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
      const run = () =>
        new Promise<string>((resolve, reject) => {
          let output = "";
          const child = spawn(process.execPath, [...NODE_ARGS, "scripts/seed.ts"], {
            cwd: ROOT,
            env: { ...process.env, DATA_DIR: dataDir },
          });
          child.stdout.on("data", (chunk) => (output += chunk));
          child.stderr.on("data", (chunk) => (output += chunk));
          child.on("exit", (code) => (code === 0 ? resolve(output) : reject(new Error(output))));
        });
      const first = await run();
      expect(first).toContain("Seeded demo data.");
      expect(first).toContain("cofounder@launchpad.test  co-founder");
      expect(await run()).toContain("The database already has users; nothing seeded.");
    }, 120_000);
});

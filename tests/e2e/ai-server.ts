import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "./fixtures";

/** The AI settings server/config.ts reads: none of them may reach the unconfigured server. */
const AI_SETTINGS = ["GEMINI_API_KEY", "GEMINI_MODEL", "GEMINI_API_BASE", "AI_BASE_URL", "AI_MODEL", "AI_API_KEY"];

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/**
 * The same production build as the suite's server, on its own port and fresh embedded database, with no
 * AI settings: the helper's real "not configured" state, end to end. Started only by the tests that need
 * it (`withoutAi` below), so the rest of the suite does not pay for a second server.
 */
export async function startUnconfiguredServer(): Promise<{ url: string; stop(): Promise<void> }> {
  const port = await freePort();
  const url = `http://localhost:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), "launchpad-e2e-no-ai-"));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    DATA_DIR: dataDir,
    APP_URL: url,
    SEED: "false",
  };
  for (const name of AI_SETTINGS) delete env[name];
  const child = spawn(process.execPath, ["--import", "tsx", "server.ts"], { env, stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the unconfigured server exited (${child.exitCode}): ${stderr}`);
    const ready = await fetch(`${url}/login`).then(
      (res) => res.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) {
      child.kill("SIGTERM");
      throw new Error(`the unconfigured server did not start within 60 s: ${stderr}`);
    }
    // Polled as Playwright polls its own webServer: a short pause between tries, until the deadline.
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    url,
    async stop() {
      child.kill("SIGTERM");
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Tests that need the unconfigured server: `baseURL` points at it. Worker-scoped and defined once here, so
 * spec files sharing a worker share one such server.
 */
export const withoutAi = test.extend<object, { plainServer: string }>({
  plainServer: [
    // Playwright reads a fixture's dependencies from this pattern; this one has none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const server = await startUnconfiguredServer();
      await use(server.url);
      await server.stop();
    },
    { scope: "worker", timeout: 90_000 },
  ],
  baseURL: async ({ plainServer }, use) => use(plainServer),
});

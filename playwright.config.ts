import { defineConfig } from "@playwright/test";
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const port = Number(process.env.E2E_PORT ?? 3210);
export const baseURL = `http://localhost:${port}`;
const fakeWeatherPort = Number(process.env.E2E_WEATHER_PORT ?? port + 9);
const fakeAiPort = Number(process.env.E2E_AI_PORT ?? port + 8);
const fakeZoomPort = Number(process.env.E2E_ZOOM_PORT ?? port + 7);
const fakeGooglePort = Number(process.env.E2E_GOOGLE_PORT ?? port + 6);
const fakeSmtpPort = Number(process.env.E2E_SMTP_PORT ?? port + 5);
// A second server with the panel alone, in front of the first through API_URL (tests/e2e/upstream.spec.ts).
const upstreamPanelPort = Number(process.env.E2E_UPSTREAM_PANEL_PORT ?? port + 3);
const upstreamPanelURL = (process.env.E2E_UPSTREAM_PANEL_URL ??= `http://localhost:${upstreamPanelPort}`);
// Both servers use these realtime credentials: the panel's pages join the upstream's sockets.
const realtimeApp = { PUSHER_APP_ID: "e2e-app", PUSHER_APP_KEY: "e2e-key", PUSHER_APP_SECRET: "e2e-secret" };
// The fake SMTP server's mailbox endpoint (tests/e2e/mailbox.ts reads E2E_MAILBOX_URL, set here for the workers).
const fakeMailboxPort = Number(process.env.E2E_MAILBOX_PORT ?? port + 4);
process.env.E2E_MAILBOX_URL ??= `http://127.0.0.1:${fakeMailboxPort}`;

/**
 * The browser: CHROMIUM_PATH, else Debian's headless shell (package chromium-headless-shell), else its full
 * Chromium. The shell is the same engine without the full browser's window machinery, which a headless run
 * draws for nothing: on this 2-core machine the same specs took 1.4 minutes in it against 2.5 in the full one.
 */
const HEADLESS_SHELL = "/usr/lib/chromium/chromium-headless-shell";
const chromium = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium");

/** How every spec's browser starts; a spec that needs more (a fake camera) adds its own flags to these. */
export const launchOptions = {
  executablePath: chromium,
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
  ],
};

// The config is read again by each worker; only the main process starts the server, once.
const dataDir = process.env.E2E_DATA_DIR ?? (process.env.E2E_DATA_DIR = mkdtempSync(join(tmpdir(), "launchpad-e2e-")));
const upstreamPanelDataDir =
  process.env.E2E_UPSTREAM_PANEL_DATA_DIR ??
  (process.env.E2E_UPSTREAM_PANEL_DATA_DIR = mkdtempSync(join(tmpdir(), "launchpad-e2e-panel-")));

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  // Four: a spec mostly waits (on the server, on a page settling), so two left both cores half idle; four
  // keep them busy (6.3 minutes for the suite against 8.8 with two, with the headless shell below).
  workers: Number(process.env.E2E_WORKERS ?? 4),
  retries: 0,
  forbidOnly: true,
  reporter: [["list"]],
  // The longest journeys (two browsers, several axe passes, a canvas with its versions) take 25-40 s on a
  // 2-core machine whose other core runs the server, and up to a minute when the whole suite shares it: one
  // limit for every journey, with room, rather than a limit per spec. A hang still fails.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    // A failed test keeps its trace (every action with the page's DOM) and a screenshot of where it stopped.
    // The trace's filmstrip is left out: it streams a frame of every paint from each browser, and cost a
    // third of the suite's CPU (the same 18 specs: 201 CPU-seconds with it, 137 without, 127 with no trace).
    // CI records none: it keeps only what it prints, so a trace there is never opened, and recording one
    // for every test cost a tenth to a quarter of the time (the same 30 tests: 123 and 127 s with, 112 and
    // 93 s without). A failure there is run again locally, where it is kept.
    trace: process.env.CI ? "off" : { mode: "retain-on-failure", screenshots: false, snapshots: true, sources: true },
    screenshot: "only-on-failure",
    launchOptions,
  },
  // The fuzz suite's two tests take minutes each: queued first (projects are dispatched in order), they run
  // beside the journeys instead of finishing alone after them.
  projects: [
    { name: "fuzz", testMatch: "panel-fuzz.spec.ts" },
    { name: "journeys", testIgnore: "panel-fuzz.spec.ts" },
  ],
  webServer: [
    {
      // A loopback fake of Open-Meteo (tests/fakes/open-meteo-server.ts): the app's weather never leaves the machine.
      command: "node --import tsx tests/fakes/open-meteo-server.ts",
      port: fakeWeatherPort,
      reuseExistingServer: false,
      stdout: "ignore",
      env: { FAKE_OPEN_METEO_PORT: String(fakeWeatherPort) },
    },
    {
      // A loopback fake of Gemini (tests/fakes/ai-gemini-server.ts): the AI helper's suggestions never leave the machine.
      command: "node --import tsx tests/fakes/ai-gemini-server.ts",
      port: fakeAiPort,
      reuseExistingServer: false,
      stdout: "ignore",
      env: { FAKE_AI_PORT: String(fakeAiPort) },
    },
    {
      // Loopback fakes of Zoom and Google (tests/fakes/meetings-server.ts): OAuth consent, tokens, meetings.
      command: "node --import tsx tests/fakes/meetings-server.ts",
      port: fakeZoomPort,
      reuseExistingServer: false,
      stdout: "ignore",
      env: { FAKE_ZOOM_PORT: String(fakeZoomPort), FAKE_GOOGLE_PORT: String(fakeGooglePort) },
    },
    {
      // A loopback SMTP server (tests/fakes/smtp-server.ts): the app's mail is received there, never sent out.
      command: "node --import tsx tests/fakes/smtp-server.ts",
      port: fakeMailboxPort,
      reuseExistingServer: false,
      stdout: "ignore",
      env: { FAKE_SMTP_PORT: String(fakeSmtpPort), FAKE_SMTP_HTTP_PORT: String(fakeMailboxPort) },
    },
    // The production build (npm run test:e2e builds first) on a fresh embedded database, seeded.
    appServer(baseURL, {
      // One process: the browsers already keep both cores busy, and a cluster's primary relaying every
      // worker's SQL to the embedded database costs more than it gains here (12% faster on the heaviest
      // specs, measured). The cluster has its own tests (server/cluster*.test.ts).
      WEB_CONCURRENCY: process.env.E2E_WEB_CONCURRENCY ?? "1",
      PORT: String(port),
      DATA_DIR: dataDir,
      // Every spec registers its users from this one machine: more than an hour's default allows.
      REGISTER_MAX_PER_ADDRESS: "100000",
      WEATHER_API_BASE: `http://127.0.0.1:${fakeWeatherPort}`,
      GEOCODING_API_BASE: `http://127.0.0.1:${fakeWeatherPort}`,
      GEMINI_API_KEY: "e2e-fake-key",
      GEMINI_API_BASE: `http://127.0.0.1:${fakeAiPort}`,
      // Zoom is configured (the fake's client); Google Meet is left without GOOGLE_CLIENT_ID/SECRET on purpose.
      ZOOM_CLIENT_ID: "fake-zoom-client",
      ZOOM_CLIENT_SECRET: "fake-zoom-secret",
      ZOOM_OAUTH_BASE: `http://127.0.0.1:${fakeZoomPort}`,
      ZOOM_API_BASE: `http://127.0.0.1:${fakeZoomPort}`,
      GOOGLE_OAUTH_BASE: `http://127.0.0.1:${fakeGooglePort}`,
      GOOGLE_TOKEN_BASE: `http://127.0.0.1:${fakeGooglePort}`,
      GOOGLE_API_BASE: `http://127.0.0.1:${fakeGooglePort}`,
      SMTP_URL: `smtp://127.0.0.1:${fakeSmtpPort}`,
      MAIL_FROM: "Launchpad <no-reply@launchpad.test>",
      // Mail leaves (to the fake), so members are offered verification and see its banner; the specs' fresh
      // accounts publish, invite and chat at once, so nothing is held back (the hold is the API suites').
      REQUIRE_VERIFIED_EMAIL: "false",
      // The journeys' webhook receivers listen on loopback.
      WEBHOOKS_ALLOW_PRIVATE: "true",
    }),
    // The panel in front of the server above (API_URL), as in front of another API such as a Laravel one.
    // Its own database holds only its app key: every call and session is the upstream's.
    appServer(upstreamPanelURL, {
      WEB_CONCURRENCY: "1",
      PORT: String(upstreamPanelPort),
      DATA_DIR: upstreamPanelDataDir,
      SEED: "false",
      API_URL: baseURL,
    }),
  ],
});

/** The app's server (production build) at `url`, with both servers' realtime credentials. */
function appServer(url: string, env: Record<string, string>) {
  return {
    command: "node --import tsx server.ts",
    url: `${url}/login`,
    // A busy machine (other work beside the suite) may need longer: E2E_SERVER_TIMEOUT_MS.
    timeout: Number(process.env.E2E_SERVER_TIMEOUT_MS ?? 60_000),
    reuseExistingServer: false,
    stdout: "ignore" as const,
    stderr: "pipe" as const,
    env: { NODE_ENV: "production", APP_URL: url, ...realtimeApp, ...env },
  };
}

import { defineConfig } from "vitest/config";
import { fileURLToPath } from "node:url";

export default defineConfig({
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  test: {
    include: ["api/**/*.test.ts", "app/**/*.test.{ts,tsx}", "schemas/**/*.test.ts", "server/**/*.test.ts", "scripts/**/*.test.ts"],
    environment: "node",
    globalSetup: ["api/testing/pglite-template.ts", "api/testing/postgres-template.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Much of a file's time is waiting (on the server processes and fakes it starts): four workers kept
    // this 2-core machine's cores busier than two (the whole suite in 553 s against 712 s, the same machine).
    maxWorkers: 4,
    // As many kept as started: with fewer, the pool ends an idle worker mid-run, which (workers being reused,
    // below) vitest can report as an unhandled "Terminating worker thread" and fail a green run.
    minWorkers: 4,
    // A worker keeps the modules it loaded for its next file: every file builds its own API and servers and
    // gets its own data (api/testing/test-database.ts lends the worker's engine, emptied, to each file in
    // turn), so nothing a test checks lives in a module. Loading the API's module graph again for each of
    // 120-odd files cost more than two minutes of the run.
    isolate: false,
  },
});

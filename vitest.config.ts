import { defineConfig } from "vitest/config";
import { fileURLToPath } from "node:url";

export default defineConfig({
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  test: {
    include: ["api/**/*.test.ts", "app/**/*.test.{ts,tsx}", "schemas/**/*.test.ts", "server/**/*.test.ts"],
    environment: "node",
    globalSetup: ["api/testing/pglite-template.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each file opens its own database; two workers keep a 2-core machine responsive.
    maxWorkers: 2,
  },
});

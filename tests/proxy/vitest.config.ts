import { defineConfig, mergeConfig } from "vitest/config";
import base from "../../vitest.config.ts";

/** The proxy journey alone (npm run test:proxy): it starts its own instances and nginx, so no shared setup. */
export default mergeConfig(
  { ...base, test: { ...base.test, include: [], globalSetup: [] } },
  defineConfig({ test: { include: ["tests/proxy/**/*.test.ts"], root: new URL("../..", import.meta.url).pathname } }),
);

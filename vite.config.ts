import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";
import { fileURLToPath } from "node:url";
import routes from "./app/routes.ts";
import { chunkGroups } from "./scripts/chunk-groups.ts";
import { precompressDirectory, summarize } from "./scripts/precompress.ts";

const APP_DIRECTORY = fileURLToPath(new URL("./app", import.meta.url));

/** Where React Router writes the browser's files; server.ts serves the same directory. */
const CLIENT_BUILD = fileURLToPath(new URL("./build/client", import.meta.url));

/**
 * Writes .br/.gz siblings for build/client once `react-router build` is done (scripts/precompress.ts), so
 * the server sends compressed files without compressing per request. It waits for the server build, the
 * last step: React Router builds the client first, then the server, which moves the assets only server
 * code imports into build/client. Builds only; the dev server never sees it.
 */
function precompress(): Plugin {
  return {
    name: "launchpad:precompress",
    apply: "build",
    async closeBundle() {
      if (this.environment.config.consumer !== "server") return;
      this.environment.logger.info(summarize(await precompressDirectory(CLIENT_BUILD)));
    },
  };
}

export default defineConfig({
  plugins: [
    tailwindcss(),
    reactRouter(),
    chunkGroups({ appDirectory: APP_DIRECTORY, routes, rootFile: "root.tsx", panelLayout: "routes/admin/layout.tsx" }),
    precompress(),
  ],
  // terser packs the client a few percent tighter than the default esbuild: what keeps /login within its
  // 100 KB first-load budget.
  build: { minify: "terser", terserOptions: { compress: { passes: 2 } } },
  resolve: {
    alias: { "~": APP_DIRECTORY },
  },
});

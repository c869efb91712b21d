import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import routes from "./app/routes.ts";
import { chunkGroups } from "./scripts/chunk-groups.ts";
import { precompressDirectory, summarize } from "./scripts/precompress.ts";
import { forgetInputs } from "./scripts/build.ts";

const ROOT = fileURLToPath(new URL(".", import.meta.url));
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

/**
 * A build however started removes the record of the inputs the last one was made from: only scripts/build.ts
 * writes one, once its build succeeded, so `npm start` never takes a build for what it is not.
 */
function forgetBuildInputs(): Plugin {
  return { name: "launchpad:forget-build-inputs", apply: "build", buildStart: () => forgetInputs(ROOT) };
}

/**
 * terser for the browser's files only: it packs them a few percent tighter than esbuild (the shell script
 * 93 KB brotli against 97 KB), what keeps /login within its 100 KB first-load budget (99.7 KB with one
 * compress pass, hence two). On every core: Vite leaves one idle by default. The server's bundle stays
 * unminified, as Vite leaves it by default: nobody downloads it, and minifying it took a tenth of the build.
 */
function minifyClient(): Plugin {
  return {
    name: "launchpad:minify-client",
    apply: "build",
    configEnvironment(name) {
      if (name !== "client") return;
      return { build: { minify: "terser", terserOptions: { compress: { passes: 2 }, maxWorkers: availableParallelism() } } };
    },
  };
}

export default defineConfig({
  plugins: [
    forgetBuildInputs(),
    tailwindcss(),
    reactRouter(),
    chunkGroups({ appDirectory: APP_DIRECTORY, routes, rootFile: "root.tsx", panelLayout: "routes/admin/layout.tsx" }),
    minifyClient(),
    precompress(),
  ],
  // The build's table of gzip sizes: precompress() measures the files the server sends instead.
  build: { reportCompressedSize: false },
  resolve: {
    alias: { "~": APP_DIRECTORY },
  },
});

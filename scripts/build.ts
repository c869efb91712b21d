/**
 * The build (`npm run build`) and `npm start`'s first step (`--if-changed`): the latter builds the app only
 * when something the build reads changed since the last build, else leaves the build as it is, so a restart
 * on the same code starts at once. Its first line says which. A build records a SHA-256 of its inputs beside
 * its output (build/.inputs-sha256) once it has succeeded; a build that fails, or is stopped halfway, leaves
 * no record, so the next start builds again.
 *
 *   node --import tsx scripts/build.ts [--if-changed]
 */
import { createHash } from "node:crypto";
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { readdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * Everything `react-router build` (vite.config.ts and what it runs) reads from the project, relative to its
 * root. Tailwind scans only app/ (its `source(".")` in app/app.css), not the whole project. What comes from
 * node_modules is what package-lock.json names and npm last installed (node_modules/.package-lock.json).
 * scripts/build.test.ts checks that every project file these import is in here.
 */
export const BUILD_INPUTS = {
  directories: ["app", "schemas", "public"],
  files: [
    "vite.config.ts",
    "react-router.config.ts",
    "tsconfig.json",
    "package.json",
    "package-lock.json",
    "node_modules/.package-lock.json",
    "scripts/chunk-groups.ts",
    "scripts/precompress.ts",
    "scripts/build.ts",
    // Vite reads these when they exist.
    ".env",
    ".env.local",
    ".env.production",
    ".env.production.local",
  ],
} as const;

/** Where the build writes, and the record of the inputs it was made from. */
export const BUILD_DIRECTORY = "build";
export const INPUTS_RECORD = path.join(BUILD_DIRECTORY, ".inputs-sha256");
/** What the server needs of a build (server.ts loads the one, serves the other). */
const BUILD_OUTPUTS = [path.join(BUILD_DIRECTORY, "server", "index.js"), path.join(BUILD_DIRECTORY, "client")];

async function filesUnder(root: string, directory: string): Promise<string[]> {
  if (!existsSync(path.join(root, directory))) return [];
  const entries = await readdir(path.join(root, directory), { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
}

/**
 * One hash of every input file's path and bytes (a missing file counts as missing), the Node.js version,
 * and the environment the build reads (NODE_ENV, VITE_* variables).
 */
export async function buildInputsHash(root: string, env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const hash = createHash("sha256");
  const files = [...(await Promise.all(BUILD_INPUTS.directories.map((dir) => filesUnder(root, dir)))).flat(), ...BUILD_INPUTS.files];
  for (const file of [...new Set(files.map((f) => f.split(path.sep).join("/")))].sort()) {
    const where = path.join(root, file);
    hash.update(`${file}\0`);
    hash.update(existsSync(where) ? await readFile(where) : "(missing)");
    hash.update("\0");
  }
  const buildEnv = Object.entries(env).filter(([name]) => name === "NODE_ENV" || name.startsWith("VITE_"));
  hash.update(JSON.stringify([process.version, ...buildEnv.sort(([a], [b]) => a.localeCompare(b))]));
  return hash.digest("hex");
}

/** Why the build in `root` must be made again, or null when it is up to date with `inputs`. */
async function staleBecause(root: string, inputs: string): Promise<string | null> {
  if (BUILD_OUTPUTS.some((output) => !existsSync(path.join(root, output)))) return "there is no build yet";
  const recorded = await readFile(path.join(root, INPUTS_RECORD), "utf8").catch(() => null);
  if (recorded === null) return "the last build left no record of its inputs (it failed or was stopped)";
  return recorded.trim() === inputs ? null : "the sources changed since the last build";
}

export interface BuildOptions {
  root: string;
  /** Runs the build in `root`; true when it succeeded. */
  runBuild: () => Promise<boolean>;
  /** Build only when the build is missing or its inputs changed (npm start); else always (npm run build). */
  ifChanged: boolean;
  log?: (line: string) => void;
  env?: NodeJS.ProcessEnv;
}

/**
 * Builds when `ifChanged` is false or the build is stale, recording the inputs' hash once the build succeeded.
 * "built" or "up to date"; throws when the build fails.
 */
export async function build({ root, runBuild, ifChanged, log = console.log, env }: BuildOptions): Promise<"built" | "up to date"> {
  // Hashed before building: a file edited during the build makes the record differ, so the next start builds again.
  const inputs = await buildInputsHash(root, env);
  const reason = ifChanged ? await staleBecause(root, inputs) : "npm run build";
  if (reason === null) {
    log("Build is up to date (nothing it reads changed since it was made): starting at once");
    return "up to date";
  }
  log(`Building: ${reason}`);
  await forgetInputs(root);
  if (!(await runBuild())) throw new Error("The build failed: nothing recorded, the next start builds again");
  await writeFile(path.join(root, INPUTS_RECORD), `${inputs}\n`);
  return "built";
}

/** Any build removes the record first (vite.config.ts calls this too), so only a finished build.ts run leaves one. */
export const forgetInputs = (root: string) => rm(path.join(root, INPUTS_RECORD), { force: true });

/** `react-router build`, its output shown as it comes. */
export function reactRouterBuild(root: string): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const child = spawn(path.join(root, "node_modules", ".bin", "react-router"), ["build"], {
      cwd: root,
      stdio: "inherit",
      env: process.env,
    });
    child.on("error", reject);
    child.on("exit", (code) => resolve(code === 0));
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = fileURLToPath(new URL("../", import.meta.url));
  build({ root, runBuild: () => reactRouterBuild(root), ifChanged: process.argv.includes("--if-changed") }).catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}

/**
 * Runs the named npm scripts at the same time and fails if any of them fails: `npm test` checks types,
 * lint and formatting while the panel builds. Each of tsc, eslint and prettier keeps one core busy, so one
 * after another they left the other core idle for the 2 minutes they took together with the build.
 * Each script's output is printed whole when it ends, so the logs do not interleave.
 */
import { spawn } from "node:child_process";

const names = process.argv.slice(2);
if (names.length === 0) {
  console.error("usage: run-together.ts <npm script> [<npm script> ...]");
  process.exit(2);
}

const started = Date.now();
const results = await Promise.all(
  names.map(
    (name) =>
      new Promise<{ name: string; code: number }>((resolve) => {
        let output = "";
        const child = spawn("npm", ["run", "--silent", name], { stdio: ["ignore", "pipe", "pipe"] });
        child.stdout.on("data", (chunk) => (output += chunk));
        child.stderr.on("data", (chunk) => (output += chunk));
        child.on("close", (code) => {
          const seconds = ((Date.now() - started) / 1000).toFixed(0);
          process.stdout.write(`==> npm run ${name}: ${code === 0 ? "passed" : `failed (exit ${code})`} after ${seconds} s\n${output}`);
          resolve({ name, code: code ?? 1 });
        });
      }),
  ),
);
const failed = results.filter((result) => result.code !== 0).map((result) => result.name);
if (failed.length) {
  console.error(`==> failed: ${failed.join(", ")}`);
  process.exit(1);
}

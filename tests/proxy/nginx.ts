/**
 * nginx on loopback in front of Launchpad instances, for the proxy journey and the proxy benchmark. It runs
 * the documented configuration (docs/scale-out/nginx.conf) itself, with the instances' ports and its own
 * listening port put in, inside a throw-away prefix: one worker process, so requests go round the instances
 * in turn and a test can say which instance answers next.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

const DOCUMENTED_CONFIG = new URL("../../docs/scale-out/nginx.conf", import.meta.url);
const START_TIMEOUT_MS = 10_000;

/** The nginx binary of this machine (Debian's package puts it in /usr/sbin), or null with why. */
export function findNginx(): { path: string } | { missing: string } {
  for (const path of ["/usr/sbin/nginx", "/usr/local/sbin/nginx", "/usr/local/nginx/sbin/nginx"]) if (existsSync(path)) return { path };
  const which = spawnSync("sh", ["-c", "command -v nginx"], { encoding: "utf8" });
  const found = which.stdout.trim();
  return found ? { path: found } : { missing: "nginx is not installed (Debian: apt-get install nginx-light)" };
}

/** The documented site with these instances behind it and this port in front. */
export async function siteConfig(instancePorts: number[], listenPort: number): Promise<string> {
  const documented = await readFile(DOCUMENTED_CONFIG, "utf8");
  const servers = instancePorts.map((port) => `    server 127.0.0.1:${port};`).join("\n");
  const withServers = documented.replace(/^(\s*server 127\.0\.0\.1:\d+;\n)+/m, `${servers}\n`);
  const site = withServers.replace(/^(\s*)listen 80;$/m, `$1listen 127.0.0.1:${listenPort};`);
  if (site === withServers || !site.includes(servers))
    throw new Error("docs/scale-out/nginx.conf no longer has the upstream or listen lines the test fills in");
  return site;
}

export interface RunningNginx {
  baseUrl: string;
  port: number;
  stop(): Promise<void>;
}

function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    socket.once("connect", () => (socket.destroy(), resolve(true)));
    socket.once("error", () => resolve(false));
  });
}

/** Starts nginx in the foreground on `port` in front of the instances; stop() ends it and removes its prefix. */
export async function startNginx(binary: string, instancePorts: number[], port: number): Promise<RunningNginx> {
  const prefix = await mkdtemp(join(tmpdir(), "launchpad-nginx-"));
  const temp = (name: string) => `${name}_temp_path ${join(prefix, name)};`;
  const main = [
    "daemon off;",
    "worker_processes 1;",
    // As root nginx would hand its worker to nobody, who cannot write in this private prefix.
    ...(process.getuid?.() === 0 ? ["user root;"] : []),
    `pid ${join(prefix, "nginx.pid")};`,
    `error_log ${join(prefix, "error.log")} warn;`,
    "events { worker_connections 1024; }",
    "http {",
    "  access_log off;",
    ...["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map((name) => `  ${temp(name)}`),
    await siteConfig(instancePorts, port),
    "}",
  ].join("\n");
  await writeFile(join(prefix, "nginx.conf"), main);
  let output = "";
  const child: ChildProcess = spawn(binary, ["-p", prefix, "-c", join(prefix, "nginx.conf"), "-e", join(prefix, "error.log")], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    await exited;
    await rm(prefix, { recursive: true, force: true });
  };
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (!(await listening(port))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      const log = await readFile(join(prefix, "error.log"), "utf8").catch(() => "");
      await stop();
      throw new Error(`nginx did not start on ${port}:\n${output}${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { baseUrl: `http://127.0.0.1:${port}`, port, stop };
}

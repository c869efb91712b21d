/**
 * The real server as a child process for the server tests: a free port, start and wait for its output,
 * and a cookie-keeping HTTP client. Only API paths are called, so no panel build is needed.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";

export const ROOT = new URL("..", import.meta.url).pathname;
/** As `npm start` runs it: tsx as a loader, not a wrapper that forks a child. */
export const NODE_ARGS = ["--import", "tsx"];

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

export interface Running {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

/**
 * One process unless `env` says WEB_CONCURRENCY (production's default is one per core). Every test client
 * comes from 127.0.0.1, so the per-address registration limit is lifted unless `env` sets it.
 */
export async function startServer(env: Record<string, string>): Promise<Running> {
  let output = "";
  const child = spawn(process.execPath, [...NODE_ARGS, "server.ts"], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: "production", HOST: "127.0.0.1", WEB_CONCURRENCY: "1", REGISTER_MAX_PER_ADDRESS: "100000", ...env },
  });
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  // "close", not "exit": it comes once the output streams are drained too.
  const exited = new Promise<number | null>((resolve) => child.on("close", (code) => resolve(code)));
  const running = { child, output: () => output, exited };
  // The last line the server prints at start: the "running" and "Seeded" lines come before it.
  await waitForOutput(running, "Demo accounts (password");
  return running;
}

/** Output arrives in chunks that need not line up with lines: wait for the text a test asserts on. */
export async function waitForOutput(running: Running, text: string) {
  // Generous: a loaded machine starting several processes (cluster tests) can take a while.
  const deadline = Date.now() + 120_000;
  while (!running.output().includes(text)) {
    if (running.child.exitCode !== null) await running.exited;
    if (running.output().includes(text)) break;
    if (running.child.exitCode !== null || Date.now() > deadline) throw new Error(`no "${text}" from the server:\n${running.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A minimal cookie-keeping client over real HTTP. */
export function httpClient(base: string) {
  const jar = new Map<string, string>();
  const send = async (method: string, path: string, body?: unknown) => {
    const headers: Record<string, string> = { Accept: "application/json" };
    if (jar.size) headers.Cookie = [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
    if (jar.has("XSRF-TOKEN")) headers["X-XSRF-TOKEN"] = decodeURIComponent(jar.get("XSRF-TOKEN")!);
    if (body) headers["Content-Type"] = "application/json";
    const response = await fetch(base + path, { method, headers, body: body ? JSON.stringify(body) : undefined });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(";");
      const eq = pair.indexOf("=");
      jar.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
    return response;
  };
  const write = async (method: string, path: string, body: unknown) => {
    if (!jar.has("XSRF-TOKEN")) await send("GET", "/sanctum/csrf-cookie");
    return send(method, path, body);
  };
  return {
    /** The cookies kept, for a realtime client that authorises its channels with this login. */
    cookies: jar,
    post: (path: string, body: unknown) => write("POST", path, body),
    put: (path: string, body: unknown) => write("PUT", path, body),
    get: (path: string) => send("GET", path),
  };
}

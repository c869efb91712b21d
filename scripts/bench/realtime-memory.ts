/**
 * bench:realtime's memory figure: the socket server's memory per idle subscribed socket, measured apart
 * from the app (whose database thread and caches move RSS by more than 2,000 sockets do). A child process
 * (this file with --socket-server) runs only the socket server, with --expose-gc, and reports its heap and
 * buffers after a full collection, before and after the sockets connect.
 */
import { spawn } from "node:child_process";
import { createServer } from "node:http";
import { fileURLToPath } from "node:url";
import { SocketServer } from "#api/realtime/socket-server.ts";
import { app, log, openSubscribed } from "./realtime-socket.ts";

export async function memoryPerSocket(sockets: number) {
  const child = spawn(
    process.execPath,
    ["--expose-gc", "--import", "tsx", fileURLToPath(import.meta.url), "--socket-server", String(sockets)],
    {
      stdio: ["pipe", "pipe", "inherit"],
    },
  );
  const lines: string[] = [];
  const waiting: ((line: string) => void)[] = [];
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
    for (const line of chunk.split("\n").filter(Boolean)) (waiting.shift() ?? ((l: string) => lines.push(l)))(line);
  });
  const ask = (command: string) => {
    child.stdin.write(`${command}\n`);
    return lines.length ? Promise.resolve(lines.shift()!) : new Promise<string>((resolve) => waiting.push(resolve));
  };
  try {
    const port = Number(await ask("port"));
    const before = Number(await ask("memory"));
    const clients = await openSubscribed(`http://127.0.0.1:${port}`, sockets, "bench-idle");
    const after = Number(await ask("memory"));
    for (const client of clients) client.ws.terminate();
    log(
      `memory per idle subscribed socket (socket server alone, after GC): ${((after - before) / sockets / 1024).toFixed(1)} KiB ` +
        `(heap + buffers ${(before / 2 ** 20).toFixed(1)} → ${(after / 2 ** 20).toFixed(1)} MiB for ${sockets} sockets)`,
    );
  } finally {
    child.kill("SIGTERM");
  }
}

/** The child: a bare socket server answering "port" and "memory" on stdin. */
async function socketServerOnly(sockets: number) {
  // Every bench socket comes from 127.0.0.1: the per-address caps are raised to the whole bench.
  const server = new SocketServer({
    app,
    maxConnections: sockets + 100,
    maxConnectionsPerAddress: sockets + 100,
    maxSubscriptionsPerAddress: sockets + 100,
  });
  const http = createServer();
  http.on("upgrade", (request, socket, head) => server.handleUpgrade(request, socket, head));
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  const gc = (globalThis as { gc?: () => void }).gc!;
  const used = () => {
    gc();
    const memory = process.memoryUsage();
    return memory.heapUsed + memory.external;
  };
  process.stdin.setEncoding("utf8").on("data", (chunk: string) => {
    for (const command of chunk.split("\n").filter(Boolean)) {
      if (command === "port") process.stdout.write(`${(http.address() as { port: number }).port}\n`);
      if (command === "memory") setTimeout(() => process.stdout.write(`${used()}\n`), 500);
    }
  });
}

const flag = process.argv.indexOf("--socket-server");
if (flag >= 0) {
  socketServerOnly(Number(process.argv[flag + 1])).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}

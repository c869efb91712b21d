/**
 * A keep-alive HTTP/1.1 load generator that reads bodies as bytes and throws them away. autocannon appends
 * every body to a string, which costs more than serving a compressed 60 KB asset from memory, so for a
 * static file it measures itself. This client only finds the end of each response (Content-Length), so
 * the figure is the server's. Used for the static-asset ratio, with /healthz measured by the same client.
 */
import { connect, type Socket } from "node:net";

export interface RawFigures {
  rps: number;
  p50: number;
  p99: number;
  /** Responses whose status was not 200. */
  non200: number;
}

const HEADER_END = Buffer.from("\r\n\r\n");

/** One connection's loop: send a request, wait for its whole response, record the time, repeat. */
function runConnection(url: URL, headers: Record<string, string>, until: number, latencies: number[], counts: { non200: number }): Promise<void> {
  const request = Buffer.from(
    `GET ${url.pathname}${url.search} HTTP/1.1\r\nHost: ${url.host}\r\n` +
      Object.entries(headers)
        .map(([name, value]) => `${name}: ${value}\r\n`)
        .join("") +
      "\r\n",
  );
  return new Promise((resolve, reject) => {
    const socket: Socket = connect(Number(url.port), url.hostname);
    let pending: Buffer = Buffer.alloc(0);
    let bodyLeft = -1; // -1: still reading the head
    let started = 0;
    const send = () => {
      if (performance.now() >= until) {
        socket.end();
        return resolve();
      }
      started = performance.now();
      socket.write(request);
    };
    socket.on("connect", send);
    socket.on("error", reject);
    socket.on("data", (chunk: Buffer) => {
      pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
      for (;;) {
        if (bodyLeft < 0) {
          const end = pending.indexOf(HEADER_END);
          if (end < 0) return;
          const head = pending.subarray(0, end).toString("latin1");
          if (!head.startsWith("HTTP/1.1 200")) counts.non200++;
          const length = /\r\ncontent-length:\s*(\d+)/i.exec(head);
          if (!length) return reject(new Error(`bench: a response without Content-Length: ${head.slice(0, 200)}`));
          bodyLeft = Number(length[1]);
          pending = pending.subarray(end + HEADER_END.length);
        }
        if (pending.length < bodyLeft) {
          bodyLeft -= pending.length;
          pending = Buffer.alloc(0);
          return;
        }
        pending = pending.subarray(bodyLeft);
        bodyLeft = -1;
        latencies.push(performance.now() - started);
        send();
        if (!pending.length) return;
      }
    });
  });
}

export async function rawLoad(target: string, options: { connections: number; seconds: number; headers?: Record<string, string> }): Promise<RawFigures> {
  const url = new URL(target);
  const latencies: number[] = [];
  const counts = { non200: 0 };
  const started = performance.now();
  const until = started + options.seconds * 1000;
  await Promise.all(Array.from({ length: options.connections }, () => runConnection(url, options.headers ?? {}, until, latencies, counts)));
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0);
  return { rps: latencies.length / elapsed, p50: at(0.5), p99: at(0.99), non200: counts.non200 };
}

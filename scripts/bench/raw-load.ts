/**
 * A keep-alive HTTP/1.1 load generator that reads bodies as bytes and throws them away. autocannon appends
 * every body to a string, which costs more than serving a compressed 60 KB asset from memory, so for a
 * static file it measures itself. This client only finds the end of each response (Content-Length, or the
 * last chunk of a streamed page), so the figure is the server's. Used for the static-asset ratio, with
 * /healthz measured by the same client, and for the dashboard's p99 (dashboard.ts), where it records every
 * request's latency over one continuous run.
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
const LINE_END = Buffer.from("\r\n");
const EMPTY = Buffer.alloc(0);

/** One connection's loop: send a request, wait for its whole response, record the time, repeat. */
function runConnection(
  url: URL,
  headers: Record<string, string>,
  until: number,
  latencies: number[],
  counts: { non200: number },
): Promise<void> {
  const request = Buffer.from(
    `GET ${url.pathname}${url.search} HTTP/1.1\r\nHost: ${url.host}\r\n` +
      Object.entries(headers)
        .map(([name, value]) => `${name}: ${value}\r\n`)
        .join("") +
      "\r\n",
  );
  return new Promise((resolve, reject) => {
    const socket: Socket = connect(Number(url.port), url.hostname);
    let pending: Buffer = EMPTY;
    let head = true; // reading the status line and headers
    let chunked = false; // the body comes in chunks (a streamed page), not with a Content-Length
    let left = 0; // bytes left of the body (Content-Length) or of the current chunk and its CRLF
    let lastChunk = false;
    let started = 0;
    const send = () => {
      if (performance.now() >= until) {
        socket.end();
        return resolve();
      }
      started = performance.now();
      socket.write(request);
    };
    /** Skips up to `left` bytes of `pending`; true once they are all gone. */
    const skip = () => {
      if (pending.length < left) {
        left -= pending.length;
        pending = EMPTY;
        return false;
      }
      pending = pending.subarray(left);
      left = 0;
      return true;
    };
    /** Reads what `pending` holds of the current response; true when it is complete. */
    const consume = (): boolean => {
      if (head) {
        const end = pending.indexOf(HEADER_END);
        if (end < 0) return false;
        const text = pending.subarray(0, end).toString("latin1");
        if (!text.startsWith("HTTP/1.1 200")) counts.non200++;
        pending = pending.subarray(end + HEADER_END.length);
        head = false;
        chunked = /\r\ntransfer-encoding:\s*chunked/i.test(text);
        const length = /\r\ncontent-length:\s*(\d+)/i.exec(text);
        if (!chunked && !length) throw new Error(`bench: a response without Content-Length: ${text.slice(0, 200)}`);
        left = chunked ? -1 : Number(length![1]);
      }
      if (!chunked) return skip();
      for (;;) {
        if (left < 0) {
          const line = pending.indexOf(LINE_END);
          if (line < 0) return false;
          const size = parseInt(pending.subarray(0, line).toString("latin1"), 16);
          pending = pending.subarray(line + LINE_END.length);
          left = size + LINE_END.length;
          lastChunk = size === 0; // the server sends no trailers
        }
        if (!skip()) return false;
        left = -1;
        if (lastChunk) return true;
      }
    };
    socket.on("connect", send);
    socket.on("error", reject);
    socket.on("data", (chunk: Buffer) => {
      pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
      try {
        while (consume()) {
          head = true;
          latencies.push(performance.now() - started);
          send();
          if (!pending.length) return;
        }
      } catch (error) {
        socket.destroy();
        reject(error);
      }
    });
  });
}

export async function rawLoad(
  target: string,
  options: { connections: number; seconds: number; headers?: Record<string, string> },
): Promise<RawFigures> {
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

/*
 * One call to a receiver: a POST of the signed body, answered with a 2xx within the time allowed or failed.
 * A redirect is not followed (its target was never checked, and a receiver that moved must be updated), at
 * most 8 KB of the answer is read, and the connection's own lookup refuses addresses that are not public.
 */
import { request as httpRequest, type IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";
import { isIP } from "node:net";
import { WEBHOOK_BODY_LIMIT } from "#schemas/webhooks.ts";
import { connectLookup, isPublicAddress } from "./address.ts";

export interface CallOutcome {
  ok: boolean;
  statusCode: number | null;
  durationMs: number;
  /** At most 8 KB (of UTF-8) of the answer's body. */
  responseBody: string | null;
  /** Why there was no answer, or why the answer is a failure. */
  error: string | null;
}

export interface CallOptions {
  timeoutMs: number;
  allowPrivate: boolean;
}

/**
 * The longest start of `bytes` of at most `limit` bytes that ends between two UTF-8 characters, as text: a
 * cut inside a character would decode to a replacement character and make the text longer than the limit.
 */
export function utf8Head(bytes: Buffer, limit: number): string {
  if (bytes.length <= limit) return bytes.toString("utf8");
  let end = limit;
  // A continuation byte (10xxxxxx) at the cut belongs to a character begun before it: cut before that one.
  while (end > 0 && (bytes[end] & 0xc0) === 0x80) end--;
  return bytes.subarray(0, end).toString("utf8");
}

/** Up to `limit` bytes of the answer; the rest is never read (the connection is dropped). */
function readCapped(response: IncomingMessage, limit: number): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = () => resolve(utf8Head(Buffer.concat(chunks), limit));
    response.on("data", (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.length;
      if (size >= limit) {
        response.destroy();
        done();
      }
    });
    response.on("end", done);
    response.on("error", done);
    response.on("close", done);
  });
}

export function postWebhook(url: string, headers: Record<string, string>, body: string, options: CallOptions): Promise<CallOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const target = new URL(url);
  const host = target.hostname.replace(/^\[(.*)\]$/, "$1");
  // An address written in the URL is connected to without a lookup: checked here instead.
  if (!options.allowPrivate && isIP(host) && !isPublicAddress(host))
    return Promise.resolve({ ok: false, statusCode: null, durationMs: 0, responseBody: null, error: `${host} is not a public address` });
  const send = target.protocol === "https:" ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (outcome: Omit<CallOutcome, "durationMs">) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...outcome, durationMs: elapsed() });
    };
    const call = send(
      target,
      {
        method: "POST",
        headers: {
          ...headers,
          "content-type": "application/json",
          "content-length": String(Buffer.byteLength(body)),
          "user-agent": "Launchpad-Webhooks/1.0",
        },
        lookup: connectLookup(options.allowPrivate),
        // One connection per call: a receiver's keep-alive socket is never reused for another organization's call.
        agent: false,
      },
      (response) => {
        void readCapped(response, WEBHOOK_BODY_LIMIT).then((text) => {
          const status = response.statusCode ?? 0;
          const ok = status >= 200 && status < 300;
          const error = ok ? null : status >= 300 && status < 400 ? "A redirect is not followed" : `The receiver answered ${status}`;
          finish({ ok, statusCode: status, responseBody: text, error });
          call.destroy();
        });
      },
    );
    const timer = setTimeout(() => {
      finish({ ok: false, statusCode: null, responseBody: null, error: `No answer within ${options.timeoutMs / 1000} s` });
      call.destroy();
    }, options.timeoutMs);
    call.on("error", (error) => finish({ ok: false, statusCode: null, responseBody: null, error: error.message.slice(0, 500) }));
    call.end(body);
  });
}

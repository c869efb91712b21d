import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * What the two AI fakes (ai-gemini.ts, ai-openai.ts) share: a loopback server that records each request
 * and answers by mode.
 *   success    200 with the provider's own shape around `reply`
 *   error      500 with a provider-style error body
 *   slow       waits `slowMs` before a success (longer than the timeout under test: a 504)
 *   bad-shape  200 with JSON that is not the provider's answer
 *   empty      200 in the provider's shape with no text (a blocked or empty answer)
 * A prompt containing "fake-mode:<mode>" picks that mode for that request, so one fake process (the
 * browser tests' server) can show every outcome.
 */
export const FAKE_AI_MODES = ["success", "error", "slow", "bad-shape", "empty"] as const;
export type FakeAiMode = (typeof FAKE_AI_MODES)[number];

export const FAKE_AI_REPLY =
  "Join fellow founders for a hands-on evening: short talks from people who have shipped, " +
  "then small-group sessions where you work on your own pitch with mentors.";

export interface FakeAiRequest {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
}

export interface FakeAi {
  url: string;
  mode: FakeAiMode;
  reply: string;
  slowMs: number;
  requests: FakeAiRequest[];
  close(): Promise<void>;
}

export interface FakeAiShape {
  /** Whether this path is the provider's generate call. */
  matches(path: string): boolean;
  /** The prompt's text, to look for a fake-mode marker. */
  prompt(body: unknown): string;
  success(text: string): unknown;
  empty(): unknown;
  error(): unknown;
}

export async function startFakeAi(shape: FakeAiShape, options: { port?: number; mode?: FakeAiMode } = {}): Promise<FakeAi> {
  const fake: FakeAi = {
    url: "",
    mode: options.mode ?? "success",
    reply: FAKE_AI_REPLY,
    slowMs: 2_000,
    requests: [],
    close: async () => {},
  };
  const send = (res: ServerResponse, status: number, body: unknown) => {
    if (res.destroyed) return;
    res.writeHead(status, { "content-type": "application/json" });
    res.end(JSON.stringify(body));
  };
  const server = createServer(async (req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const path = new URL(req.url ?? "/", "http://fake").pathname;
    let body: unknown = null;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
    } catch {
      /* recorded as null: the adapter under test sent something that is not JSON */
    }
    fake.requests.push({ path, headers: req.headers, body });
    if (req.method !== "POST" || !shape.matches(path)) return send(res, 404, { error: { message: "Not found" } });
    const marked = /fake-mode:([a-z-]+)/.exec(shape.prompt(body))?.[1] as FakeAiMode | undefined;
    const mode = marked && FAKE_AI_MODES.includes(marked) ? marked : fake.mode;
    if (mode === "error") return send(res, 500, shape.error());
    if (mode === "bad-shape") return send(res, 200, { hello: "this is not a model's answer" });
    if (mode === "empty") return send(res, 200, shape.empty());
    if (mode === "slow") await new Promise((resolve) => setTimeout(resolve, fake.slowMs));
    send(res, 200, shape.success(fake.reply));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      // A slow answer still pending must not hold the test run open.
      server.closeAllConnections();
    });
  return fake;
}

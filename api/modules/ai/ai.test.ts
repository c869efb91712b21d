import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { AI_EMPTY_ANSWER, AI_MODEL_MISSING, AI_NOT_CONFIGURED, AI_PROMPT_TOO_LONG, AI_PROVIDER_FAILED, AI_TIMED_OUT } from "#schemas/ai.ts";
import { FAKE_AI_REPLY, type FakeAi } from "../../../tests/fakes/ai-fake.ts";
import { startFakeGemini } from "../../../tests/fakes/ai-gemini.ts";
import { startFakeOpenAi } from "../../../tests/fakes/ai-openai.ts";
import { createApi } from "#api/app.ts";
import { rateLimits } from "#api/db/schema.ts";
import { limits } from "#api/lib/limits.ts";
import { chatCompletionsUrl } from "#api/integrations/ai/openai-compatible.ts";
import { chooseAiProvider, readAiConfig, type AiConfig } from "#api/integrations/ai/provider.ts";
import { registered } from "#api/testing/fixtures.ts";
import { TestClient, createTestApi, expectEveryCallRefused, type TestApi } from "#api/testing/harness.ts";
import { ageHits, hitsOf } from "#api/testing/rate-limits.ts";
import { waitTime } from "#schemas/plural.ts";

const PATH = "/api/v1/admin/ai";
const ask = (text: string) => ({ contents: [{ parts: [{ text }] }] });

let gemini: FakeAi;
let openai: FakeAi;
let t: TestApi;
/** What the API logged (its `log`), to prove the user's text is never in it. */
const logged: string[] = [];

beforeAll(async () => {
  [gemini, openai] = await Promise.all([startFakeGemini(), startFakeOpenAi()]);
  gemini.slowMs = openai.slowMs = 4_000;
  t = await createTestApi();
});
afterAll(async () => {
  await t?.close();
  await Promise.all([gemini?.close(), openai?.close()]);
});
afterEach(() => {
  gemini.mode = openai.mode = "success";
  gemini.requests.length = openai.requests.length = 0;
  logged.length = 0;
  vi.restoreAllMocks();
});

/** The API on the same database with other AI settings: users registered through one are users of all. */
function withAi(ai: AiConfig | undefined): TestApi {
  const api = createApi({
    db: t.database.db,
    config: { ...t.config, ai },
    log: (message, error) => logged.push(`${message} ${String(error ?? "")}`),
  });
  return { ...t, api, client: (ip = "203.0.113.7") => new TestClient(api, ip) };
}

/**
 * A generous timeout, so that a loaded machine cannot turn a success into a 504; the timeout tests pass a
 * short one (the fakes' slow mode waits longer than that, and less than this).
 */
const TIMEOUT_MS = 10_000;
const SHORT_TIMEOUT_MS = 1_000;
const geminiApi = (timeoutMs = TIMEOUT_MS) => withAi({ geminiApiKey: "test-gemini-key", geminiApiBase: gemini.url, timeoutMs });
const openaiApi = (ai: Partial<AiConfig> = {}) => withAi({ baseUrl: `${openai.url}/v1`, model: "llama3.2", timeoutMs: TIMEOUT_MS, ...ai });

const requestsOf = (userId: number) => hitsOf(t.database.db, limits(t.config).aiRequest, userId);

describe("POST /api/v1/admin/ai with Gemini", () => {
  it("answers Gemini's shape with the model's text, sending the parts, the model and the key (in a header)", async () => {
    const { client } = await registered(geminiApi());
    const res = await client.post(PATH, {
      contents: [{ parts: [{ text: "Write an event description." }, { text: "Title: Demo night" }] }],
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ candidates: [{ content: { role: "model", parts: [{ text: FAKE_AI_REPLY }] }, finishReason: "STOP" }] });
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(gemini.requests).toHaveLength(1);
    const [sent] = gemini.requests;
    expect(sent.path).toBe("/v1beta/models/gemini-2.0-flash:generateContent");
    expect(sent.headers["x-goog-api-key"]).toBe("test-gemini-key");
    expect(sent.body).toMatchObject({
      contents: [{ role: "user", parts: [{ text: "Write an event description." }, { text: "Title: Demo night" }] }],
      systemInstruction: { parts: [{ text: expect.stringContaining("writing assistant") }] },
      generationConfig: { maxOutputTokens: 1024 },
    });
  });

  it("uses GEMINI_MODEL when set", async () => {
    const { client } = await registered(withAi({ geminiApiKey: "k", geminiModel: "gemini-2.5-pro", geminiApiBase: gemini.url }));
    expect((await client.post(PATH, ask("Hello"))).status).toBe(200);
    expect(gemini.requests[0].path).toBe("/v1beta/models/gemini-2.5-pro:generateContent");
  });

  it("says 502 with a message when Gemini fails, answers another shape, or says nothing", async () => {
    const { client } = await registered(geminiApi());
    gemini.mode = "error";
    expect(await client.post(PATH, ask("Hello"))).toMatchObject({ status: 502, body: { message: AI_PROVIDER_FAILED } });
    gemini.mode = "bad-shape";
    expect(await client.post(PATH, ask("Hello"))).toMatchObject({ status: 502, body: { message: AI_PROVIDER_FAILED } });
    gemini.mode = "empty";
    expect(await client.post(PATH, ask("Hello"))).toMatchObject({ status: 502, body: { message: AI_EMPTY_ANSWER } });
    expect(logged).toEqual([
      expect.stringContaining("gemini answered 500"),
      expect.stringContaining("gemini answered an unexpected shape"),
      expect.stringContaining("gemini answered no candidate (SAFETY)"),
    ]);
  });

  it("says 504 with a message when Gemini takes longer than the timeout", async () => {
    const { client } = await registered(geminiApi(SHORT_TIMEOUT_MS));
    gemini.mode = "slow";
    const started = Date.now();
    expect(await client.post(PATH, ask("Hello"))).toEqual(expect.objectContaining({ status: 504, body: { message: AI_TIMED_OUT } }));
    expect(Date.now() - started).toBeLessThan(gemini.slowMs);
  });

  it("says 502 when the provider cannot be reached at all", async () => {
    const { client } = await registered(withAi({ geminiApiKey: "k", geminiApiBase: "http://127.0.0.1:9" }));
    expect(await client.post(PATH, ask("Hello"))).toMatchObject({ status: 502, body: { message: AI_PROVIDER_FAILED } });
  });
});

describe("POST /api/v1/admin/ai with an OpenAI-compatible server", () => {
  it("answers Gemini's shape from a chat completion, with the model and, when set, the key", async () => {
    const { client } = await registered(openaiApi({ apiKey: "sk-test" }));
    const res = await client.post(PATH, { contents: [{ parts: [{ text: "Part one" }] }, { parts: [{ text: "Part two" }] }] });
    expect(res.status).toBe(200);
    expect(res.body.candidates[0].content.parts[0].text).toBe(FAKE_AI_REPLY);
    const [sent] = openai.requests;
    expect(sent.path).toBe("/v1/chat/completions");
    expect(sent.headers.authorization).toBe("Bearer sk-test");
    expect(sent.body).toMatchObject({
      model: "llama3.2",
      stream: false,
      messages: [
        { role: "system", content: expect.stringContaining("writing assistant") },
        { role: "user", content: "Part one\n\nPart two" },
      ],
    });
  });

  it("takes a base URL without /v1 (Ollama's http://localhost:11434) and sends no key when none is set", async () => {
    const { client } = await registered(openaiApi({ baseUrl: openai.url }));
    expect((await client.post(PATH, ask("Hello"))).status).toBe(200);
    expect(openai.requests[0].path).toBe("/v1/chat/completions");
    expect(openai.requests[0].headers.authorization).toBeUndefined();
  });

  it("says 502 when the server fails, answers another shape or no text, and 504 when it is too slow", async () => {
    const { client } = await registered(openaiApi({ timeoutMs: SHORT_TIMEOUT_MS }));
    openai.mode = "error";
    expect(await client.post(PATH, ask("Hello"))).toMatchObject({ status: 502, body: { message: AI_PROVIDER_FAILED } });
    openai.mode = "bad-shape";
    expect(await client.post(PATH, ask("Hello"))).toMatchObject({ status: 502, body: { message: AI_PROVIDER_FAILED } });
    openai.mode = "empty";
    expect(await client.post(PATH, ask("Hello"))).toMatchObject({ status: 502, body: { message: AI_EMPTY_ANSWER } });
    openai.mode = "slow";
    expect(await client.post(PATH, ask("Hello"))).toMatchObject({ status: 504, body: { message: AI_TIMED_OUT } });
  });
});

describe("guards and limits", () => {
  it("answers 401 to anonymous callers, before looking at the body", async () => {
    await expectEveryCallRefused(
      geminiApi().client(),
      [
        ["POST", PATH, ask("Hello")],
        ["POST", PATH, {}],
      ],
      401,
      { message: "Unauthenticated." },
    );
    expect(gemini.requests).toEqual([]);
  });

  it("refuses bodies that are not {contents: [{parts: [{text}]}]} with 422, asking nobody", async () => {
    const { client, id } = await registered(geminiApi());
    const cases: [unknown, string][] = [
      [{}, "The contents field is required."],
      [{ contents: "Hello" }, "The contents field must be a list of {parts: [{text}]}."],
      [{ contents: [] }, "The contents field must hold at least one content."],
      [{ contents: [{ parts: [] }] }, "Each content needs at least one part."],
      [{ contents: [{ parts: [{ text: 42 }] }] }, "Each part needs a text."],
      [{ contents: [{ parts: [{ text: "   " }] }] }, "Write something for the AI helper to work from."],
    ];
    for (const [body, message] of cases) {
      const res = await client.post(PATH, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(Object.values(res.body.errors).flat(), JSON.stringify(body)).toContain(message);
    }
    expect(gemini.requests).toEqual([]);
    expect(await requestsOf(id)).toBe(0);
  });

  it("takes a prompt of 8,000 characters as sent (the parts and the blank lines between them), and refuses one more with 422", async () => {
    const { client } = await registered(geminiApi());
    // 4,996 + 1,000 + 2,000 characters, and two blank lines ("\n\n") between the three parts.
    const exactly = {
      contents: [{ parts: [{ text: "a".repeat(4996) }, { text: "😀".repeat(1000) }] }, { parts: [{ text: "b".repeat(2000) }] }],
    };
    expect((await client.post(PATH, exactly)).status).toBe(200);
    const over = {
      contents: [{ parts: [{ text: "a".repeat(4996) }, { text: "😀".repeat(1000) }] }, { parts: [{ text: "b".repeat(2001) }] }],
    };
    const res = await client.post(PATH, over);
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ message: AI_PROMPT_TOO_LONG, errors: { contents: [AI_PROMPT_TOO_LONG] } });
    expect(AI_PROMPT_TOO_LONG).toBe("The prompt may be at most 8,000 characters.");
    expect(gemini.requests).toHaveLength(1);
  });

  it("measures the prompt as sent: 200,000 empty parts around a real one are refused with 422 and the provider hears nothing", async () => {
    const { client, id } = await registered(geminiApi());
    const parts = [{ text: "Hello" }, ...Array.from({ length: 200_000 }, () => ({ text: "" }))];
    const res = await client.post(PATH, { contents: [{ parts }] });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ contents: [AI_PROMPT_TOO_LONG] });
    // Spread over many contents (and with roles, which are never forwarded) it is the same prompt.
    const contents = Array.from({ length: 5_000 }, () => ({ role: "user", parts: [{ text: "" }] }));
    expect((await client.post(PATH, { contents: [{ parts: [{ text: "Hello" }] }, ...contents] })).status).toBe(422);
    expect(gemini.requests).toEqual([]);
    expect(await requestsOf(id)).toBe(0);
  });

  it("answers 503 naming the settings to set when no provider is configured, and counts nothing", async () => {
    const { client, id } = await registered(withAi(undefined));
    const res = await client.post(PATH, ask("Hello"));
    expect(res).toMatchObject({ status: 503, body: { message: AI_NOT_CONFIGURED } });
    for (const setting of ["GEMINI_API_KEY", "AI_BASE_URL", "AI_MODEL"]) expect(res.body.message).toContain(setting);
    const noModel = await registered(withAi({ baseUrl: openai.url }));
    expect(await noModel.client.post(PATH, ask("Hello"))).toMatchObject({ status: 503, body: { message: AI_MODEL_MISSING } });
    expect(AI_MODEL_MISSING).toContain("AI_MODEL");
    // A body that is wrong is still told so first (422), configured or not.
    expect((await client.post(PATH, {})).status).toBe(422);
    expect(await requestsOf(id)).toBe(0);
    expect(openai.requests).toEqual([]);
  });

  it("allows 20 requests per user in 10 minutes, even 30 sent at once; the other 10 get 429 with Retry-After", async () => {
    const api = geminiApi();
    const { client, id } = await registered(api);
    const results = await Promise.all(Array.from({ length: 30 }, () => client.post(PATH, ask("Hello"))));
    expect(results.filter((r) => r.status === 200)).toHaveLength(20);
    const refused = results.filter((r) => r.status === 429);
    expect(refused).toHaveLength(10);
    const retry = Number(refused[0].headers.get("retry-after"));
    expect(retry).toBeGreaterThanOrEqual(590);
    expect(retry).toBeLessThanOrEqual(600);
    expect(refused[0].body).toEqual({
      message: `You have used the AI helper 20 times in the last 10 minutes. Please try again in ${waitTime(retry)}.`,
    });
    expect(gemini.requests).toHaveLength(20);
    expect(await requestsOf(id)).toBe(20);
    // Someone else is not held back by this user.
    expect((await (await registered(api)).client.post(PATH, ask("Hello"))).status).toBe(200);
    // The oldest request five minutes old: still full, and Retry-After says about five minutes.
    await ageHits(t.database.db, limits(t.config).aiRequest, id, 300);
    const later = await client.post(PATH, ask("Hello"));
    expect(later.status).toBe(429);
    expect(Number(later.headers.get("retry-after"))).toBeLessThanOrEqual(300);
    // Once the window has passed, asking works again.
    await ageHits(t.database.db, limits(t.config).aiRequest, id, 360);
    expect((await client.post(PATH, ask("Hello"))).status).toBe(200);
  });

  it("counts a request whose provider failed (the provider was asked all the same)", async () => {
    const { client, id } = await registered(geminiApi());
    gemini.mode = "error";
    await client.post(PATH, ask("Hello"));
    expect(await requestsOf(id)).toBe(1);
  });
});

describe("privacy", () => {
  it("logs nothing of the user's text, whatever happens, and stores none of it", async () => {
    const secret = "Our secret pivot: Project Nightingale";
    const spies = (["log", "info", "warn", "error", "debug"] as const).map((method) =>
      vi.spyOn(console, method).mockImplementation(() => {}),
    );
    const api = geminiApi(SHORT_TIMEOUT_MS);
    const { client } = await registered(api);
    const other = await registered(openaiApi({ timeoutMs: SHORT_TIMEOUT_MS }));
    for (const mode of ["success", "error", "bad-shape", "empty", "slow"] as const) {
      gemini.mode = openai.mode = mode;
      await client.post(PATH, ask(`${secret} (${mode})`));
      await other.client.post(PATH, ask(`${secret} (${mode})`));
    }
    await client.post(PATH, ask(`${secret}${"x".repeat(8000)}`));
    await (await registered(withAi(undefined))).client.post(PATH, ask(secret));
    // The failures were logged (so the check below looks at real log lines), without the text.
    expect(logged.length).toBeGreaterThanOrEqual(8);
    const printed = spies.flatMap((spy) => spy.mock.calls.map((args) => args.map(String).join(" ")));
    for (const line of [...logged, ...printed]) expect(line).not.toContain("Nightingale");
    // The limit's row is all that is kept of a request: when, never what.
    const stored = await t.database.db.execute(sql`select * from ${rateLimits} where key like 'ai|%' limit 1`);
    expect(Object.keys((stored as unknown as { rows: Record<string, unknown>[] }).rows[0]).sort()).toEqual([
      "expires_at",
      "hits",
      "key",
      "taken",
    ]);
  });
});

describe("settings", () => {
  it("reads GEMINI_* and AI_* from the environment, blank as unset, and prefers Gemini when both are set", () => {
    expect(readAiConfig({})).toEqual({});
    expect(JSON.parse(JSON.stringify(readAiConfig({ GEMINI_API_KEY: " ", AI_BASE_URL: "" })))).toEqual({});
    const both = readAiConfig({
      GEMINI_API_KEY: "g",
      GEMINI_API_BASE: "http://g.test/",
      AI_BASE_URL: "http://localhost:11434/v1/",
      AI_MODEL: "llama3.2",
      AI_API_KEY: "k",
    });
    expect(both).toMatchObject({
      geminiApiKey: "g",
      geminiApiBase: "http://g.test",
      baseUrl: "http://localhost:11434/v1",
      model: "llama3.2",
      apiKey: "k",
    });
    expect(chooseAiProvider(both).provider?.kind).toBe("gemini");
    expect(chooseAiProvider({ ...both, geminiApiKey: undefined }).provider?.kind).toBe("openai-compatible");
    expect(chooseAiProvider(undefined)).toEqual({ provider: null, availability: { available: false, reason: AI_NOT_CONFIGURED } });
    expect(chooseAiProvider({ baseUrl: "http://localhost:11434" }).availability).toEqual({ available: false, reason: AI_MODEL_MISSING });
  });

  it("finds the chat completions endpoint with or without /v1 in the base URL", () => {
    expect(chatCompletionsUrl("http://localhost:11434").href).toBe("http://localhost:11434/v1/chat/completions");
    expect(chatCompletionsUrl("http://localhost:8080/v1/").href).toBe("http://localhost:8080/v1/chat/completions");
    expect(chatCompletionsUrl("https://api.openai.com/v1").href).toBe("https://api.openai.com/v1/chat/completions");
    expect(chatCompletionsUrl("https://proxy.example/openai").href).toBe("https://proxy.example/openai/v1/chat/completions");
  });
});

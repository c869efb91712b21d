import { startFakeAi, type FakeAi, type FakeAiMode } from "./ai-fake.ts";

/**
 * A loopback fake of Gemini's generateContent: POST /v1beta/models/{model}:generateContent, answering
 * {candidates: [{content: {role: "model", parts: [{text}]}, finishReason}]} (modes: see ai-fake.ts).
 */
export function startFakeGemini(options: { port?: number; mode?: FakeAiMode } = {}): Promise<FakeAi> {
  return startFakeAi(
    {
      matches: (path) => /^\/v1beta\/models\/[^/]+:generateContent$/.test(path),
      prompt: (body) => {
        const contents = (body as { contents?: { parts?: { text?: string }[] }[] } | null)?.contents ?? [];
        return contents
          .flatMap((c) => c.parts ?? [])
          .map((p) => p.text ?? "")
          .join("\n");
      },
      success: (text) => ({
        candidates: [{ content: { role: "model", parts: [{ text }] }, finishReason: "STOP", index: 0 }],
        usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 30, totalTokenCount: 40 },
      }),
      empty: () => ({ promptFeedback: { blockReason: "SAFETY" } }),
      error: () => ({ error: { code: 500, message: "Internal error encountered.", status: "INTERNAL" } }),
    },
    options,
  );
}

/**
 * Google Gemini's generateContent (https://ai.google.dev/api/generate-content):
 *   POST {GEMINI_API_BASE}/v1beta/models/{model}:generateContent, key in x-goog-api-key
 * The key travels in a header, not in the URL, so it never shows in a proxy's or the app's request log.
 */
import { AI_EMPTY_ANSWER } from "#schemas/ai.ts";
import { AI_MAX_OUTPUT_TOKENS, AI_SYSTEM_INSTRUCTION, AiProviderError, postJson, type AiProvider } from "./http.ts";

interface GeminiAnswer {
  candidates?: { content?: { parts?: { text?: unknown }[] }; finishReason?: string }[];
  promptFeedback?: { blockReason?: string };
}

export class GeminiProvider implements AiProvider {
  readonly kind = "gemini";

  constructor(private readonly options: { apiKey: string; model: string; apiBase: string; timeoutMs: number }) {}

  async generate(parts: string[]): Promise<string> {
    const { apiKey, model, apiBase, timeoutMs } = this.options;
    const url = new URL(`${apiBase}/v1beta/models/${encodeURIComponent(model)}:generateContent`);
    const body = {
      systemInstruction: { parts: [{ text: AI_SYSTEM_INSTRUCTION }] },
      contents: [{ role: "user", parts: parts.map((text) => ({ text })) }],
      generationConfig: { maxOutputTokens: AI_MAX_OUTPUT_TOKENS, temperature: 0.7 },
    };
    const answer = (await postJson(this.kind, url, { "x-goog-api-key": apiKey }, body, timeoutMs)) as GeminiAnswer | null;
    // No candidates is Gemini's way of refusing a prompt, and then it says why (promptFeedback).
    const refused = answer?.candidates === undefined && typeof answer?.promptFeedback === "object";
    if (!answer || typeof answer !== "object" || !(Array.isArray(answer.candidates) || refused)) {
      throw new AiProviderError("gemini answered an unexpected shape");
    }
    const candidate = answer.candidates?.[0];
    // A blocked prompt has no candidate, a blocked answer no text: the model said nothing usable.
    if (!candidate)
      throw new AiProviderError(
        `gemini answered no candidate (${answer.promptFeedback?.blockReason ?? "no reason given"})`,
        AI_EMPTY_ANSWER,
      );
    const texts = candidate.content?.parts;
    if (texts !== undefined && !Array.isArray(texts)) throw new AiProviderError("gemini answered an unexpected shape");
    if (texts?.some((part) => part.text !== undefined && typeof part.text !== "string"))
      throw new AiProviderError("gemini answered an unexpected shape");
    const text = (texts ?? [])
      .map((part) => (part.text as string | undefined) ?? "")
      .join("")
      .trim();
    if (!text) throw new AiProviderError(`gemini answered no text (${candidate.finishReason ?? "no reason given"})`, AI_EMPTY_ANSWER);
    return text;
  }
}

/**
 * Any server speaking OpenAI's chat completions (https://platform.openai.com/docs/api-reference/chat):
 * Ollama, llama.cpp's llama-server, vLLM, LocalAI, OpenAI itself.
 *   POST {AI_BASE_URL}[/v1]/chat/completions, Authorization: Bearer {AI_API_KEY} when set
 * AI_BASE_URL may be given with or without its /v1 (http://localhost:11434 and …/v1 both work).
 */
import { AI_EMPTY_ANSWER, AI_PART_SEPARATOR } from "#schemas/ai.ts";
import { AI_MAX_OUTPUT_TOKENS, AI_SYSTEM_INSTRUCTION, AiProviderError, postJson, type AiProvider } from "./http.ts";

interface ChatAnswer {
  choices?: { message?: { content?: unknown }; finish_reason?: string }[];
}

/** The chat completions URL for a base URL with or without /v1. */
export function chatCompletionsUrl(baseUrl: string): URL {
  const base = baseUrl.replace(/\/+$/, "");
  return new URL(/\/v1$/.test(base) ? `${base}/chat/completions` : `${base}/v1/chat/completions`);
}

export class OpenAiCompatibleProvider implements AiProvider {
  readonly kind = "openai-compatible";

  constructor(private readonly options: { baseUrl: string; model: string; apiKey?: string; timeoutMs: number }) {}

  async generate(parts: string[]): Promise<string> {
    const { baseUrl, model, apiKey, timeoutMs } = this.options;
    const body = {
      model,
      messages: [
        { role: "system", content: AI_SYSTEM_INSTRUCTION },
        { role: "user", content: parts.join(AI_PART_SEPARATOR) },
      ],
      max_tokens: AI_MAX_OUTPUT_TOKENS,
      temperature: 0.7,
      stream: false,
    };
    const headers: Record<string, string> = apiKey ? { authorization: `Bearer ${apiKey}` } : {};
    const answer = (await postJson(this.kind, chatCompletionsUrl(baseUrl), headers, body, timeoutMs)) as ChatAnswer | null;
    if (!answer || typeof answer !== "object" || !Array.isArray(answer.choices))
      throw new AiProviderError("openai-compatible answered an unexpected shape");
    const choice = answer.choices[0];
    const content = choice?.message?.content;
    if (content !== undefined && content !== null && typeof content !== "string")
      throw new AiProviderError("openai-compatible answered an unexpected shape");
    const text = (content ?? "").trim();
    if (!text) throw new AiProviderError(`openai-compatible answered no text (${choice?.finish_reason ?? "no choice"})`, AI_EMPTY_ANSWER);
    return text;
  }
}

import { startFakeAi, type FakeAi, type FakeAiMode } from "./ai-fake.ts";

/**
 * A loopback fake of an OpenAI-compatible server (Ollama, llama.cpp, vLLM, OpenAI): POST
 * /v1/chat/completions, answering {choices: [{message: {role: "assistant", content}}]} (modes: see ai-fake.ts).
 */
export function startFakeOpenAi(options: { port?: number; mode?: FakeAiMode } = {}): Promise<FakeAi> {
  return startFakeAi(
    {
      matches: (path) => path === "/v1/chat/completions",
      prompt: (body) => {
        const messages = (body as { messages?: { content?: string }[] } | null)?.messages ?? [];
        return messages.map((m) => m.content ?? "").join("\n");
      },
      success: (content) => ({
        id: "chatcmpl-fake",
        object: "chat.completion",
        created: 1_700_000_000,
        model: "fake-model",
        choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }],
        usage: { prompt_tokens: 10, completion_tokens: 30, total_tokens: 40 },
      }),
      empty: () => ({
        id: "chatcmpl-fake",
        object: "chat.completion",
        choices: [{ index: 0, message: { role: "assistant", content: "" }, finish_reason: "stop" }],
      }),
      error: () => ({ error: { message: "The server had an error while processing your request.", type: "server_error" } }),
    },
    options,
  );
}

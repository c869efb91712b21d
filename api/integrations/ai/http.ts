/** What both provider adapters share: the errors the API maps to 502/504, and one JSON POST with a deadline. */
import { AI_PROVIDER_FAILED } from "#schemas/ai.ts";

/** The provider did not answer in time: 504. */
export class AiTimeoutError extends Error {}
/**
 * The provider failed or answered something unusable: 502. `message` is for the log and never holds the
 * prompt or the answer; `userMessage` is what the caller is told.
 */
export class AiProviderError extends Error {
  constructor(
    message: string,
    readonly userMessage = AI_PROVIDER_FAILED,
  ) {
    super(message);
  }
}

/** Said to every model, so that its answer can go straight into a form field. */
export const AI_SYSTEM_INSTRUCTION =
  "You are a writing assistant inside Launchpad, an admin panel for startups, organizations and co-founders. " +
  'Write clear, concrete, friendly text in plain prose (no Markdown headings, no preamble such as "Here is"), ' +
  "ready to paste into the field the user is filling in. Do not invent figures or facts the user did not give.";

/** Long enough for a description or a canvas box; a cap so that one request cannot run up a large bill. */
export const AI_MAX_OUTPUT_TOKENS = 1024;

export interface AiProvider {
  /** "gemini" or "openai-compatible", for the log. */
  readonly kind: string;
  /** The model's answer to the prompt (one user turn of one or more parts), as text. Throws AiTimeoutError or AiProviderError. */
  generate(parts: string[]): Promise<string>;
}

/**
 * One JSON POST to a provider with a deadline. Failures become AiTimeoutError / AiProviderError whose
 * messages name the provider and status only: neither the prompt nor the provider's answer (which may
 * quote the prompt) goes into an error that could be logged.
 */
export async function postJson(
  kind: string,
  url: URL,
  headers: Record<string, string>,
  body: unknown,
  timeoutMs: number,
): Promise<unknown> {
  const signal = AbortSignal.timeout(timeoutMs);
  let res: Response;
  try {
    res = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json", ...headers },
      body: JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (signal.aborted) throw new AiTimeoutError(`${kind} did not answer within ${timeoutMs} ms`);
    throw new AiProviderError(`${kind} unreachable: ${(error as Error).name}`);
  }
  try {
    if (!res.ok) {
      await res.body?.cancel();
      throw new AiProviderError(`${kind} answered ${res.status}`);
    }
    return await res.json();
  } catch (error) {
    if (error instanceof AiProviderError) throw error;
    if (signal.aborted) throw new AiTimeoutError(`${kind} did not finish answering within ${timeoutMs} ms`);
    throw new AiProviderError(`${kind} answered something that is not JSON`);
  }
}

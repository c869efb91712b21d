import { tryAgainIn } from "./plural.ts";
import { z } from "zod";

/* The AI writing helper: POST /api/v1/admin/ai, Gemini-shaped, and the words both sides show. */

/**
 * The prompt (every part's text, with AI_PART_SEPARATOR between parts) may hold at most this many
 * characters (422 beyond). Measuring the parts with their separators, not the parts' text alone, keeps a
 * body of endless empty parts from sending the provider a huge prompt.
 */
export const AI_PROMPT_MAX_LENGTH = 8000;
/** At most this many requests per user within the window (429 with Retry-After beyond). */
export const AI_RATE = { maxRequests: 20, windowSeconds: 600 } as const;

export const AI_PROMPT_REQUIRED = "Write something for the AI helper to work from.";
export const AI_PROMPT_TOO_LONG = `The prompt may be at most ${AI_PROMPT_MAX_LENGTH.toLocaleString("en")} characters.`;
export const AI_THROTTLED = (seconds: number) =>
  `You have used the AI helper ${AI_RATE.maxRequests} times in the last ${AI_RATE.windowSeconds / 60} minutes. ${tryAgainIn(seconds)}`;
export const AI_TIMED_OUT = "The AI provider took too long to answer. Please try again.";
export const AI_PROVIDER_FAILED = "The AI provider could not give a suggestion right now. Please try again later.";
export const AI_EMPTY_ANSWER = "The AI provider answered without any text. Try rewording your request.";

/** Why the helper cannot be used: the settings that turn it on (server/config.ts reads them). */
export const AI_NOT_CONFIGURED =
  "The AI helper is not configured. Set GEMINI_API_KEY (Google Gemini), or AI_BASE_URL and AI_MODEL " +
  "(an OpenAI-compatible server such as Ollama, llama.cpp, vLLM or OpenAI).";
export const AI_MODEL_MISSING =
  "The AI helper is not configured: AI_BASE_URL is set but AI_MODEL is not. Set AI_MODEL to the model the server should use.";

/** Whether the panel may offer the helper, and if not, why (shown instead of a broken button). */
export interface AiAvailability {
  available: boolean;
  /** null when available. */
  reason: string | null;
}

const part = z.object({ text: z.string({ error: "Each part needs a text." }) });

/** The request body: `{contents: [{parts: [{text}]}]}`, as Gemini's generateContent takes it. */
export const aiRequestSchema = z
  .object({
    contents: z
      .array(
        z.object({
          parts: z.array(part, { error: "Each content needs a list of parts." }).min(1, "Each content needs at least one part."),
        }),
        {
          error: (issue) =>
            issue.input === undefined ? "The contents field is required." : "The contents field must be a list of {parts: [{text}]}.",
        },
      )
      .min(1, "The contents field must hold at least one content."),
  })
  .superRefine((body, ctx) => {
    const texts = body.contents.flatMap((c) => c.parts.map((p) => p.text));
    if (aiPromptTooLong(texts)) ctx.addIssue({ code: "custom", path: ["contents"], message: AI_PROMPT_TOO_LONG });
    else if (!texts.some((text) => text.trim())) ctx.addIssue({ code: "custom", path: ["contents"], message: AI_PROMPT_REQUIRED });
  });

export type AiRequest = z.infer<typeof aiRequestSchema>;

/** Parts are joined with a blank line between them where a provider takes one prompt (OpenAI-compatible). */
export const AI_PART_SEPARATOR = "\n\n";

/**
 * Whether the prompt made of these parts is over the limit, in characters as a person counts them (an
 * emoji is one), separators included. Stops counting at the limit, so a body of endless parts costs no
 * more than the limit to measure. Roles are not part of it: only the parts' text is ever forwarded.
 */
function aiPromptTooLong(texts: string[]): boolean {
  let length = Math.max(0, texts.length - 1) * AI_PART_SEPARATOR.length;
  if (length > AI_PROMPT_MAX_LENGTH) return true;
  for (const text of texts) {
    // Every character is at most two UTF-16 units: a part this long is over without counting it.
    if (text.length > 2 * AI_PROMPT_MAX_LENGTH) return true;
    length += [...text].length;
    if (length > AI_PROMPT_MAX_LENGTH) return true;
  }
  return false;
}

/** The answer, as Gemini gives it: the panel reads candidates[0].content.parts[0].text. */
export const aiResponse = z.object({
  candidates: z.array(
    z.object({
      content: z.object({ role: z.literal("model"), parts: z.array(z.object({ text: z.string() })) }),
      finishReason: z.string(),
    }),
  ),
});
export type AiResponse = z.output<typeof aiResponse>;

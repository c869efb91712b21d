/**
 *   POST /api/v1/admin/ai   {contents: [{parts: [{text}]}]} → {candidates: [{content: {parts: [{text}]}}]}
 *
 * Gemini-shaped whichever provider answers (api/integrations/ai/provider.ts chooses). Any logged-in user
 * may ask: no one permission fits, as the helper serves screens of several (event forms, startup
 * details, the resource center); the per-user limit bounds the cost. In order: 401, 422 (shape, empty,
 * over 8,000 characters), 503 (no provider configured, naming the settings), 429 (limit, Retry-After),
 * then the provider: 504 when it takes too long, 502 when it fails or answers nonsense.
 * Nothing of the prompt or the answer is stored or logged: only that the user asked (the limit's hit).
 */
import { Hono } from "hono";
import { AI_TIMED_OUT } from "#schemas/ai.ts";
import { aiRoutes } from "#schemas/contract/ai.ts";
import type { AppEnv } from "#api/context.ts";
import { AiProviderError, AiTimeoutError } from "#api/integrations/ai/http.ts";
import { chooseAiProvider, type AiConfig } from "#api/integrations/ai/provider.ts";
import { serve } from "#api/lib/contract.ts";
import { HttpError } from "#api/lib/errors.ts";
import { limits } from "#api/lib/limits.ts";
import { hit } from "#api/lib/rate-limit.ts";
import { currentUser } from "../auth/middleware.ts";

export interface AiRouteOptions {
  config?: AiConfig;
  /** Where provider failures are reported: their kind and status only, never the user's text. */
  log: (message: string) => void;
}

export function createAiRoutes({ config, log }: AiRouteOptions) {
  const { provider, availability } = chooseAiProvider(config);
  const routes = new Hono<AppEnv>();
  serve(routes, aiRoutes.askAi, async (c, { body }) => {
    const user = currentUser(c);
    if (!provider) throw new HttpError(503, availability.reason ?? "The AI helper is not available.");
    // Counted before the provider is asked, and kept when it fails: it was asked all the same.
    await hit(c.get("db"), limits(c.get("config")).aiRequest, user.id);
    let text: string;
    try {
      text = await provider.generate(body.contents.flatMap((content) => content.parts.map((part) => part.text)));
    } catch (error) {
      if (error instanceof AiTimeoutError) {
        log(`AI provider timed out for user ${user.id}: ${error.message}`);
        throw new HttpError(504, AI_TIMED_OUT);
      }
      if (error instanceof AiProviderError) {
        log(`AI provider failed for user ${user.id}: ${error.message}`);
        throw new HttpError(502, error.userMessage);
      }
      throw error;
    }
    return { candidates: [{ content: { role: "model" as const, parts: [{ text }] }, finishReason: "STOP" }] };
  });
  return routes;
}

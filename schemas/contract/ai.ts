/** The AI writing helper, Gemini-shaped whichever provider answers. */
import { apiPart, apiRoute } from "./route.ts";
import { aiRequestSchema, aiResponse } from "../ai.ts";

export const aiRoutes = apiPart("AI helper", {
  askAi: apiRoute({
    method: "POST",
    path: "/api/v1/admin/ai",
    summary: "Ask the AI helper for text (503 when no provider is set, 502/504 when it fails or is slow); nothing is kept",
    // No one permission fits: the helper serves screens of several; the per-user limit bounds the cost.
    access: "user",
    body: aiRequestSchema,
    answer: aiResponse,
    refusals: [429, 502, 503, 504],
  }),
});

import { data, redirect } from "react-router";
import { AI_PROMPT_REQUIRED } from "#schemas/ai";
import { API } from "#schemas/contract/index";
import { apiContext } from "~/lib/contexts";
import type { Route } from "./+types/suggest";

export type SuggestAnswer = { ok: true; text: string } | { ok: false; message: string };

/**
 * The AI helper's resource route, called by AiSuggest (app/components/ai/ai-suggest.tsx) with a fetcher:
 * one `prompt` field in, `{ok, text}` or `{ok: false, message}` out, with the API's status (422, 429,
 * 502, 503, 504) so the browser sees what happened. It saves nothing: the suggestion goes back to the
 * form, where the user edits it and saves it with the form itself.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const prompt = (await request.formData()).get("prompt");
  if (typeof prompt !== "string" || !prompt.trim()) return data<SuggestAnswer>({ ok: false, message: AI_PROMPT_REQUIRED }, { status: 422 });
  const result = await context.get(apiContext).request(API.askAi, { body: { contents: [{ parts: [{ text: prompt }] }] } });
  if (!result.ok) {
    const message = Object.values(result.body.errors ?? {}).flat()[0] ?? result.body.message;
    const retryAfter = result.headers.get("retry-after");
    return data<SuggestAnswer>(
      { ok: false, message },
      { status: result.status, headers: retryAfter ? { "Retry-After": retryAfter } : undefined },
    );
  }
  // The answer is Gemini-shaped whichever provider wrote it: its text is candidates[0].content.parts[0].text.
  return data<SuggestAnswer>({ ok: true, text: result.body.candidates[0]?.content.parts[0]?.text ?? "" });
}

/** Nothing to show at this address: a GET (a typed URL, a reload) goes home. */
export const loader = () => redirect("/");

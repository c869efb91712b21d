import { useId, useRef, useState } from "react";
import { useFetcher, useRouteLoaderData } from "react-router";
import { useHydrated } from "remix-utils/use-hydrated";
import { AI_NOT_CONFIGURED, AI_PROMPT_MAX_LENGTH, AI_PROMPT_TOO_LONG, type AiAvailability } from "#schemas/ai";
import { Button, buttonClass } from "~/components/ui/button";
import { inputClass } from "~/components/ui/field";
import type { loader as adminLayoutLoader } from "~/routes/admin/layout";
import type { action as suggestAction } from "~/routes/ai/suggest";

export interface AiSuggestProps {
  /** What is being written, e.g. "Description" or "Problem": names the button ("Suggest Description") and the draft. */
  label: string;
  /**
   * The prompt, built from the form's current values when the user clicks (not on every render): say what
   * to write, for whom, and give the facts the form already has. At most AI_PROMPT_MAX_LENGTH characters.
   */
  buildPrompt: () => string;
  /** Puts the (possibly edited) suggestion into the caller's field. Saving stays the form's own job. */
  onUse: (text: string) => void;
}

/**
 * "Suggest" with the AI writing helper, for any text field, inside or outside a form:
 *
 *   <AiSuggest label="Description" buildPrompt={() => `Write … ${title}`} onUse={(text) => form.update({ name, value: text })} />
 *
 * It asks /ai/suggest (→ the API's `askAi`) and shows the answer in an editable box with "Use" and
 * "Discard": the user always reads and edits a suggestion before it reaches the field, and nothing is
 * saved here. It renders no form and no named field, so it sits safely inside another form.
 * Availability comes with the admin layout's data (no request of its own): when the helper is not
 * configured the button is disabled and the reason is shown. Without JavaScript it offers nothing
 * interactive (a progressive enhancement); the reason, when unavailable, is still shown.
 */
export function AiSuggest({ label, buildPrompt, onUse }: AiSuggestProps) {
  const availability = useAiAvailability();
  const hydrated = useHydrated();
  const id = useId();
  const fetcher = useFetcher<typeof suggestAction>();
  const draft = useRef<HTMLTextAreaElement>(null);
  // The answer the user has used or discarded: hidden until the next one arrives.
  const [settled, setSettled] = useState<unknown>(null);
  const [localError, setLocalError] = useState<string | null>(null);
  const busy = fetcher.state !== "idle";
  const answer = busy || fetcher.data === settled ? undefined : fetcher.data;

  if (!availability.available) {
    return (
      <div className="mt-2 flex flex-wrap items-center gap-2" data-testid="ai-suggest">
        <button type="button" disabled className={`${buttonClass("secondary", "sm")} opacity-70`} aria-describedby={`${id}-reason`}>
          Suggest<span className="sr-only"> {label}</span>
        </button>
        <p id={`${id}-reason`} className="text-xs text-slate-600">
          {availability.reason ?? AI_NOT_CONFIGURED}
        </p>
      </div>
    );
  }
  if (!hydrated) return null;

  const ask = () => {
    const prompt = buildPrompt();
    if ([...prompt].length > AI_PROMPT_MAX_LENGTH) return setLocalError(AI_PROMPT_TOO_LONG);
    setLocalError(null);
    // The page's data did not change: nothing to reload after this action.
    void fetcher.submit({ prompt }, { method: "post", action: "/ai/suggest", defaultShouldRevalidate: false });
  };
  const close = (use: boolean) => {
    if (use && draft.current) onUse(draft.current.value);
    setSettled(fetcher.data);
  };
  const error = localError ?? (answer && !answer.ok ? answer.message : null);

  return (
    <div className="mt-2 space-y-2" data-testid="ai-suggest">
      <div className="flex flex-wrap items-center gap-2">
        <Button type="button" variant="secondary" size="sm" pending={busy} onClick={ask}>
          Suggest<span className="sr-only"> {label}</span>
        </Button>
        <p className="text-xs text-slate-600" role="status">
          {busy ? "Writing a suggestion…" : "Drafts text with AI; you review it before it is used."}
        </p>
      </div>
      {error ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-2 text-sm text-red-700">
          {error}
        </p>
      ) : null}
      {answer?.ok ? (
        <div className="space-y-2 rounded-md border border-brand-100 bg-brand-50 p-3">
          <label htmlFor={`${id}-draft`} className="block text-sm font-medium text-slate-700">
            Suggested {label.toLowerCase()} (edit it before you use it)
          </label>
          {/* No name: the draft is never submitted with the surrounding form, only what "Use" puts in the field. */}
          <textarea id={`${id}-draft`} ref={draft} className={inputClass} rows={6} defaultValue={answer.text} autoFocus />
          <div className="flex gap-2">
            <Button type="button" size="sm" onClick={() => close(true)}>
              Use<span className="sr-only"> suggested {label.toLowerCase()}</span>
            </Button>
            <Button type="button" variant="ghost" size="sm" onClick={() => close(false)}>
              Discard<span className="sr-only"> suggested {label.toLowerCase()}</span>
            </Button>
          </div>
        </div>
      ) : null}
    </div>
  );
}

/** Whether the helper is configured, from the admin layout's data; outside the admin layout: not offered. */
export function useAiAvailability(): AiAvailability {
  const admin = useRouteLoaderData<typeof adminLayoutLoader>("routes/admin/layout");
  return admin?.ai ?? { available: false, reason: AI_NOT_CONFIGURED };
}

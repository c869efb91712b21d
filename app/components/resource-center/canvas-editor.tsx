import { useEffect, useRef, useState, type CSSProperties, type RefObject } from "react";
import { Form } from "react-router";
import { MAX_BOX_CHARS, gridTemplateAreas } from "#schemas/frameworks/index";
import type { CanvasView, FrameworkView } from "#schemas/resources";
import { AiSuggest, useAiAvailability } from "~/components/ai/ai-suggest";
import { Button } from "~/components/ui/button";
import { FieldErrors, FormErrors, inputClass } from "~/components/ui/field";
import { frameworkBoxPrompt } from "./box-prompt";
import { useAutosave, type AutosaveStatus } from "./use-autosave";

const STATUS_TEXT: Record<Exclude<AutosaveStatus, "error">, string> = {
  idle: "",
  unsaved: "Unsaved changes",
  saving: "Saving…",
  saved: "Saved",
};

/** The canvas's grid as CSS variables, read by the Tailwind classes below and by the print stylesheet. */
export const gridStyle = (framework: Pick<FrameworkView, "layout">) =>
  ({ "--canvas-columns": framework.layout.columns, "--canvas-areas": gridTemplateAreas(framework) }) as CSSProperties;

/** Wide screens and paper: the real canvas's layout. Narrow screens: one box under another. */
export const GRID_CLASS =
  "grid gap-3 md:[grid-template-columns:repeat(var(--canvas-columns),minmax(0,1fr))] md:[grid-template-areas:var(--canvas-areas)] " +
  "print:[grid-template-columns:repeat(var(--canvas-columns),minmax(0,1fr))] print:[grid-template-areas:var(--canvas-areas)]";

interface CanvasEditorProps {
  framework: FrameworkView;
  canvas: CanvasView;
  /** A refused save without JavaScript: the API's field errors ("boxes.problem") and message. */
  saveErrors?: Record<string, string[]>;
  saveMessage?: string | null;
  /** The texts that were refused, so nothing typed is lost. */
  submittedBoxes?: Record<string, string>;
  /** Filled in by the editor: saves pending changes now (the page's Export and Restore wait for it). */
  flushRef?: RefObject<(() => Promise<boolean>) | null>;
}

/**
 * The fillable canvas: one form with a textarea per box laid out like the printed original. With
 * JavaScript it saves itself a moment after typing stops; the Save button posts the same form without it.
 * A newer version from the server (a save by hand, a restore, another tab) replaces the boxes only when
 * nothing typed is unsaved; otherwise the typing stays and a notice offers the choice.
 */
export function CanvasEditor({ framework, canvas, saveErrors, saveMessage, submittedBoxes, flushRef }: CanvasEditorProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const [texts, setTexts] = useState<Record<string, string>>(() => ({ ...canvas.boxes, ...submittedBoxes }));
  const autosave = useAutosave(formRef, canvas.version);
  const [elsewhere, setElsewhere] = useState<number | null>(null);
  const { pending, rebase, flush, baseNow } = autosave;
  useEffect(() => {
    if (flushRef) flushRef.current = flush;
  }, [flushRef, flush]);
  useEffect(() => {
    // The hook's own effect has already taken the version of this editor's autosave, so that one is no news.
    if (canvas.version === baseNow()) return setElsewhere(null);
    if (pending()) return setElsewhere(canvas.version);
    setTexts(canvas.boxes);
    rebase(canvas.version);
    setElsewhere(null);
    // Only a new server version is news; the boxes object is new on every revalidation.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [canvas.version]);
  const ai = useAiAvailability();
  const errors = (autosave.answer && !autosave.answer.ok ? autosave.answer.errors : undefined) ?? saveErrors ?? {};
  const formError = autosave.status === "error" ? autosave.answer?.message : Object.keys(errors).length ? null : saveMessage;

  const update = (id: string, text: string) => {
    setTexts((current) => ({ ...current, [id]: text }));
    autosave.changed();
  };

  return (
    <Form method="post" ref={formRef} onSubmit={autosave.submitted} aria-label={`${framework.name} canvas`}>
      <FormErrors errors={formError ? [formError] : undefined} />
      <input type="hidden" name="base_version" value={autosave.base} />
      {elsewhere !== null ? (
        <div
          role="alert"
          className="mt-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 print:hidden"
          data-testid="canvas-elsewhere"
        >
          <p>Version {elsewhere} was saved elsewhere while you were typing. Your text below is not saved.</p>
          <div className="mt-2 flex flex-wrap gap-2">
            <Button type="button" variant="secondary" size="sm" onClick={() => (setElsewhere(null), rebase(elsewhere), autosave.changed())}>
              Keep my text and save it as the newest version
            </Button>
            <Button
              type="button"
              variant="secondary"
              size="sm"
              onClick={() => (setElsewhere(null), setTexts(canvas.boxes), rebase(elsewhere))}
            >
              Discard my text and load version {elsewhere}
            </Button>
          </div>
        </div>
      ) : null}
      {/* Said once for the whole canvas rather than under each of its boxes. */}
      {ai.available ? null : (
        <p className="mt-2 text-sm text-slate-600 print:hidden" data-testid="ai-unavailable">
          <span className="font-medium text-slate-700">Suggest with AI is unavailable. </span>
          {ai.reason}
        </p>
      )}
      <div
        data-canvas-grid
        className={`${GRID_CLASS} mt-3 print:mt-0 print:h-[160mm] print:auto-rows-fr print:gap-0`}
        style={gridStyle(framework)}
      >
        {framework.boxes.map((box) => {
          const id = `box-${box.id}`;
          const boxErrors = errors[`boxes.${box.id}`];
          return (
            <section
              key={box.id}
              aria-labelledby={`${id}-title`}
              className={
                "flex min-w-0 flex-col rounded-lg border border-slate-300 bg-white p-3 shadow-sm " +
                "md:[grid-area:var(--area)] print:[grid-area:var(--area)] print:overflow-hidden print:rounded-none " +
                "print:border-slate-800 print:p-[2mm] print:text-[7.5pt] print:shadow-none"
              }
              style={{ "--area": box.id } as CSSProperties}
            >
              <h2 id={`${id}-title`} className="font-semibold text-slate-900 print:text-[9pt]">
                <label htmlFor={id}>{box.title}</label>
              </h2>
              <p id={`${id}-hint`} className="mt-0.5 text-xs text-slate-600 print:hidden">
                {box.hint}
              </p>
              <details className="mt-1 text-xs text-slate-600 print:hidden">
                <summary className="cursor-pointer text-brand-700">Example</summary>
                <p className="mt-1 whitespace-pre-line">{box.example}</p>
              </details>
              <textarea
                id={id}
                name={`boxes.${box.id}`}
                value={texts[box.id] ?? ""}
                onChange={(event) => update(box.id, event.target.value)}
                maxLength={MAX_BOX_CHARS}
                rows={5}
                aria-describedby={`${id}-hint${boxErrors ? ` ${id}-errors` : ""}`}
                aria-invalid={boxErrors ? true : undefined}
                className={`${inputClass} mt-2 min-h-28 flex-1 resize-y text-sm field-sizing-content print:hidden`}
              />
              {/* Paper cannot scroll a textarea: the text itself is printed instead. */}
              <p className="hidden whitespace-pre-wrap print:block">{texts[box.id]}</p>
              <FieldErrors id={`${id}-errors`} errors={boxErrors} />
              {ai.available ? (
                <div className="print:hidden">
                  <AiSuggest
                    label={box.title}
                    buildPrompt={() => frameworkBoxPrompt(framework, box.id, canvas.startup, texts)}
                    onUse={(text) => update(box.id, text)}
                  />
                </div>
              ) : null}
            </section>
          );
        })}
      </div>
      <div className="mt-4 flex flex-wrap items-center gap-3 print:hidden">
        <Button type="submit" name="intent" value="save">
          Save
        </Button>
        <p role="status" aria-live="polite" className="text-sm text-slate-600" data-testid="autosave-status">
          {autosave.status === "error" ? "Not saved" : STATUS_TEXT[autosave.status]}
        </p>
      </div>
    </Form>
  );
}

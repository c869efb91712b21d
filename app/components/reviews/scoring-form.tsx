import { useEffect, useRef, useState } from "react";
import { Form, useFetcher, useNavigate } from "react-router";
import type { SubmissionResult } from "@conform-to/react";
import type { ReviewReading } from "#schemas/review-queue";
import { RECOMMENDATIONS, type Recommendation } from "#schemas/reviews";
import { Button } from "~/components/ui/button";
import { FieldErrors, FormErrors, TextAreaField } from "~/components/ui/field";
import { Card } from "~/components/ui/layout";
import { useScoringKeys } from "./use-scoring-keys";

/** How long typing pauses before the draft is kept. */
const AUTOSAVE_DELAY_MS = 700;
/** A choice drawn as a box with its radio inside, marked when checked. */
const CHOICE =
  "flex min-w-12 cursor-pointer items-center justify-center gap-1.5 rounded-md border border-slate-300 bg-white px-3 py-2 text-sm has-checked:border-brand-600 has-checked:bg-brand-50 has-checked:font-semibold";
const RECOMMENDATION_LABELS: Record<Recommendation, string> = { yes: "Yes", maybe: "Maybe", no: "No" };

interface Values {
  scores: Record<string, string>;
  note: string;
  recommendation: string;
}

/** What the form starts with: what was just posted and refused (no JavaScript), else the review as saved. */
function initialValues(reading: ReviewReading, refused: SubmissionResult<string[]> | null | undefined): Values {
  const posted = refused?.initialValue as { scores?: Record<string, string>; note?: string; recommendation?: string } | undefined | null;
  if (posted) return { scores: posted.scores ?? {}, note: posted.note ?? "", recommendation: posted.recommendation ?? "" };
  const review = reading.review;
  const scores = Object.fromEntries(Object.entries(review?.scores ?? {}).map(([id, score]) => [id, String(score)]));
  return { scores, note: review?.note ?? "", recommendation: review?.recommendation ?? "" };
}

const asFormData = (values: Values, intent: string) => {
  const formData = new FormData();
  formData.set("intent", intent);
  for (const [id, score] of Object.entries(values.scores)) formData.set(`scores.${id}`, score);
  formData.set("note", values.note);
  if (values.recommendation) formData.set("recommendation", values.recommendation);
  return formData;
};

/**
 * The rubric to score: each criterion's guidance and a radio group from 1 to its scale, a note and a
 * recommendation; Save draft and Submit review post the form (it works without JavaScript). With JavaScript
 * the draft is also kept as the reviewer goes, and the keys (use-scoring-keys.ts) score and move on.
 */
export function ScoringForm({ reading, refused }: { reading: ReviewReading; refused?: SubmissionResult<string[]> | null }) {
  const [values, setValues] = useState(() => initialValues(reading, refused));
  const form = useRef<HTMLFormElement>(null);
  const fetcher = useFetcher<{ saved?: string; message?: string | null }>();
  const navigate = useNavigate();
  const changed = useRef(false);
  const pending = useRef<ReturnType<typeof setTimeout>>(undefined);
  const scoring = reading.assigned && !reading.closed;
  // A submitted review stays whole: changes to it are sent with "Update review", not kept as a draft.
  const autosave = scoring && !reading.submitted;

  // Shown at once as "Unsaved changes", so no one leaves thinking the last change was kept.
  const [dirty, setDirty] = useState(false);
  const change = (next: Partial<Values>) => {
    changed.current = true;
    if (autosave) setDirty(true);
    setValues((before) => ({ ...before, ...next, scores: { ...before.scores, ...next.scores } }));
  };
  const latest = useRef(values);
  latest.current = values;
  const saveNow = () => {
    clearTimeout(pending.current);
    pending.current = undefined;
    if (changed.current && autosave)
      void fetcher.submit(asFormData(latest.current, "autosave"), { method: "post", action: `/reviews/${reading.application_id}` });
    changed.current = false;
    setDirty(false);
  };
  useEffect(() => {
    if (!changed.current || !autosave) return;
    clearTimeout(pending.current);
    pending.current = setTimeout(saveNow, AUTOSAVE_DELAY_MS);
  });
  // Leaving the screen (a link, another application) keeps what was typed in the last moments too.
  const flush = useRef(saveNow);
  flush.current = saveNow;
  useEffect(() => () => flush.current(), []);
  // The form's own buttons send everything: no draft to keep after them.
  const sent = () => {
    clearTimeout(pending.current);
    changed.current = false;
    setDirty(false);
  };

  useScoringKeys({
    form,
    criteria: reading.criteria,
    queue: reading.queue,
    scoring,
    setScore: (id, score) => change({ scores: { [String(id)]: String(score) } }),
    open: (id) => {
      saveNow();
      void navigate(`/reviews/${id}`);
    },
  });

  const errors = refused?.error ?? {};
  const errorsOf = (name: string) => errors[name] ?? errors[name.replace(/\.(\d+)$/, "[$1]")] ?? undefined;
  const saveStatus =
    fetcher.state !== "idle"
      ? "Saving draft…"
      : dirty
        ? "Unsaved changes"
        : fetcher.data?.saved
          ? "Draft saved"
          : fetcher.data?.message
            ? `Draft not saved: ${fetcher.data.message}`
            : "";
  return (
    <Card>
      <h2 className="text-lg font-semibold" id="scoring-heading">
        Your review
      </h2>
      {reading.closed ? <p className="mt-1 text-sm text-slate-600">This form is closed: its reviews no longer change.</p> : null}
      <Form
        method="post"
        ref={form}
        onSubmit={sent}
        className="mt-4 space-y-5"
        aria-labelledby="scoring-heading"
        data-testid="scoring-form"
      >
        <FormErrors errors={errors[""] ?? undefined} />
        {reading.criteria.map((criterion, index) => {
          const name = `scores.${criterion.id}`;
          const guidance = criterion.guidance ? `guidance-${criterion.id}` : undefined;
          return (
            <fieldset key={criterion.id} data-criterion={index} aria-describedby={guidance} disabled={!scoring}>
              <legend className="font-medium text-slate-900">{criterion.name}</legend>
              <p className="text-xs text-slate-500">
                Weight {criterion.weight} · 1 to {criterion.scale_max}
              </p>
              {guidance ? (
                <p id={guidance} className="mt-1 text-sm text-slate-600">
                  {criterion.guidance}
                </p>
              ) : null}
              <div className="mt-2 flex flex-wrap gap-2">
                {Array.from({ length: criterion.scale_max }, (_, i) => String(i + 1)).map((score) => (
                  <label key={score} className={CHOICE}>
                    <input
                      type="radio"
                      name={name}
                      value={score}
                      checked={values.scores[String(criterion.id)] === score}
                      onChange={() => change({ scores: { [String(criterion.id)]: score } })}
                    />
                    <span>{score}</span>
                  </label>
                ))}
              </div>
              <FieldErrors errors={errorsOf(name)} />
            </fieldset>
          );
        })}
        <TextAreaField
          id="review-note"
          name="note"
          label="Note"
          rows={4}
          maxLength={5000}
          value={values.note}
          disabled={!scoring}
          onChange={(event) => change({ note: event.target.value })}
          errors={errorsOf("note")}
        />
        <fieldset data-recommendation disabled={!scoring}>
          <legend className="font-medium text-slate-900">Recommendation</legend>
          <div className="mt-2 flex flex-wrap gap-2">
            {RECOMMENDATIONS.map((recommendation) => (
              <label key={recommendation} className={CHOICE}>
                <input
                  type="radio"
                  name="recommendation"
                  value={recommendation}
                  checked={values.recommendation === recommendation}
                  onChange={() => change({ recommendation })}
                />
                <span>{RECOMMENDATION_LABELS[recommendation]}</span>
              </label>
            ))}
          </div>
          <FieldErrors errors={errorsOf("recommendation")} />
        </fieldset>
        {scoring ? (
          <div className="flex flex-wrap items-center gap-3">
            {reading.submitted ? null : (
              <Button type="submit" name="intent" value="draft" variant="secondary">
                Save draft
              </Button>
            )}
            <Button type="submit" name="intent" value="submit">
              {reading.submitted ? "Update review" : "Submit review"}
            </Button>
            <p role="status" className="text-sm text-slate-600" data-testid="draft-status">
              {saveStatus}
            </p>
          </div>
        ) : null}
      </Form>
    </Card>
  );
}

import { useEffect, useRef, type RefObject } from "react";
import type { QueueNeighbours } from "#schemas/review-queue";

/** The keys the scoring screen answers, as it shows them to the reviewer. */
export const SCORING_KEYS = [
  { keys: ["j"], does: "next application in your queue" },
  { keys: ["k"], does: "previous application" },
  { keys: ["n"], does: "next application you have not submitted" },
  { keys: ["1", "9"], does: "score the criterion in focus (0 gives 10 on a scale to 10); focus then moves to the next criterion" },
] as const;

/** Where the keys do nothing: the reviewer is typing (the note), or a key is held with a modifier. */
function typing(event: KeyboardEvent): boolean {
  if (event.altKey || event.ctrlKey || event.metaKey || event.defaultPrevented) return true;
  const target = event.target;
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target.closest("textarea, select")) return true;
  return target instanceof HTMLInputElement && target.type !== "radio" && target.type !== "checkbox";
}

interface ScoringKeys {
  form: RefObject<HTMLFormElement | null>;
  criteria: readonly { id: number; scale_max: number }[];
  queue: QueueNeighbours;
  /** Scoring is open (assigned, the form not closed): the digits score. */
  scoring: boolean;
  setScore(criterionId: number, score: number): void;
  /** Goes to another application of the queue (after keeping what is typed). */
  open(applicationId: number): void;
}

/**
 * The scoring screen's keys, with JavaScript: j/k move through the queue, n goes to the next application not
 * submitted, a digit scores the criterion in focus and moves focus to the next one (the recommendation after
 * the last). The criterion in focus is the one holding the keyboard focus, else the one the last digit moved to.
 */
export function useScoringKeys({ form, criteria, queue, scoring, setScore, open }: ScoringKeys) {
  const current = useRef(0);
  const latest = useRef({ criteria, queue, scoring, setScore, open });
  latest.current = { criteria, queue, scoring, setScore, open };

  useEffect(() => {
    const focusGroup = (selector: string) => {
      const group = form.current?.querySelector<HTMLElement>(selector);
      const radio = group?.querySelector<HTMLInputElement>("input:checked") ?? group?.querySelector<HTMLInputElement>("input");
      radio?.focus();
    };
    function onKeyDown(event: KeyboardEvent) {
      if (typing(event)) return;
      const { criteria, queue, scoring, setScore, open } = latest.current;
      const target = { j: queue.next_id, k: queue.previous_id, n: queue.next_unreviewed_id }[event.key];
      if (target !== undefined) {
        event.preventDefault();
        if (target !== null) open(target);
        return;
      }
      if (!scoring || !/^[0-9]$/.test(event.key)) return;
      const focused = (document.activeElement as HTMLElement | null)?.closest<HTMLElement>("[data-criterion]");
      const index = focused ? Number(focused.dataset.criterion) : current.current;
      const criterion = criteria[index];
      const score = event.key === "0" ? 10 : Number(event.key);
      if (!criterion || score > criterion.scale_max) return;
      event.preventDefault();
      setScore(criterion.id, score);
      current.current = Math.min(index + 1, criteria.length);
      focusGroup(index + 1 < criteria.length ? `[data-criterion="${index + 1}"]` : "[data-recommendation]");
    }
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [form]);
}

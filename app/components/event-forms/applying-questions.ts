import { useState, type FormEvent } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import type { CustomQuestion } from "#schemas/event-form-views";
import { applyingQuestions, ruleHint } from "#schemas/question-rules";

/** The answers a form holds now, by question id (`answers[<id>]` fields; a repeated field is a list). */
function answersIn(form: HTMLFormElement): Map<string, unknown> {
  const answers = new Map<string, unknown>();
  for (const [name, value] of new FormData(form)) {
    const id = /^answers\[(.+)\]$/.exec(name)?.[1];
    if (!id || typeof value !== "string") continue;
    const before = answers.get(id);
    answers.set(id, before === undefined ? value : [before, value].flat());
  }
  return answers;
}

/**
 * Which of the applicant's questions show. With JavaScript, those that apply to the answers as they are
 * typed (the same rule the server keeps answers by); without it every question shows, a conditional one
 * with its "Answer only if …" hint, and the server keeps only the answers that apply.
 */
export function useApplyingQuestions(questions: CustomQuestion[], saved: (id: string) => unknown) {
  const hydrated = useHydrated();
  const [answers, setAnswers] = useState<Map<string, unknown> | null>(null);
  const applying = applyingQuestions(questions, (id) => (answers ? answers.get(id) : saved(id)));
  return {
    /** Whether the question shows now. */
    shows: (id: string) => !hydrated || applying.has(id),
    /** The hint a page without JavaScript shows under a conditional question. */
    hint: (q: CustomQuestion) => (!hydrated && q.show_if ? ruleHint(q.show_if, questions) : null),
    /** The form's onChange: reads the answers again. */
    onChange: (event: FormEvent<HTMLFormElement>) => setAnswers(answersIn(event.currentTarget)),
  };
}

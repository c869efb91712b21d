/*
 * "Show only when": a custom question asked only when an earlier question's answer is one of chosen
 * values. The one place that decides which questions apply: the API reads the answers it keeps and the
 * ones it shows with it, the applicant's page hides and shows questions with it while they answer.
 */
import { z } from "zod";
import type { QuestionType } from "./event-kinds.ts";

/** A stored rule: the earlier custom question, by id, and the answers that show this one. */
export const showIfView = z.object({ question_id: z.string(), values: z.array(z.string()) });
export type ShowIf = z.output<typeof showIfView>;

/** The kinds of question a rule can depend on: those whose answer is one of a few options. */
export const RULE_SOURCE_TYPES: readonly QuestionType[] = ["single_choice", "multiple_choice", "dropdown", "yes_no"];

/** A yes / no question's options, as the builder offers and rules name them. */
export const YES_NO_OPTIONS = ["Yes", "No"] as const;

/** What a rule may name as values of this question. */
export const ruleOptionsOf = (q: { type: string; options?: readonly string[] | null }): readonly string[] =>
  q.type === "yes_no" ? YES_NO_OPTIONS : (q.options ?? []);

/**
 * The earlier question a rule names, by its id or its label (a question not saved yet has no id; labels
 * are unique in a form, whatever their case), as its index in the form; -1 when it names none.
 */
export function ruleSourceIndex(questions: readonly { id?: string | null; label?: unknown }[], name: string): number {
  const byId = questions.findIndex((q) => q.id && q.id === name);
  if (byId !== -1) return byId;
  const wanted = name.trim().toLowerCase();
  return questions.findIndex((q) => typeof q.label === "string" && q.label.trim().toLowerCase() === wanted);
}

/** An answer (stored or as typed) as the option names a rule compares with: "Yes"/"No" for yes / no. */
export function chosenOptions(type: string, answer: unknown): string[] {
  const list = Array.isArray(answer) ? answer : [answer];
  return list.flatMap((item) => {
    if (type === "yes_no") {
      const said = typeof item === "string" ? item.trim().toLowerCase() : item;
      if (said === true || said === "yes" || said === "true") return ["Yes"];
      if (said === false || said === "no" || said === "false") return ["No"];
      return [];
    }
    return typeof item === "string" && item.trim() ? [item.trim()] : [];
  });
}

interface RuledQuestion {
  id: string;
  type: string;
  show_if?: ShowIf | null;
}

/**
 * The ids of the questions that apply, given the answers (by question id). A question applies without a
 * rule, or when the question its rule names applies and was answered with one of the rule's values: a
 * question behind a hidden one is hidden too, however it was answered.
 */
export function applyingQuestions(questions: readonly RuledQuestion[], answerOf: (id: string) => unknown): Set<string> {
  const applying = new Set<string>();
  const typeOf = new Map(questions.map((q) => [q.id, q.type]));
  for (const q of questions) {
    const rule = q.show_if;
    if (!rule) {
      applying.add(q.id);
      continue;
    }
    if (!applying.has(rule.question_id)) continue;
    const chosen = chosenOptions(typeOf.get(rule.question_id) ?? "", answerOf(rule.question_id));
    if (chosen.some((option) => rule.values.includes(option))) applying.add(q.id);
  }
  return applying;
}

/** "Answer only if Track is Design or Research": the hint a page without JavaScript shows. */
export function ruleHint(rule: ShowIf, questions: readonly { id: string; label: string }[]): string | null {
  const source = questions.find((q) => q.id === rule.question_id);
  if (!source) return null;
  const values = rule.values.map((v) => `“${v}”`);
  const listed = values.length > 1 ? `${values.slice(0, -1).join(", ")} or ${values.at(-1)}` : values[0];
  return `Answer only if “${source.label}” is ${listed}.`;
}

/** The ids a form's custom questions are stored under, which its answers and its questions' rules are keyed by. */
import { randomBytes } from "node:crypto";
import { CHOICE_TYPES, type EventFormInput, type QuestionType } from "#schemas/events.ts";
import { ruleSourceIndex } from "#schemas/question-rules.ts";
import type { CustomQuestion } from "#api/db/events-schema.ts";

const newQuestionId = () => `q-${randomBytes(4).toString("hex")}`;

/**
 * Every stored custom question has an id that answers are keyed by. An incoming id is kept only when it
 * names a question this form already has (an edit); anything else gets a fresh id.
 */
export function assignQuestionIds(incoming: EventFormInput["custom_questions"], existing: readonly CustomQuestion[]): CustomQuestion[] {
  // An id (and with it the answers given to it) survives only while the question keeps its type, so an
  // answer is never read as another type than it was given as (e.g. a text read as a file id).
  const typeOf = new Map(existing.map((q) => [q.id, q.type]));
  const known = new Set(typeOf.keys());
  const used = new Set<string>();
  const stored = incoming.map((q) => {
    let id = q.id && typeOf.get(q.id) === q.type && !used.has(q.id) ? q.id : newQuestionId();
    while (used.has(id) || (id !== q.id && known.has(id))) id = newQuestionId();
    used.add(id);
    return {
      id,
      label: q.label,
      help_text: q.help_text ?? null,
      type: q.type,
      required: q.required,
      // Options only mean something for a choice question.
      options: CHOICE_TYPES.includes(q.type as QuestionType) ? q.options : [],
    };
  });
  // A rule names its question by id or label as sent; it keeps the id that question is stored with.
  return stored.map((q, index) => {
    const rule = incoming[index].show_if;
    const source = rule ? ruleSourceIndex(incoming, rule.question) : -1;
    return source === -1 || !rule ? { ...q, show_if: null } : { ...q, show_if: { question_id: stored[source].id, values: rule.values } };
  });
}

import { STANDARD_QUESTIONS, type QuestionType } from "#schemas/events";

/** The builder's raw field values (strings, "on" for ticked boxes), as conform reports them while typing. */
type Raw = unknown;

const record = (value: Raw): Record<string, unknown> =>
  value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
const text = (value: Raw) => (typeof value === "string" ? value : "");
const ticked = (value: Raw) => value === "on" || value === true;

export interface PreviewQuestion {
  key: string;
  label: string;
  type: QuestionType;
  required: boolean;
  helpText: string | null;
  options: string[];
}

/** What the live preview shows, read from the values typed so far. */
export function readBuilderValues(values: Raw) {
  const all = record(values);
  const standard = record(all.questions);
  const custom = Array.isArray(all.custom_questions) ? all.custom_questions : [];
  const questions: PreviewQuestion[] = [
    ...STANDARD_QUESTIONS.filter((q) => ticked(record(standard[q.key]).enabled) || ticked(record(standard[q.key]).required)).map((q) => ({
      key: q.key,
      label: q.label,
      type: q.type as QuestionType,
      required: ticked(record(standard[q.key]).required),
      helpText: null,
      options: [],
    })),
    ...custom.map((raw, index) => {
      const q = record(raw);
      return {
        key: `custom-${index}`,
        label: text(q.label) || `Question ${index + 1}`,
        type: (text(q.type) || "short_text") as QuestionType,
        required: ticked(q.required),
        helpText: text(q.help_text) || null,
        options: text(q.options)
          .split("\n")
          .map((o) => o.trim())
          .filter(Boolean),
      };
    }),
  ];
  return {
    title: text(all.title),
    description: text(all.description),
    isPaid: text(all.type_of_event) === "paid",
    customTypes: custom.map((raw) => (text(record(raw).type) || "short_text") as QuestionType),
    questions,
  };
}

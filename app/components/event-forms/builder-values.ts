import { STANDARD_QUESTIONS, questionTypeOf, type QuestionType } from "#schemas/event-kinds";
import type { EventFormView } from "#schemas/event-form-views";
import { ruleOptionsOf } from "#schemas/question-rules";

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

/** An earlier question a "Show only when" rule may name: by its id once saved, else by its label. */
export interface RuleSource {
  ref: string;
  label: string;
  type: QuestionType;
  options: readonly string[];
}

const lines = (value: Raw) =>
  text(value)
    .split("\n")
    .map((o) => o.trim())
    .filter(Boolean);

/** What the live preview shows, read from the values typed so far. */
export function readBuilderValues(values: Raw) {
  const all = record(values);
  const standard = record(all.questions);
  const custom = Array.isArray(all.custom_questions) ? all.custom_questions : [];
  const questions: PreviewQuestion[] = [
    ...STANDARD_QUESTIONS.filter((q) => ticked(record(standard[q.key]).enabled) || ticked(record(standard[q.key]).required)).map((q) => ({
      key: q.key,
      label: q.label,
      type: q.type,
      required: ticked(record(standard[q.key]).required),
      helpText: null,
      options: [],
    })),
    ...custom.map((raw, index) => {
      const q = record(raw);
      return {
        key: `custom-${index}`,
        label: text(q.label) || `Question ${index + 1}`,
        type: questionTypeOf(q.type),
        required: ticked(q.required),
        helpText: text(q.help_text) || null,
        options: lines(q.options),
      };
    }),
  ];
  const ruleSources: RuleSource[] = custom.map((raw) => {
    const q = record(raw);
    const type = questionTypeOf(q.type);
    return {
      ref: text(q.id) || text(q.label).trim(),
      label: text(q.label).trim(),
      type,
      options: ruleOptionsOf({ type, options: lines(q.options) }),
    };
  });
  return {
    title: text(all.title),
    description: text(all.description),
    isPaid: text(all.type_of_event) === "paid",
    customTypes: custom.map((raw) => questionTypeOf(record(raw).type)),
    ruleSources,
    questions,
  };
}

/** The builder's fields as its labels name them, for the message that lists those to fix. */
const FIELD_LABELS: Record<string, string> = {
  collection_id: "collection",
  banner: "cover image",
  timezone: "time zone",
  starts_at: "starts",
  ends_at: "ends",
  type_of_event: "tickets",
  paid_event_information: "price",
  custom_questions: "questions",
  waitlist_offer_hours: "hours to pay for an offered place",
};
const fieldLabel = (field: string) => FIELD_LABELS[field] ?? field.replace(/_/g, " ");

/** 'Validation fails for title, starts, venue city': each refused field once, by its label, nested ones by their group. */
export const validationFailsMessage = (fields: string[]) =>
  `Validation fails for ${[...new Set(fields.map((f) => fieldLabel(f.split(/[.[]/)[0])))].join(", ")}`;

/** The builder's starting values: an existing form's, or a new one's. */
export function builderDefaults(collectionId: number, form?: EventFormView) {
  if (!form) {
    return {
      collection_id: String(collectionId),
      timezone: "UTC",
      type_of_event: "free",
      nature: "in_person",
      questions: { full_name: { enabled: "on", required: "on" }, email: { enabled: "on", required: "on" } },
      custom_questions: [],
    };
  }
  const flags = Object.fromEntries(
    Object.entries(form.questions).map(([key, q]) => [key, { enabled: q.enabled ? "on" : "", required: q.required ? "on" : "" }]),
  );
  return {
    collection_id: String(form.collection_id ?? collectionId),
    title: form.title,
    description: form.description,
    category: form.category,
    nature: form.nature,
    timezone: form.timezone,
    starts_at: form.starts_at_local,
    ends_at: form.ends_at_local,
    venue: form.venue ?? "",
    venue_country: form.venue_country ?? "",
    venue_city: form.venue_city ?? "",
    online_link: form.online_link ?? "",
    capacity: form.capacity ? String(form.capacity) : "",
    waitlist_enabled: form.waitlist_enabled ? "true" : "",
    waitlist_offer_hours: String(form.waitlist_offer_hours),
    application_deadline: form.application_deadline_local ?? "",
    type_of_event: form.type_of_event,
    paid_event_information: form.paid_event_information ?? undefined,
    questions: flags,
    custom_questions: form.custom_questions.map((q) => ({
      ...q,
      help_text: q.help_text ?? "",
      required: q.required ? "on" : "",
      options: q.options.join("\n"),
      show_if: { question: q.show_if?.question_id ?? "", values: q.show_if?.values.join("\n") ?? "" },
    })),
  };
}

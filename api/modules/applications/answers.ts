import { z } from "zod";
import { STANDARD_QUESTIONS, questionTypeOf, type QuestionType } from "#schemas/events.ts";
import { applyingQuestions, type ShowIf } from "#schemas/question-rules.ts";
import { UNSTORABLE_TEXT_MESSAGE, hasUnstorableText } from "#schemas/fields.ts";
import type { Answers, CustomQuestion, StandardQuestions } from "#api/db/events-schema.ts";
import type { FieldErrors } from "#api/lib/errors.ts";
import { checkUpload, type UploadRules } from "../files/service.ts";

/** One question an applicant answers: an enabled standard field or a custom question. */
export interface Question {
  key: string;
  label: string;
  type: QuestionType;
  required: boolean;
  options: readonly string[];
  standard: boolean;
  /** Asked only when an earlier question's answer is one of the values (custom questions). */
  showIf: ShowIf | null;
}

export const ANSWER_FILE_RULES: UploadRules = {
  maxBytes: 5 * 1024 * 1024,
  types: ["application/pdf", "image/png", "image/jpeg", "image/gif", "image/webp"],
};

export const SHORT_TEXT_MAX = 500;
export const LONG_TEXT_MAX = 5000;

/** The form's questions in display order: enabled standard fields first, then the custom ones. */
export function questionsOf(form: { questions: StandardQuestions; customQuestions: CustomQuestion[] }): Question[] {
  const standard = STANDARD_QUESTIONS.filter((q) => form.questions[q.key]?.enabled).map((q) => ({
    key: q.key,
    label: q.label,
    type: q.type,
    required: Boolean(form.questions[q.key]?.required),
    options: [],
    standard: true,
    showIf: null,
  }));
  const custom = form.customQuestions.map((q) => ({
    key: q.id,
    label: q.label,
    type: questionTypeOf(q.type),
    required: q.required,
    options: q.options ?? [],
    standard: false,
    showIf: q.show_if ?? null,
  }));
  return [...standard, ...custom];
}

/** Keys of the file questions, whose stored answers are file ids. */
export const fileKeys = (customQuestions: CustomQuestion[]) => new Set(customQuestions.filter((q) => q.type === "file").map((q) => q.id));

/** "Full name" → "full name", but "LinkedIn" keeps its capitals (Laravel-style attribute names). */
const attribute = (label: string) => (/[A-Z]/.test(label.slice(1)) ? label : label.toLowerCase());

export const requiredMessage = (q: Question) =>
  q.standard ? `The ${attribute(q.label)} field is required.` : "This question is required.";

type Outcome = { kind: "empty" } | { kind: "value"; value: string | string[] | number | boolean } | { kind: "error"; message: string };

const EMPTY: Outcome = { kind: "empty" };
const value = (v: string | string[] | number | boolean): Outcome => ({ kind: "value", value: v });
const error = (message: string): Outcome => ({ kind: "error", message });

const emailSchema = z.email();
const urlSchema = z.url({ protocol: /^https?$/ });
const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
const PHONE = /^[0-9+\-() ]{7,20}$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar date written as YYYY-MM-DD. */
export function isRealDate(text: string): boolean {
  const match = DATE.exec(text);
  if (!match) return false;
  const [y, m, d] = match.slice(1).map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** A multiple-choice answer: repeated fields, a JSON array, or one value. */
function toList(raw: unknown): unknown[] {
  if (Array.isArray(raw)) return raw;
  if (typeof raw === "string" && raw.trim().startsWith("[")) {
    try {
      const parsed: unknown = JSON.parse(raw);
      if (Array.isArray(parsed)) return parsed;
    } catch {
      /* not JSON: one value */
    }
  }
  return [raw];
}

const isBlank = (raw: unknown) =>
  raw === undefined ||
  raw === null ||
  (typeof raw === "string" && raw.trim() === "") ||
  (Array.isArray(raw) && raw.length === 0) ||
  (raw instanceof File && raw.size === 0);

type Reader = (raw: unknown, q: Question, subject: string) => Outcome;

/** One value (a field sent twice with one value left is still one value), read by `read` unless blank. */
const single =
  (read: (value: unknown, q: Question, subject: string) => Outcome): Reader =>
  (raw, q, subject) => {
    let value = raw;
    if (Array.isArray(value)) {
      const filled = value.filter((item) => !isBlank(item));
      if (filled.length > 1) return error(`${subject} must be a single value.`);
      value = filled[0];
    }
    return isBlank(value) ? EMPTY : read(value, q, subject);
  };

/** One value as text, trimmed and storable, checked by `check`. */
const text = (check: (text: string, q: Question, subject: string) => Outcome): Reader =>
  single((raw, q, subject) => {
    if (typeof raw !== "string" && typeof raw !== "number") return error(`${subject} must be text.`);
    // Forms send line breaks as CRLF, JSON clients as LF: stored the same either way.
    const text = String(raw).trim().replace(/\r\n?/g, "\n");
    return hasUnstorableText(text) ? error(UNSTORABLE_TEXT_MESSAGE) : check(text, q, subject);
  });

const oneOption = text((text, q) => (q.options.includes(text) ? value(text) : error("The answer must be one of the options.")));

/**
 * How each type of question reads its answer. Typed by every QuestionType, so a new type does not compile
 * until it says how its answers are read.
 */
export const ANSWER_READERS = {
  short_text: text((text, _q, subject) =>
    text.length > SHORT_TEXT_MAX ? error(`${subject} must not be greater than ${SHORT_TEXT_MAX} characters.`) : value(text),
  ),
  long_text: text((text, _q, subject) =>
    text.length > LONG_TEXT_MAX ? error(`${subject} must not be greater than ${LONG_TEXT_MAX} characters.`) : value(text),
  ),
  number: single((raw, _q, subject) => {
    if (typeof raw === "number") return Number.isFinite(raw) ? value(raw) : error(`${subject} must be a number.`);
    const text = typeof raw === "string" ? raw.trim() : "";
    const n = Number(text);
    return NUMBER.test(text) && Number.isFinite(n) ? value(n) : error(`${subject} must be a number.`);
  }),
  email: text((text, _q, subject) =>
    text.length <= 255 && emailSchema.safeParse(text).success ? value(text) : error(`${subject} must be a valid email address.`),
  ),
  url: text((text, _q, subject) =>
    text.length <= 2048 && urlSchema.safeParse(text).success
      ? value(text)
      : error(`${subject} must be a valid URL starting with http:// or https://.`),
  ),
  phone: text((text, _q, subject) =>
    PHONE.test(text) && /\d/.test(text) ? value(text) : error(`${subject} must be a valid phone number.`),
  ),
  date: text((text, _q, subject) => (isRealDate(text) ? value(text) : error(`${subject} must be a valid date (YYYY-MM-DD).`))),
  single_choice: oneOption,
  dropdown: oneOption,
  multiple_choice: (raw, q) => {
    const list = toList(raw).filter((item) => !isBlank(item));
    if (!list.length) return EMPTY;
    if (list.some((item) => typeof item !== "string")) return error("Each answer must be one of the options.");
    const chosen = [...new Set((list as string[]).map((item) => item.trim()))];
    if (chosen.some((item) => !q.options.includes(item))) return error("Each answer must be one of the options.");
    return value(chosen);
  },
  yes_no: single((raw, _q, subject) => {
    if (typeof raw === "boolean") return value(raw);
    const text = typeof raw === "string" ? raw.trim().toLowerCase() : "";
    if (text === "yes" || text === "true") return value(true);
    if (text === "no" || text === "false") return value(false);
    return error(`${subject} must be yes or no.`);
  }),
  // A file is an upload, which planAnswers stores; a value in its place is no file.
  file: single((_raw, _q, subject) => error(`${subject} must be a file.`)),
} satisfies Record<QuestionType, Reader>;

/** Reads and checks one non-file answer by its question's type. */
export function readAnswer(q: Question, raw: unknown): Outcome {
  return ANSWER_READERS[q.type](raw, q, q.standard ? `The ${attribute(q.label)} field` : "The answer");
}

export type Intent = "draft" | "submit";

export interface AnswerPlan {
  /** Checked answers, file answers holding the kept file ids. */
  answers: Answers;
  /** New files to store, by question key (their ids replace `answers[key]`). */
  uploads: Map<string, File>;
  errors: FieldErrors;
}

/**
 * Checks the applicant's answers against the form. A draft only checks what was filled in; a submit
 * also needs every required question that applies. A question whose rule hides it (by the answers given
 * here) is neither required nor kept. Unknown keys are ignored. A file question answered without a new
 * file keeps the file of the earlier draft.
 */
export async function planAnswers(
  questions: Question[],
  input: Map<string, unknown>,
  previous: Answers,
  intent: Intent,
): Promise<AnswerPlan> {
  const plan: AnswerPlan = { answers: {}, uploads: new Map(), errors: {} };
  const fail = (key: string, message: string) => (plan.errors[`answers.${key}`] = [message]);
  const read = new Map(questions.filter((q) => q.type !== "file").map((q) => [q.key, readAnswer(q, input.get(q.key))]));
  const applying = applyingQuestions(
    questions.map((q) => ({ id: q.key, type: q.type, show_if: q.showIf })),
    (key) => {
      const outcome = read.get(key);
      return outcome?.kind === "value" ? outcome.value : undefined;
    },
  );
  for (const q of questions) {
    if (!applying.has(q.key)) continue;
    const raw = input.get(q.key);
    if (q.type === "file") {
      const file = (Array.isArray(raw) ? raw : [raw]).find((item): item is File => item instanceof File && item.size > 0);
      if (file) {
        const checked = await checkUpload(file, ANSWER_FILE_RULES);
        if (checked.ok) plan.uploads.set(q.key, file);
        else fail(q.key, checked.message);
      } else if (typeof previous[q.key] === "string") {
        plan.answers[q.key] = previous[q.key];
      } else if (intent === "submit" && q.required) {
        fail(q.key, requiredMessage(q));
      }
      continue;
    }
    const outcome = read.get(q.key) ?? EMPTY;
    if (outcome.kind === "error") fail(q.key, outcome.message);
    else if (outcome.kind === "value") plan.answers[q.key] = outcome.value;
    else if (intent === "submit" && q.required) fail(q.key, requiredMessage(q));
  }
  return plan;
}

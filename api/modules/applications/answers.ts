import { z } from "zod";
import { STANDARD_QUESTIONS, type QuestionType } from "#schemas/events.ts";
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
}

export const ANSWER_FILE_RULES: UploadRules = {
  maxBytes: 5 * 1024 * 1024,
  types: ["application/pdf", "image/png", "image/jpeg", "image/gif", "image/webp"],
};

export const SHORT_TEXT_MAX = 500;
export const LONG_TEXT_MAX = 5000;

const KNOWN_TYPES = new Set<string>([
  "short_text",
  "long_text",
  "number",
  "email",
  "url",
  "phone",
  "date",
  "single_choice",
  "multiple_choice",
  "dropdown",
  "yes_no",
  "file",
]);

/** The form's questions in display order: enabled standard fields first, then the custom ones. */
export function questionsOf(form: { questions: StandardQuestions; customQuestions: CustomQuestion[] }): Question[] {
  const standard = STANDARD_QUESTIONS.filter((q) => form.questions[q.key]?.enabled).map((q) => ({
    key: q.key,
    label: q.label,
    type: q.type as QuestionType,
    required: Boolean(form.questions[q.key]?.required),
    options: [],
    standard: true,
  }));
  const custom = form.customQuestions.map((q) => ({
    key: q.id,
    label: q.label,
    type: (KNOWN_TYPES.has(q.type) ? q.type : "short_text") as QuestionType,
    required: q.required,
    options: q.options ?? [],
    standard: false,
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

/** Reads and checks one non-file answer by its question's type. */
export function readAnswer(q: Question, raw: unknown): Outcome {
  const subject = q.standard ? `The ${attribute(q.label)} field` : "The answer";
  if (q.type === "multiple_choice") {
    const list = toList(raw).filter((item) => !isBlank(item));
    if (!list.length) return EMPTY;
    if (list.some((item) => typeof item !== "string")) return error("Each answer must be one of the options.");
    const chosen = [...new Set((list as string[]).map((item) => item.trim()))];
    if (chosen.some((item) => !q.options.includes(item))) return error("Each answer must be one of the options.");
    return value(chosen);
  }
  // Any other type takes one value; a field sent twice with one value left is still one value.
  let single = raw;
  if (Array.isArray(single)) {
    const filled = single.filter((item) => !isBlank(item));
    if (filled.length > 1) return error(`${subject} must be a single value.`);
    single = filled[0];
  }
  if (isBlank(single)) return EMPTY;
  if (q.type === "yes_no") {
    if (typeof single === "boolean") return value(single);
    const text = typeof single === "string" ? single.trim().toLowerCase() : "";
    if (text === "yes" || text === "true") return value(true);
    if (text === "no" || text === "false") return value(false);
    return error(`${subject} must be yes or no.`);
  }
  if (q.type === "number") {
    if (typeof single === "number") return Number.isFinite(single) ? value(single) : error(`${subject} must be a number.`);
    const text = typeof single === "string" ? single.trim() : "";
    const n = Number(text);
    return NUMBER.test(text) && Number.isFinite(n) ? value(n) : error(`${subject} must be a number.`);
  }
  if (typeof single !== "string" && typeof single !== "number") return error(`${subject} must be text.`);
  // Forms send line breaks as CRLF, JSON clients as LF: stored the same either way.
  const text = String(single).trim().replace(/\r\n?/g, "\n");
  if (hasUnstorableText(text)) return error(UNSTORABLE_TEXT_MESSAGE);
  switch (q.type) {
    case "long_text":
      return text.length > LONG_TEXT_MAX ? error(`${subject} must not be greater than ${LONG_TEXT_MAX} characters.`) : value(text);
    case "email":
      return text.length <= 255 && emailSchema.safeParse(text).success ? value(text) : error(`${subject} must be a valid email address.`);
    case "url":
      return text.length <= 2048 && urlSchema.safeParse(text).success
        ? value(text)
        : error(`${subject} must be a valid URL starting with http:// or https://.`);
    case "phone":
      return PHONE.test(text) && /\d/.test(text) ? value(text) : error(`${subject} must be a valid phone number.`);
    case "date":
      return isRealDate(text) ? value(text) : error(`${subject} must be a valid date (YYYY-MM-DD).`);
    case "single_choice":
    case "dropdown":
      return q.options.includes(text) ? value(text) : error("The answer must be one of the options.");
    default:
      return text.length > SHORT_TEXT_MAX ? error(`${subject} must not be greater than ${SHORT_TEXT_MAX} characters.`) : value(text);
  }
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
 * also needs every required question. Unknown keys are ignored. A file question answered without a
 * new file keeps the file of the earlier draft.
 */
export async function planAnswers(
  questions: Question[],
  input: Map<string, unknown>,
  previous: Answers,
  intent: Intent,
): Promise<AnswerPlan> {
  const plan: AnswerPlan = { answers: {}, uploads: new Map(), errors: {} };
  const fail = (key: string, message: string) => (plan.errors[`answers.${key}`] = [message]);
  for (const q of questions) {
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
    const outcome = readAnswer(q, raw);
    if (outcome.kind === "error") fail(q.key, outcome.message);
    else if (outcome.kind === "value") plan.answers[q.key] = outcome.value;
    else if (intent === "submit" && q.required) fail(q.key, requiredMessage(q));
  }
  return plan;
}

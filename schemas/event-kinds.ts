/*
 * The kinds of event a form can be (category, and online, in person or hybrid), its statuses, questions
 * and currencies, without the form's rules (events.ts): lists, filters and answers read these on screens
 * that have no form to check, and so load no validation library.
 */
export const EVENT_CATEGORIES = [
  "Conference",
  "Workshop",
  "Meetup",
  "Hackathon",
  "Demo day",
  "Pitch competition",
  "Networking",
  "Webinar",
  "Accelerator programme",
  "Other",
] as const;

export const EVENT_NATURES = [
  { value: "online", label: "Online" },
  { value: "in_person", label: "In person" },
  { value: "hybrid", label: "Hybrid" },
] as const;
export type EventNature = (typeof EVENT_NATURES)[number]["value"];

export const EVENT_FORM_STATUSES = ["draft", "published", "closed"] as const;
export type EventFormStatus = (typeof EVENT_FORM_STATUSES)[number];

export const CURRENCIES = ["USD", "EUR", "GBP", "NGN", "KES", "GHS", "ZAR", "INR", "CAD", "AUD"] as const;

/** The standard applicant fields a form can switch on, in display order. */
export const STANDARD_QUESTIONS = [
  { key: "full_name", label: "Full name", type: "short_text" },
  { key: "email", label: "Email", type: "email" },
  { key: "phone", label: "Phone", type: "phone" },
  { key: "company", label: "Company", type: "short_text" },
  { key: "role", label: "Role", type: "short_text" },
  { key: "website", label: "Website", type: "url" },
  { key: "linkedin", label: "LinkedIn", type: "url" },
  { key: "city", label: "City", type: "short_text" },
] as const satisfies readonly { key: string; label: string; type: QuestionType }[];
export type StandardQuestionKey = (typeof STANDARD_QUESTIONS)[number]["key"];

export const QUESTION_TYPES = [
  { value: "short_text", label: "Short text" },
  { value: "long_text", label: "Long text" },
  { value: "number", label: "Number" },
  { value: "email", label: "Email" },
  { value: "url", label: "URL" },
  { value: "phone", label: "Phone" },
  { value: "date", label: "Date" },
  { value: "single_choice", label: "Single choice" },
  { value: "multiple_choice", label: "Multiple choice" },
  { value: "dropdown", label: "Dropdown" },
  { value: "yes_no", label: "Yes / no" },
  { value: "file", label: "File upload" },
] as const;
/** Every kind of question there is: the type is this list, so code that handles each kind is asked for a new one. */
export type QuestionType = (typeof QUESTION_TYPES)[number]["value"];
export const CHOICE_TYPES: readonly QuestionType[] = ["single_choice", "multiple_choice", "dropdown"];

const QUESTION_TYPE_SET: ReadonlySet<string> = new Set(QUESTION_TYPES.map((type) => type.value));

/**
 * A stored or typed-in kind as a question type: a kind this list does not hold (a question saved before
 * its kind was removed, the builder's empty choice) is asked as short text.
 */
export const questionTypeOf = (kind: unknown): QuestionType =>
  typeof kind === "string" && QUESTION_TYPE_SET.has(kind) ? (kind as QuestionType) : "short_text";

/** Statuses an owner moves a submitted application through. */
export const REVIEW_STATUSES = ["pending", "shortlisted", "accepted", "rejected", "waitlisted"] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/** What a status says after "Your application to {event} is", in the applicant's notification and mail. */
export const REVIEW_WORDS: Record<ReviewStatus, string> = {
  pending: "back to pending",
  shortlisted: "shortlisted",
  accepted: "accepted",
  rejected: "not accepted",
  waitlisted: "waitlisted",
};

import { z } from "zod";
import { booleanField, checkbox, headerText, imageField, optionalText, requiredText, storableString, urlField } from "./fields.ts";
import { idField } from "./id-fields.ts";
import { RULE_SOURCE_TYPES, ruleOptionsOf, ruleSourceIndex } from "./question-rules.ts";
import { LOCAL_DATETIME, isRealLocalDateTime, isTimeZone, zonedToInstant } from "./time.ts";
import {
  CHOICE_TYPES,
  CURRENCIES,
  EVENT_CATEGORIES,
  EVENT_FORM_STATUSES,
  EVENT_NATURES,
  QUESTION_TYPES,
  REVIEW_STATUSES,
  STANDARD_QUESTIONS,
  type EventNature,
  type QuestionType,
  type StandardQuestionKey,
} from "./event-kinds.ts";

// The constants stand without the form library (event-kinds.ts); they are re-exported for the forms and the API.
export * from "./event-kinds.ts";

const enumOf = <T extends readonly [string, ...string[]]>(label: string, values: T) =>
  z.enum(values, {
    error: (issue) =>
      issue.input === undefined || issue.input === "" ? `The ${label} field is required.` : `The selected ${label} is invalid.`,
  });

const NATURE_VALUES = EVENT_NATURES.map((n) => n.value) as [EventNature, ...EventNature[]];
export const QUESTION_TYPE_VALUES = QUESTION_TYPES.map((q) => q.value) as [QuestionType, ...QuestionType[]];

export const collectionSchema = z.object({ name: requiredText("name", 120) });

const localDateTime = (label: string) =>
  z
    .string({ error: `The ${label} field is required.` })
    .trim()
    .min(1, `The ${label} field is required.`)
    .regex(LOCAL_DATETIME, { message: `The ${label} must be a date and time.`, abort: true })
    .refine(isRealLocalDateTime, `The ${label} must be a real date and time.`);

/** Choice options: a list, or one option per line from a textarea. */
const linesField = (item: string, most: string) =>
  z.preprocess(
    (v) => (typeof v === "string" ? v.split("\n") : (v ?? [])),
    z
      // conform hands an empty box over as [undefined].
      .array(z.string().optional())
      .transform((options) => [...new Set(options.map((o) => o?.trim() ?? "").filter(Boolean))])
      .pipe(z.array(storableString().max(100, `Each ${item} must not be greater than 100 characters.`)).max(30, most)),
  );
const optionsField = linesField("option", "A question may have at most 30 options.");

/**
 * "Show only when": the earlier question by id or label (a select of earlier questions sends either; a
 * resource sent back sends `question_id`) and its answers that show this one. No question, no rule.
 */
const showIfField = z.preprocess(
  (v) => {
    if (!v || typeof v !== "object" || Array.isArray(v)) return v === "" || v === null ? undefined : v;
    const rule = v as Record<string, unknown>;
    return { question: rule.question ?? rule.question_id, values: rule.values };
  },
  z
    .object({
      question: storableString().trim().max(200, "Choose an earlier question.").optional(),
      values: linesField("value", "A rule may name at most 30 values."),
    })
    .optional()
    .transform((rule) => (rule?.question ? { question: rule.question, values: rule.values } : undefined)),
);

export const customQuestionSchema = z
  .object({
    id: z
      .string()
      .regex(/^[a-z0-9-]{1,40}$/)
      .optional(),
    label: requiredText("question", 200),
    help_text: optionalText("help text", 500),
    type: enumOf("question type", QUESTION_TYPE_VALUES),
    required: checkbox.default(false),
    options: optionsField,
    show_if: showIfField,
  })
  .refine((q) => !CHOICE_TYPES.includes(q.type) || q.options.length >= 2, {
    path: ["options"],
    message: "A choice question needs at least two options.",
  });
export type CustomQuestionInput = z.output<typeof customQuestionSchema>;

/**
 * Each rule names an earlier question with options, and values among those options. Only earlier: a
 * question never waits on itself or on one asked after it, so rules can chain but never go round.
 */
function checkRules(questions: Partial<CustomQuestionInput>[], ctx: z.RefinementCtx) {
  questions.forEach((q, index) => {
    const rule = q?.show_if;
    // A rule that failed its own shape has its error already.
    if (typeof rule?.question !== "string" || !Array.isArray(rule.values)) return;
    const at = (field: string, message: string) =>
      ctx.addIssue({ code: "custom", path: ["custom_questions", index, "show_if", field], message });
    const source = ruleSourceIndex(questions, rule.question);
    if (source === -1) return at("question", "Show only when must name an earlier question of this form.");
    if (source === index) return at("question", "A question cannot be shown only when it is answered itself.");
    if (source > index) return at("question", "A question can be shown only after an earlier question: choose one above it.");
    const earlier = questions[source];
    if (!RULE_SOURCE_TYPES.includes(earlier.type as QuestionType))
      return at("question", "Show only when needs a question with options (single choice, multiple choice, dropdown or yes / no).");
    if (!rule.values.length) return at("values", "Choose at least one answer that shows this question.");
    const options = ruleOptionsOf({ type: earlier.type ?? "", options: earlier.options });
    const unknown = rule.values.filter((value) => !options.includes(value));
    if (unknown.length) at("values", `“${unknown[0]}” is not one of the options of “${earlier.label}”: ${options.join(", ")}.`);
  });
}

const standardQuestionsField = z
  .object(
    Object.fromEntries(
      STANDARD_QUESTIONS.map((q) => [
        q.key,
        z.object({ enabled: checkbox.default(false), required: checkbox.default(false) }).default({ enabled: false, required: false }),
      ]),
    ) as Record<
      StandardQuestionKey,
      z.ZodDefault<z.ZodObject<{ enabled: z.ZodDefault<typeof checkbox>; required: z.ZodDefault<typeof checkbox> }>>
    >,
  )
  .default(
    Object.fromEntries(STANDARD_QUESTIONS.map((q) => [q.key, { enabled: false, required: false }])) as Record<
      StandardQuestionKey,
      { enabled: boolean; required: boolean }
    >,
  )
  // A required field is always shown.
  .transform((questions) =>
    Object.fromEntries(Object.entries(questions).map(([key, q]) => [key, { enabled: q.enabled || q.required, required: q.required }])),
  );

/** Price details: checked (and kept) only for a paid event; a free event's leftovers are dropped. */
const paidInformationField = z
  .object({
    price: z.string().trim().optional(),
    currency: z.string().trim().optional(),
    includes: optionalText("what the price includes", 1000),
  })
  .optional();
const PRICE = /^\d{1,7}(\.\d{1,2})?$/;

/** The venue's country, an ISO code; whether its city is in the list for it is the API's check (places). */
const venueCountryField = z.preprocess(
  (v) => (typeof v === "string" && !v.trim() ? undefined : v),
  z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, "The selected venue country is invalid.")
    .optional(),
);

/** An event form as the builder submits it and the API stores it (times are local to `timezone`). */
export const eventFormSchema = z
  .object({
    collection_id: idField("The selected collection is invalid.", "The collection field is required."),
    title: headerText("title", 200),
    description: requiredText("description", 5000),
    banner: imageField("banner"),
    category: enumOf("category", EVENT_CATEGORIES),
    nature: enumOf("nature", NATURE_VALUES),
    timezone: z
      .string({ error: "The time zone field is required." })
      .trim()
      .min(1, "The time zone field is required.")
      .refine(isTimeZone, "The selected time zone is invalid."),
    starts_at: localDateTime("start"),
    ends_at: localDateTime("end"),
    venue: optionalText("venue", 300),
    venue_country: venueCountryField,
    venue_city: optionalText("venue city", 120),
    online_link: z.preprocess((v) => (v === "" ? undefined : v), urlField("online link").optional()),
    capacity: z.preprocess(
      (v) => (v === "" || v === null ? undefined : v),
      z.coerce.number().int("The capacity must be a whole number.").min(1, "The capacity must be at least 1.").max(1_000_000).optional(),
    ),
    // A checkbox: absent means no.
    waitlist_enabled: z.preprocess((v) => (v === undefined || v === null || v === "" ? false : v), booleanField("waitlist enabled")),
    // Blank keeps the default: a day to pay.
    waitlist_offer_hours: z.preprocess(
      (v) => (v === undefined || v === null || v === "" ? 24 : v),
      z.coerce
        .number({ error: "The hours to pay must be a whole number from 1 to 168." })
        .int("The hours to pay must be a whole number from 1 to 168.")
        .min(1, "The hours to pay must be a whole number from 1 to 168.")
        .max(168, "The hours to pay must be a whole number from 1 to 168."),
    ),
    application_deadline: z.preprocess((v) => (v === "" ? undefined : v), localDateTime("application deadline").optional()),
    type_of_event: enumOf("type of event", ["free", "paid"] as const),
    paid_event_information: paidInformationField.optional(),
    questions: standardQuestionsField,
    custom_questions: z.array(customQuestionSchema).max(50, "A form may have at most 50 custom questions.").default([]),
  })
  .superRefine((form, ctx) => {
    // zod runs this even when a field failed, so every part is checked for shape before use.
    const times = [form.starts_at, form.ends_at, form.application_deadline].filter((t): t is string => typeof t === "string");
    if (typeof form.timezone === "string" && isTimeZone(form.timezone) && times.every(isRealLocalDateTime)) {
      const at = (local: string) => zonedToInstant(local, form.timezone).getTime();
      if (at(form.ends_at) <= at(form.starts_at))
        ctx.addIssue({ code: "custom", path: ["ends_at"], message: "The end must be after the start." });
      if (form.application_deadline && at(form.application_deadline) > at(form.ends_at)) {
        ctx.addIssue({ code: "custom", path: ["application_deadline"], message: "The application deadline must not be after the end." });
      }
    }
    if (form.nature !== "online" && !form.venue)
      ctx.addIssue({ code: "custom", path: ["venue"], message: "The venue field is required for an in-person or hybrid event." });
    // The city places the event (the weather card reads it); the free-text venue says where in it.
    if (form.nature !== "online" && !form.venue_country) {
      ctx.addIssue({
        code: "custom",
        path: ["venue_country"],
        message: "The venue country field is required for an in-person or hybrid event.",
      });
    }
    if (form.nature !== "online" && !form.venue_city) {
      ctx.addIssue({ code: "custom", path: ["venue_city"], message: "The venue city field is required for an in-person or hybrid event." });
    }
    if (form.nature !== "in_person" && !form.online_link) {
      ctx.addIssue({ code: "custom", path: ["online_link"], message: "The online link field is required for an online or hybrid event." });
    }
    if (form.type_of_event === "paid") {
      const { price, currency } = form.paid_event_information ?? {};
      const issue = (field: string, message: string) => ctx.addIssue({ code: "custom", path: ["paid_event_information", field], message });
      if (!price) issue("price", "The price field is required for a paid event.");
      else if (!PRICE.test(price)) issue("price", "The price must be an amount like 25 or 25.50.");
      else if (Number(price) <= 0) issue("price", "The price must be more than 0.");
      if (!currency) issue("currency", "The currency field is required for a paid event.");
      else if (!(CURRENCIES as readonly string[]).includes(currency)) issue("currency", "The selected currency is invalid.");
    }
    const labels = (Array.isArray(form.custom_questions) ? form.custom_questions : []).map((q) =>
      typeof q?.label === "string" ? q.label.toLowerCase() : null,
    );
    labels.forEach((label, index) => {
      if (label && labels.indexOf(label) !== index)
        ctx.addIssue({ code: "custom", path: ["custom_questions", index, "label"], message: "Each question needs its own label." });
    });
    checkRules(Array.isArray(form.custom_questions) ? form.custom_questions : [], ctx);
  })
  // A free event keeps no price details, whatever the form still held.
  .transform((form) => (form.type_of_event === "paid" ? form : { ...form, paid_event_information: undefined }));
export type EventFormInput = z.output<typeof eventFormSchema>;

export const eventFormStatusSchema = z.object({ status: enumOf("status", EVENT_FORM_STATUSES) });
export const reviewStatusSchema = z.object({ status: enumOf("status", REVIEW_STATUSES) });

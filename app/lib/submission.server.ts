/**
 * The one reader of a panel form submission on the server. Conform treats two field names as its own:
 * `__intent__` (a JSON list action or validation request, sent by its buttons) and `__state__` (JSON of
 * which fields were validated). It throws on anything in them it cannot read, and it spends time out of
 * all proportion on field names such as `links[100000]` (a sparse list that long) or thousands of
 * values. Such a body is never the panel's own form: it is refused here with a form-level message and
 * the fields that were sent, so every action answers it like an invalid form (422, the form again),
 * never with the error screen.
 */
import { parse, type Submission } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod";

export const UNREADABLE_SUBMISSION = "This form could not be read. Check the fields and send it again.";

/** Most fields one panel form sends: an event form of 50 questions with their options stays far below. */
export const MAX_FORM_ENTRIES = 2000;
/** The highest list position a field name may use (no panel list reaches 100 items). */
export const MAX_LIST_INDEX = 199;
/** The most segments of a field name: `custom_questions[3].options[2]` has four. */
export const MAX_NAME_SEGMENTS = 8;

const INTENT = "__intent__";
const STATE = "__state__";

const index = z.number().int().min(0).max(MAX_LIST_INDEX);
const name = z.string().max(200);
/** Conform's intents, exactly as its buttons serialise them. */
const intentSchema = z.discriminatedUnion("type", [
  z.strictObject({ type: z.literal("validate"), payload: z.strictObject({ name: name.optional() }) }),
  z.strictObject({ type: z.literal("reset"), payload: z.strictObject({ name: name.optional(), index: index.optional() }) }),
  z.strictObject({
    type: z.literal("update"),
    payload: z.strictObject({
      name: name.optional(),
      index: index.optional(),
      value: z.unknown().optional(),
      validated: z.boolean().optional(),
    }),
  }),
  z.strictObject({
    type: z.literal("insert"),
    payload: z.strictObject({ name, index: index.optional(), defaultValue: z.unknown().optional() }),
  }),
  z.strictObject({ type: z.literal("remove"), payload: z.strictObject({ name, index }) }),
  z.strictObject({ type: z.literal("reorder"), payload: z.strictObject({ name, from: index, to: index }) }),
]);
const stateSchema = z.strictObject({ validated: z.record(z.string().max(200), z.boolean()) });

const PATH_SEGMENT = /([^.[\]]+)|\[(\d*)\]/g;

/** Whether a field name stays within the sizes a panel form uses (names conform cannot parse it ignores). */
function nameWithinLimits(fieldName: string): boolean {
  const segments = [...fieldName.matchAll(PATH_SEGMENT)];
  return segments.length <= MAX_NAME_SEGMENTS && segments.every(([, , position]) => !position || Number(position) <= MAX_LIST_INDEX);
}

function readsAs(schema: z.ZodType, text: FormDataEntryValue | null): boolean {
  if (text === null) return true;
  if (typeof text !== "string") return false;
  try {
    return schema.safeParse(JSON.parse(text)).success;
  } catch {
    return false;
  }
}

function intentNameWithinLimits(text: FormDataEntryValue | null): boolean {
  if (typeof text !== "string") return true;
  const { payload } = JSON.parse(text) as { payload: { name?: string; index?: number } };
  return nameWithinLimits(`${payload.name ?? ""}${payload.index === undefined ? "" : `[${payload.index}]`}`);
}

/** Whether conform can read the body: the reserved fields well formed, the names and sizes a form has. */
function isReadableSubmission(formData: FormData): boolean {
  const names = [...formData.keys()];
  if (names.length > MAX_FORM_ENTRIES || !names.every(nameWithinLimits)) return false;
  const intents = formData.getAll(INTENT);
  const states = formData.getAll(STATE);
  if (intents.length > 1 || states.length > 1) return false;
  if (!readsAs(intentSchema, formData.get(INTENT)) || !readsAs(stateSchema, formData.get(STATE))) return false;
  if (!intentNameWithinLimits(formData.get(INTENT))) return false;
  try {
    // Conform's own reading, without the schema: what it still throws on (a list intent naming a field
    // that is not a list, a name it cannot parse) is a body it cannot read, not a server fault.
    parse(formData, { resolve: (payload) => ({ value: payload }) }).reply();
    return true;
  } catch {
    return false;
  }
}

/** The submission for an unreadable body: the ordinary fields as sent (as many as a form has), and one form-level message. */
function refused(formData: FormData) {
  const fields = new FormData();
  let kept = 0;
  for (const [key, value] of formData) {
    if (kept === MAX_FORM_ENTRIES) break;
    if (key === INTENT || key === STATE || !nameWithinLimits(key)) continue;
    fields.append(key, value);
    kept++;
  }
  return parse(fields, { resolve: () => ({ error: { "": [UNREADABLE_SUBMISSION] } }) });
}

/**
 * `parseWithZod` for actions: a readable body is parsed as usual, an unreadable one comes back as a
 * failed submission (status "error") carrying `UNREADABLE_SUBMISSION`, which the action answers as it
 * answers any invalid form.
 */
export function parseSubmission<Schema extends z.ZodType<Record<string, unknown>, Record<string, unknown>>>(
  formData: FormData,
  options: { schema: Schema },
): Submission<z.input<Schema>, string[], z.output<Schema>> {
  if (isReadableSubmission(formData)) return parseWithZod(formData, options);
  return refused(formData) as Submission<z.input<Schema>, string[], z.output<Schema>>;
}

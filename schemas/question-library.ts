/** An organization's question library: custom questions saved to be added to other forms. */
import { z } from "zod";
import { timestamp } from "./contract/answers.ts";
import { QUESTION_TYPE_VALUES, customQuestionSchema } from "./events.ts";

/**
 * What a saved question keeps: the question as a form asks it. Not its id (answers belong to one form)
 * nor its rule (the rule names a question of the form it came from, which another form does not have).
 */
export const savedQuestionContent = z.object({
  label: z.string(),
  help_text: z.string().nullable(),
  type: z.enum(QUESTION_TYPE_VALUES),
  required: z.boolean(),
  options: z.array(z.string()),
});
export type SavedQuestionContent = z.output<typeof savedQuestionContent>;

/** One saved question, as `GET /api/v1/admin/question_library` lists it. */
export const savedQuestionView = savedQuestionContent.extend({ id: z.number().int(), created_at: timestamp });
export type SavedQuestionView = z.output<typeof savedQuestionView>;

/** `POST /api/v1/admin/question_library`'s answer. */
export const savedQuestionSaved = z.object({ saved_question: savedQuestionView, message: z.string() });
export type SavedQuestionSaved = z.output<typeof savedQuestionSaved>;

/** A question to save: checked as a form's custom question is (any rule it carries is left behind). */
export const savedQuestionSchema = customQuestionSchema;

/** An organization's question library: custom questions saved to be added to other forms. */
import { customQuestionSchema } from "./events.ts";

/**
 * What a saved question keeps: the question as a form asks it. Not its id (answers belong to one form)
 * nor its rule (the rule names a question of the form it came from, which another form does not have).
 */
export interface SavedQuestionContent {
  label: string;
  help_text: string | null;
  type: string;
  required: boolean;
  options: string[];
}

/** One saved question, as `GET /api/v1/admin/question_library` lists it. */
export interface SavedQuestionView extends SavedQuestionContent {
  id: number;
  created_at: string;
}

/** `POST /api/v1/admin/question_library`'s answer. */
export interface SavedQuestionSaved {
  saved_question: SavedQuestionView;
  message: string;
}

/** A question to save: checked as a form's custom question is (any rule it carries is left behind). */
export const savedQuestionSchema = customQuestionSchema;

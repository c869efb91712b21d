/** What the rubric section posts and is shown again after a refusal: shared by its page and its action. */

export const RUBRIC_INTENT = "rubric";

/** One criterion's row as the form posts it, kept to show again beside its errors. */
export interface RubricRow {
  id: string;
  name: string;
  guidance: string;
  weight: string;
  scale_max: string;
  remove: boolean;
}

/** What the section shows again after a refusal: the rows and settings as posted, and each row's errors. */
export interface RubricRefusal {
  rows: RubricRow[];
  blind: boolean;
  reviewers_per_application: string;
  discuss_threshold: string;
  identifying_questions: string[];
  /** By row, then by field; `form` for what belongs to no row. */
  errors: { rows: Record<number, Record<string, string[]>>; form: Record<string, string[]> };
}

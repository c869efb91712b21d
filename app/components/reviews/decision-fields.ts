/** What the responses list's bulk decision posts and gets back: shared by its page and its action. */
import type { DecisionStatus } from "#schemas/reviews";

export const PREVIEW_DECISION = "preview_decision";
export const MAKE_DECISION = "decision";
/** The form the row checkboxes belong to, wherever they stand on the page. */
export const DECISION_FORM_ID = "decisions";
export const MAX_TOP = 100;

/** How a decision reads: "Accept 2 applications". */
export const DECISION_VERBS: Record<DecisionStatus, string> = { accepted: "Accept", waitlisted: "Waitlist", rejected: "Reject" };

/** A preview waiting for the committee's confirmation. */
export interface DecisionPreview {
  ids: string[];
  status: DecisionStatus;
  notify: boolean;
  changes: number;
  mails: number;
  subject: string;
  text: string;
}

export interface DecisionAnswer {
  decision: DecisionPreview | null;
  decisionError: string | null;
}

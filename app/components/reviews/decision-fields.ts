/** What the responses list's bulk decision posts and gets back: shared by its page and its action. */
import type { DecisionStatus, DecisionsView } from "#schemas/reviews";

export const PREVIEW_DECISION = "preview_decision";
export const MAKE_DECISION = "decision";
/** The form the row checkboxes belong to, wherever they stand on the page. */
export const DECISION_FORM_ID = "decisions";
export const MAX_TOP = 100;

/** How a decision reads: "Accept 2 applications". */
export const DECISION_VERBS: Record<DecisionStatus, string> = { accepted: "Accept", waitlisted: "Waitlist", rejected: "Reject" };
/** Where a decision leaves an application, as a sentence says it. */
export const DECIDED: Record<DecisionStatus, string> = { accepted: "accepted", waitlisted: "on the waitlist", rejected: "rejected" };

/** A preview waiting for the committee's confirmation. */
export type DecisionPreview = NonNullable<DecisionsView["preview"]> & {
  ids: string[];
  status: DecisionStatus;
  notify: boolean;
};

export interface DecisionAnswer {
  decision: DecisionPreview | null;
  decisionError: string | null;
}

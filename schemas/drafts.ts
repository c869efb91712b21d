/** Things a user started and has not finished, as GET /api/v1/admin/drafts lists them. */
export const DRAFT_TYPES = ["application", "event_form"] as const;
export type DraftType = (typeof DRAFT_TYPES)[number];

export const DRAFT_NOT_FOUND = "Draft not found";
export const DRAFT_DISCARDED = "Draft discarded.";

export interface DraftJson {
  type: DraftType;
  /** The application's id or the event form's id. */
  id: number;
  /** The event's name. */
  title: string;
  event_form_id: number;
  starts_at: string;
  ends_at: string;
  timezone: string;
  /** Who runs the event. */
  startup_name: string;
  created_at: string;
  /** The last change: the list's order, newest first. */
  updated_at: string;
}

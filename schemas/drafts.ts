/** Things a user started and has not finished, as GET /api/v1/admin/drafts lists them. */
import { z } from "zod";
import { timestamp } from "./contract/answers.ts";

export const DRAFT_TYPES = ["application", "event_form"] as const;
export type DraftType = (typeof DRAFT_TYPES)[number];

export const DRAFT_NOT_FOUND = "Draft not found";
export const DRAFT_DISCARDED = "Draft discarded.";

export const draftView = z.object({
  type: z.enum(DRAFT_TYPES),
  /** The application's id or the event form's id. */
  id: z.number().int(),
  /** The event's name. */
  title: z.string(),
  event_form_id: z.number().int(),
  starts_at: timestamp,
  ends_at: timestamp,
  timezone: z.string(),
  /** Who runs the event. */
  startup_name: z.string(),
  created_at: timestamp,
  /** The last change: the list's order, newest first. */
  updated_at: timestamp,
});
export type DraftJson = z.output<typeof draftView>;

/*
 * The record of what happened in an organization: a typed list of kinds, each with its own data, written with
 * the change in its own transaction. Its readers are the audit log and the notifications (with their mail and
 * live updates); anything that must learn of a change reads this record rather than being called by the
 * module that made it.
 */
import { z } from "zod";
import { pageOf } from "./contract/answers.ts";
import { optionalIdField } from "./id-fields.ts";
import { isRealLocalDateTime } from "./time.ts";

/** What an entry is about. */
export const ACTIVITY_SUBJECT_TYPES = [
  "event_form",
  "collection",
  "application",
  "billing",
  "coupon",
  "announcement",
  "member",
  "invitation",
  "organization",
  "follow",
  "co_founder_invitation",
  "webhook",
] as const;
export type ActivitySubjectType = (typeof ACTIVITY_SUBJECT_TYPES)[number];

/** Every kind of entry, with what it is about. */
export const ACTIVITY_KINDS = {
  "event_form.created": "event_form",
  "event_form.updated": "event_form",
  "event_form.published": "event_form",
  "event_form.closed": "event_form",
  "event_form.deleted": "event_form",
  "event_form.rubric_updated": "event_form",
  "event_form.reviewers_assigned": "event_form",
  "collection.created": "collection",
  "collection.updated": "collection",
  "collection.deleted": "collection",
  "application.submitted": "application",
  "application.status_changed": "application",
  "application.cancelled": "application",
  "application.waitlist_moved": "application",
  "application.conflict_declared": "application",
  "application.review_submitted": "application",
  "application.commented": "application",
  "application.checked_in": "application",
  "application.check_in_undone": "application",
  "billing.refunded": "billing",
  "billing.status_changed": "billing",
  "coupon.created": "coupon",
  "coupon.updated": "coupon",
  "coupon.deleted": "coupon",
  "announcement.sent": "announcement",
  "member.invited": "invitation",
  "invitation.resent": "invitation",
  "invitation.revoked": "invitation",
  "member.joined": "member",
  "member.role_changed": "member",
  "member.removed": "member",
  "member.left": "member",
  "ownership.transferred": "member",
  "follow.created": "follow",
  "co_founder_invitation.sent": "co_founder_invitation",
  "co_founder_invitation.accepted": "co_founder_invitation",
  "co_founder_invitation.declined": "co_founder_invitation",
  "webhook.created": "webhook",
  "webhook.updated": "webhook",
  "webhook.secret_rotated": "webhook",
  "webhook.deleted": "webhook",
  "webhook.disabled": "webhook",
} as const satisfies Record<string, ActivitySubjectType>;
export type ActivityKind = keyof typeof ACTIVITY_KINDS;

/**
 * What happened to an organization by someone outside it (an applicant applying, a co-founder answering its
 * invitation): on the record, for its readers, but not changes the organization made, so not on its audit log.
 */
export const OUTSIDE_KINDS = [
  "application.submitted",
  "application.cancelled",
  "co_founder_invitation.accepted",
  "co_founder_invitation.declined",
] as const satisfies readonly ActivityKind[];

/** The kinds the audit log shows: every change the organization (a member, or the system for it) made. */
export const AUDITED_KINDS = (Object.keys(ACTIVITY_KINDS) as ActivityKind[]).filter(
  (kind) => !(OUTSIDE_KINDS as readonly ActivityKind[]).includes(kind),
);

/** Who followed whom. */
export interface FollowParty {
  type: "startup" | "organization" | "co_founder";
  id: number;
}

/** A step of an applicant's way through a waitlist. */
export type WaitlistMoveData =
  { move: "joined"; position: number } | { move: "admitted" } | { move: "offered"; offered_until: string } | { move: "lapsed" };

/**
 * What an entry carries beyond its subject and changes, by kind, for the readers that act on it (kinds not
 * listed carry nothing more). It is kept with the entry, so a later reader sees what the first one saw.
 */
export interface ActivityDataByKind {
  "application.submitted": { applicant_id: number; status: string; submitted_at: string | null; waitlist_position: number | null };
  /** `quiet`: the applicant is not told (a bulk decision made without telling them). */
  "application.status_changed": { applicant_id: number; status: string; quiet?: boolean };
  /** The members the comment named with @ (told), and its opening words for what tells them. */
  "application.commented": { comment_id: number; mentioned_ids: number[]; excerpt: string };
  "application.waitlist_moved": { applicant_id: number } & WaitlistMoveData;
  "billing.status_changed": { status: string };
  "billing.refunded": { status: string; unapplied_amount: string | null };
  "follow.created": { follower: FollowParty; followee: FollowParty };
  /** The endpoint's URL, and since when every call to it failed. */
  "webhook.disabled": { url: string; failing_since: string };
}
export type ActivityData<Kind extends ActivityKind> = Kind extends keyof ActivityDataByKind ? ActivityDataByKind[Kind] : undefined;

/** A changed field's value before and after (null where it had none). */
export type ActivityChange = { from: unknown; to: unknown };
export type ActivityChanges = Record<string, ActivityChange>;

/** One row of `GET /api/v1/admin/audit_log`. */
export const auditLogEntry = z.object({
  id: z.number().int(),
  at: z.string(),
  actor: z.object({ id: z.number().int().nullable(), name: z.string().nullable() }),
  kind: z.enum(Object.keys(ACTIVITY_KINDS) as [ActivityKind, ...ActivityKind[]]),
  subject: z.object({ type: z.enum(ACTIVITY_SUBJECT_TYPES), id: z.number().int().nullable(), label: z.string() }),
  changes: z.record(z.string(), z.object({ from: z.unknown(), to: z.unknown() })),
});
export type AuditLogEntry = z.output<typeof auditLogEntry>;

/** How each kind reads on the audit log's screen and in its CSV. */
export const ACTIVITY_KIND_LABELS: Record<ActivityKind, string> = {
  "event_form.created": "Event form created",
  "event_form.updated": "Event form updated",
  "event_form.published": "Event form published",
  "event_form.closed": "Event form closed",
  "event_form.deleted": "Event form deleted",
  "event_form.rubric_updated": "Review rubric updated",
  "event_form.reviewers_assigned": "Reviewers assigned",
  "collection.created": "Collection created",
  "collection.updated": "Collection updated",
  "collection.deleted": "Collection deleted",
  "application.submitted": "Application submitted",
  "application.status_changed": "Application status changed",
  "application.cancelled": "Application cancelled by the applicant",
  "application.waitlist_moved": "Waitlist moved",
  "application.conflict_declared": "Conflict declared",
  "application.review_submitted": "Review submitted",
  "application.commented": "Comment added",
  "application.checked_in": "Checked in",
  "application.check_in_undone": "Check-in undone",
  "billing.refunded": "Refund made",
  "billing.status_changed": "Payment status changed",
  "coupon.created": "Coupon created",
  "coupon.updated": "Coupon updated",
  "coupon.deleted": "Coupon deleted",
  "announcement.sent": "Announcement sent",
  "member.invited": "Member invited",
  "invitation.resent": "Invitation resent",
  "invitation.revoked": "Invitation revoked",
  "member.joined": "Member joined",
  "member.role_changed": "Member role changed",
  "member.removed": "Member removed",
  "member.left": "Member left",
  "ownership.transferred": "Ownership transferred",
  "follow.created": "Followed",
  "co_founder_invitation.sent": "Co-founder invited",
  "co_founder_invitation.accepted": "Co-founder invitation accepted",
  "co_founder_invitation.declined": "Co-founder invitation declined",
  "webhook.created": "Webhook added",
  "webhook.updated": "Webhook changed",
  "webhook.secret_rotated": "Webhook secret rotated",
  "webhook.deleted": "Webhook deleted",
  "webhook.disabled": "Webhook turned off after failing",
};

/** A changed value as text: none shown as "—", lists and objects as JSON; `max` shortens long text. */
export function changeValueText(value: unknown, max = Infinity): string {
  const text =
    value === null || value === undefined || value === ""
      ? "—"
      : typeof value === "boolean"
        ? value
          ? "yes"
          : "no"
        : typeof value === "object"
          ? JSON.stringify(value)
          : String(value);
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** An entry's changes, one "field: before → after" line each, as the screen and the CSV show them. */
export const changeLines = (changes: ActivityChanges, max = Infinity): string[] =>
  Object.entries(changes).map(([field, { from, to }]) => `${field}: ${changeValueText(from, max)} → ${changeValueText(to, max)}`);

/** A calendar day, "YYYY-MM-DD", that exists. */
export const isRealDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && isRealLocalDateTime(`${value}T00:00`);

const blankAsMissing = (value: unknown) => (value === "" || value === null ? undefined : value);
const dayField = (label: string) =>
  z.preprocess(
    blankAsMissing,
    z
      .string()
      .refine(isRealDay, { message: `The ${label} date must be a date (YYYY-MM-DD).` })
      .optional(),
  );

/**
 * The audit log's filters (`GET /api/v1/admin/audit_log` and its CSV): who, what kind, which event form, and
 * the days from and to (both included, on the reader's clock). A value that is not one is refused on its field.
 */
export const auditLogFilterFields = {
  actor_id: optionalIdField("The selected member is invalid."),
  kind: z.preprocess(
    blankAsMissing,
    z.enum(AUDITED_KINDS as [ActivityKind, ...ActivityKind[]], { error: "The selected kind is invalid." }).optional(),
  ),
  event_form_id: optionalIdField("The selected event form is invalid."),
  from: dayField("from"),
  to: dayField("to"),
};

/** The days of a window in order (the filters, and the list's query that has them too). */
export const datesInOrder = <S extends z.ZodType<{ from?: string; to?: string }>>(schema: S) =>
  schema.refine((f) => !f.from || !f.to || f.from <= f.to, {
    path: ["to"],
    message: "The to date must be a date after or equal to the from date.",
  });

export const auditLogFiltersSchema = datesInOrder(z.object(auditLogFilterFields));
export type AuditLogFilters = z.output<typeof auditLogFiltersSchema>;

/** Someone or something the log's filters offer, by the name last seen. */
export const auditLogOption = z.object({ id: z.number().int(), name: z.string() });
export type AuditLogOption = z.output<typeof auditLogOption>;

/** `GET /api/v1/admin/audit_log`: a page of entries, newest first, and who and which forms the filters offer. */
export const auditLogPage = pageOf(auditLogEntry).extend({ actors: z.array(auditLogOption), event_forms: z.array(auditLogOption) });
export type AuditLogPage = z.output<typeof auditLogPage>;

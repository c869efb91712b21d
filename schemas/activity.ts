/*
 * The record of what happened in an organization: a typed list of kinds, written with the change in its own
 * transaction. The audit log is its first reader; anything that must learn of a change reads this record
 * rather than being called by the module that made it.
 */

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
] as const;
export type ActivitySubjectType = (typeof ACTIVITY_SUBJECT_TYPES)[number];

/** Every kind of entry, with what it is about. */
export const ACTIVITY_KINDS = {
  "event_form.created": "event_form",
  "event_form.updated": "event_form",
  "event_form.published": "event_form",
  "event_form.closed": "event_form",
  "event_form.deleted": "event_form",
  "collection.created": "collection",
  "collection.updated": "collection",
  "collection.deleted": "collection",
  "application.status_changed": "application",
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
} as const satisfies Record<string, ActivitySubjectType>;
export type ActivityKind = keyof typeof ACTIVITY_KINDS;
export const ACTIVITY_KIND_NAMES = Object.keys(ACTIVITY_KINDS) as ActivityKind[];

/** A changed field's value before and after (null where it had none). */
export type ActivityChange = { from: unknown; to: unknown };
export type ActivityChanges = Record<string, ActivityChange>;

/** One row of `GET /api/v1/admin/audit_log`. */
export interface AuditLogEntry {
  id: number;
  at: string;
  actor: { id: number | null; name: string | null };
  kind: ActivityKind;
  subject: { type: ActivitySubjectType; id: number | null; label: string };
  changes: ActivityChanges;
}

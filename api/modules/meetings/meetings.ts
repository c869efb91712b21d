/**
 * An event form's video meeting: created with the caller's connected provider, moved when the event's
 * time changes, shown to the form's editors here and to accepted applicants through ./join-link.ts.
 */
import type { OrganizationAccess } from "#api/lib/owner.ts";
import { and, eq, isNull } from "drizzle-orm";
import type { EventMeeting, FormMeetingView, MeetingProviderKey } from "#schemas/meetings.ts";
import { eventForms } from "#api/db/events-schema.ts";
import type { MeetingDetails } from "#api/integrations/meetings/oauth.ts";
import { fieldError, HttpError, notFound } from "#api/lib/errors.ts";
import { EVENT_FORM_NOT_FOUND } from "../event-forms/service.ts";
import { connectionStates } from "./connections.ts";
import { adapter, label, type MeetingsContext } from "./providers.ts";
import { withAccessToken } from "./tokens.ts";
import { managedFormsWhere } from "../event-forms/ownership.ts";

type FormRow = typeof eventForms.$inferSelect;
type MeetingColumns = Pick<FormRow, "meetingProvider" | "meetingExternalId" | "meetingJoinUrl">;

export const NO_MEETING = "This event form has no meeting.";
export const IN_PERSON_ONLY =
  "Only online and hybrid events can have a meeting. Set the event's nature to Online or Hybrid and save the form first.";

export function meetingOf(form: MeetingColumns): EventMeeting | null {
  if (!form.meetingProvider || !form.meetingExternalId || !form.meetingJoinUrl) return null;
  return {
    provider: form.meetingProvider,
    provider_label: label(form.meetingProvider),
    external_id: form.meetingExternalId,
    join_url: form.meetingJoinUrl,
  };
}

const details = (form: Pick<FormRow, "title" | "description" | "startsAt" | "endsAt" | "timezone">): MeetingDetails => ({
  title: form.title,
  description: form.description,
  startsAt: form.startsAt,
  endsAt: form.endsAt,
  timezone: form.timezone,
});

/**
 * A form of the caller's startup, found only where they may edit it (the event forms' rule: their own
 * startup's forms, with `event form write` checked by the route): any other is as good as missing.
 */
async function editableForm(ctx: MeetingsContext, access: OrganizationAccess, formId: number): Promise<FormRow> {
  const [form] = await ctx.db.select().from(eventForms).where(managedFormsWhere(access, formId));
  if (!form) throw notFound(EVENT_FORM_NOT_FOUND);
  return form;
}

/** The edit page's meeting section: the meeting, whether the form may have one, and the caller's providers. */
export async function formMeeting(
  ctx: MeetingsContext,
  caller: { userId: number; access: OrganizationAccess },
  formId: number,
): Promise<FormMeetingView> {
  const form = await editableForm(ctx, caller.access, formId);
  return {
    meeting: meetingOf(form),
    can_have_meeting: form.nature !== "in_person",
    providers: await connectionStates(ctx, caller.userId),
  };
}

export async function createMeeting(
  ctx: MeetingsContext,
  caller: { userId: number; access: OrganizationAccess },
  formId: number,
  provider: MeetingProviderKey,
): Promise<EventMeeting> {
  const form = await editableForm(ctx, caller.access, formId);
  if (form.nature === "in_person") throw fieldError("provider", IN_PERSON_ONLY);
  const existing = meetingOf(form);
  if (existing) throw fieldError("provider", `This event form already has a ${existing.provider_label} meeting.`);
  const provide = adapter(ctx, provider);
  const connectFirst = () => fieldError("provider", `Connect ${label(provider)} first: Integrations → ${label(provider)}.`);
  const created = await withAccessToken(ctx, caller.userId, provider, connectFirst, (authorized) =>
    provide.createMeeting(authorized, details(form)),
  );
  const [stored] = await ctx.db
    .update(eventForms)
    .set({
      meetingProvider: provider,
      meetingExternalId: created.externalId,
      meetingJoinUrl: created.joinUrl,
      meetingCreatedByUserId: caller.userId,
    })
    // Another editor may have created one meanwhile: the first one stored stays.
    .where(and(managedFormsWhere(caller.access, form.id), isNull(eventForms.meetingExternalId)))
    .returning({ id: eventForms.id });
  if (!stored) throw fieldError("provider", "Someone else created a meeting for this form at the same time; theirs is kept.");
  return { provider, provider_label: label(provider), external_id: created.externalId, join_url: created.joinUrl };
}

/** Tells the provider the form's current title and times, with the connection of whoever created the meeting. */
async function pushTimes(ctx: MeetingsContext, form: FormRow): Promise<EventMeeting> {
  const meeting = meetingOf(form);
  if (!meeting) throw notFound(NO_MEETING);
  const provider = meeting.provider;
  const gone = () =>
    new HttpError(
      409,
      `The ${label(provider)} connection of the person who created this meeting is gone, so it cannot be changed from here.`,
    );
  if (!form.meetingCreatedByUserId) throw gone();
  const provide = adapter(ctx, provider);
  await withAccessToken(ctx, form.meetingCreatedByUserId, provider, gone, (authorized) =>
    provide.updateMeeting(authorized, meeting.external_id, details(form)),
  );
  return meeting;
}

/** PUT …/meeting: the form's times again, for when an earlier move failed. */
export async function updateMeeting(ctx: MeetingsContext, caller: { access: OrganizationAccess }, formId: number): Promise<EventMeeting> {
  return pushTimes(ctx, await editableForm(ctx, caller.access, formId));
}

/**
 * After a saved edit: when the form has a meeting and its title, time or zone changed, the meeting moves
 * too. The save stands whatever the provider says; a failure comes back as a warning for the editor.
 */
export async function moveMeetingAfterEdit(ctx: MeetingsContext, before: FormRow): Promise<string | null> {
  if (!meetingOf(before)) return null;
  const [after] = await ctx.db.select().from(eventForms).where(eq(eventForms.id, before.id));
  if (!after || !meetingOf(after)) return null;
  const moved =
    after.startsAt.getTime() !== before.startsAt.getTime() ||
    after.endsAt.getTime() !== before.endsAt.getTime() ||
    after.timezone !== before.timezone ||
    after.title !== before.title;
  if (!moved) return null;
  try {
    await pushTimes(ctx, after);
    return null;
  } catch (error) {
    const why = error instanceof HttpError ? ` ${error.message}` : "";
    return `The form was saved, but its ${label(after.meetingProvider!)} meeting could not be moved.${why} Use “Update meeting” to try again.`;
  }
}

/**
 * The record of what happened is what tells: a change writes its entry, and the notifications, mails and
 * live updates follow from the entry in the same transaction. What others did to an organization is on its
 * record but not its audit log; what the system did for it (the waitlist, a provider's payment) is on both,
 * as nobody's.
 */
import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ActivityKind } from "#schemas/activity.ts";
import { activities } from "#api/db/organization-schema.ts";
import { notifications } from "#api/db/realtime-schema.ts";
import { ownerWithForm, sendApplication } from "#api/testing/application-fixtures.ts";
import { auditLog, AUDIT_LOG, newest } from "#api/testing/audit-fixtures.ts";
import { coFounderWith, startupOwner } from "#api/testing/co-founder-fixtures.ts";
import { registered } from "#api/testing/fixtures.ts";
import type { TestApi } from "#api/testing/harness.ts";
import { createRecordingTestApi } from "#api/testing/recording-broadcaster.ts";

let t: TestApi;
beforeAll(async () => {
  ({ t } = await createRecordingTestApi());
});
afterAll(() => t.close());

/** The newest entry of a kind in an organization's record, as stored. */
async function recorded(organizationId: number | null, kind: ActivityKind) {
  const [row] = await t.database.db
    .select()
    .from(activities)
    .where(and(organizationId === null ? undefined : eq(activities.organizationId, organizationId), eq(activities.kind, kind)))
    .orderBy(desc(activities.id))
    .limit(1);
  return row;
}

const titlesOf = async (userId: number) =>
  (await t.database.db.select({ title: notifications.title }).from(notifications).where(eq(notifications.userId, userId))).map(
    (n) => n.title,
  );

describe("an application arriving", () => {
  it("is on the organization's record with what its readers need, tells the owner, and stays off the audit log", async () => {
    const { owner, form } = await ownerWithForm(t);
    const applicant = await registered(t, "Ada Applicant");
    const sent = await sendApplication(applicant.client, form.id, { full_name: "Ada Applicant", email: applicant.email });
    expect(sent.status).toBe(201);

    const entry = await recorded(form.startupId, "application.submitted");
    expect(entry).toMatchObject({
      actorId: applicant.id,
      subjectId: sent.body.event_application.id,
      subjectLabel: "Ada Applicant",
      eventFormId: form.id,
      data: { applicant_id: applicant.id, status: "pending", waitlist_position: null },
    });
    expect(await titlesOf(owner.id)).toContain(`New application to ${form.title}`);

    expect((await auditLog(owner.client)).data.map((e) => e.kind)).not.toContain("application.submitted");
    const asked = await owner.client.get(`${AUDIT_LOG}?kind=application.submitted`);
    expect(asked.status).toBe(422);
    expect(asked.body.errors.kind).toEqual(["The selected kind is invalid."]);
  });
});

describe("the waitlist", () => {
  it("records each move it makes as nobody's on the audit log, and the applicant hears it from the entry", async () => {
    const { owner, form } = await ownerWithForm(t, { capacity: 1, waitlistEnabled: true });
    const holder = await registered(t, "Hold Fast");
    const held = await sendApplication(holder.client, form.id, { full_name: "Hold Fast", email: holder.email });
    const waiter = await registered(t, "Wait Long");
    const waiting = await sendApplication(waiter.client, form.id, { full_name: "Wait Long", email: waiter.email });
    expect(waiting.body.event_application.status).toBe("waitlisted");
    expect(await recorded(form.startupId, "application.submitted")).toMatchObject({ data: { waitlist_position: 1 } });

    const cancelled = await holder.client.put(`/api/v1/admin/event_applications/${held.body.event_application.id}/cancel_apply`, {});
    expect(cancelled.status).toBe(200);
    expect(await newest(owner.client, "application.waitlist_moved")).toMatchObject({
      actor: { id: null, name: null },
      subject: { type: "application", id: waiting.body.event_application.id, label: "Wait Long" },
      changes: { status: { from: "waitlisted", to: "pending" } },
    });
    expect(await titlesOf(waiter.id)).toContain(`Your application to ${form.title} is in: a place opened for you`);
  });
});

describe("co-founders", () => {
  it("an organization's follow and invitation are on its audit log; the answer is on its record, not its log", async () => {
    const startup = await startupOwner(t);
    const person = await coFounderWith(t, { name: "Grace Builder" });
    const organizationId = startup.startup.id;

    const followed = await startup.client.post("/api/v1/admin/follow", { followee_type: "co_founder", followee_id: person.profile.id });
    expect(followed.status).toBe(200);
    expect(await newest(startup.client, "follow.created")).toMatchObject({
      actor: { id: startup.id },
      subject: { type: "follow", id: person.profile.id, label: "Grace Builder" },
    });
    expect(await titlesOf(person.id)).toContain(`${startup.startup.name} started following you`);

    const invited = await startup.client.post("/api/v1/admin/co_founder_invitations", { co_founder_id: person.profile.id });
    expect(invited.status).toBe(201);
    const invitationId = invited.body.invitation.id;
    expect(await newest(startup.client, "co_founder_invitation.sent")).toMatchObject({
      subject: { type: "co_founder_invitation", id: invitationId, label: "Grace Builder" },
    });
    expect(await titlesOf(person.id)).toContain(`${startup.startup.name} invited you to join their team`);

    expect((await person.client.post(`/api/v1/admin/co_founder_invitations/${invitationId}/accept`, {})).status).toBe(200);
    expect(await recorded(organizationId, "co_founder_invitation.accepted")).toMatchObject({ actorId: person.id, subjectId: invitationId });
    expect(await titlesOf(startup.id)).toContain("Grace Builder accepted your invitation");
    expect((await auditLog(startup.client)).data.map((e) => e.kind)).not.toContain("co_founder_invitation.accepted");
  });

  it("a co-founder's own follow belongs to no organization", async () => {
    const startup = await startupOwner(t);
    const person = await coFounderWith(t, { name: "Lin Follower" });
    const followed = await person.client.post("/api/v1/admin/follow", { followee_type: "startup", followee_id: startup.startup.id });
    expect(followed.status).toBe(200);
    const [entry] = await t.database.db
      .select()
      .from(activities)
      .where(and(eq(activities.kind, "follow.created"), eq(activities.actorId, person.id)));
    expect(entry).toMatchObject({ organizationId: null, subjectId: startup.startup.id, data: { follower: { type: "co_founder" } } });
    expect(await titlesOf(startup.id)).toContain("Lin Follower started following you");
  });
});

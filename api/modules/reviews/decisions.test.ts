/**
 * Deciding in bulk: one transaction, every change on the audit log, the applicants told (or not) with the
 * mail the preview showed; never more accepted than places left, even when decisions race; the waitlist in
 * the order chosen; only those who manage the form, only its own applications.
 */
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NOT_THIS_FORMS, onlyPlacesLeft, type DecisionsView } from "#schemas/reviews.ts";
import type { ApplicationStatus } from "#api/db/events-schema.ts";
import { eventApplications } from "#api/db/events-schema.ts";
import { notifications } from "#api/db/realtime-schema.ts";
import { auditLog } from "#api/testing/audit-fixtures.ts";
import { insertApplication, publishedEventForm } from "#api/testing/event-fixtures.ts";
import { createTestApi, type TestApi, type TestClient } from "#api/testing/harness.ts";
import { joinedMember, teamOwner } from "#api/testing/team-fixtures.ts";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

type Answer = DecisionsView & { message: string; errors: Record<string, string[]> };
const decide = (client: TestClient, formId: number, body: unknown) =>
  client.post<Answer>(`/api/v1/admin/event_forms/${formId}/decisions`, body);

async function formWith(capacity: number, statuses: ApplicationStatus[]) {
  const owner = await teamOwner(t);
  const form = await publishedEventForm(owner.client, owner.collection.id, { capacity, waitlist_enabled: true });
  const apps = [];
  for (const status of statuses) apps.push(await insertApplication(t, form.id, status));
  return { owner, form, apps, ids: apps.map((a) => a.id) };
}

const statusesOf = async (ids: number[]) => {
  const rows = await t.database.db
    .select({ id: eventApplications.id, status: eventApplications.status })
    .from(eventApplications)
    .where(inArray(eventApplications.id, ids));
  return new Map(rows.map((r) => [r.id, r.status]));
};

const toldOf = async (userIds: number[]) =>
  t.database.db
    .select()
    .from(notifications)
    .where(and(inArray(notifications.userId, userIds), eq(notifications.type, "review_status_changed")));

describe("a bulk decision", () => {
  it("previews the change and its mail without making it, then makes it in one go, on the audit log and told", async () => {
    const { owner, form, apps, ids } = await formWith(10, ["pending", "pending", "pending", "pending", "accepted"]);
    const chosen = ids.slice(0, 3);
    const [alreadyAccepted] = ids.slice(4);
    const preview = await decide(owner.client, form.id, {
      application_ids: [chosen[2], alreadyAccepted, chosen[0], chosen[1]],
      status: "accepted",
      notify: true,
      preview: true,
    });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    // Who changes, by name in the order chosen; the one already accepted is left as it is.
    const names = await t.database.db
      .select({ id: eventApplications.id, name: eventApplications.applicantName })
      .from(eventApplications)
      .where(inArray(eventApplications.id, chosen));
    const nameOf = (id: number) => names.find((n) => n.id === id)!.name;
    expect(preview.body).toMatchObject({
      updated: 0,
      preview: {
        changes: 3,
        mails: 3,
        subject: `Your application to ${form.title} is accepted`,
        applicants: [chosen[2], chosen[0], chosen[1]].map(nameOf),
        unchanged: 1,
      },
    });
    expect(preview.body.preview!.text).toContain(form.title);
    expect([...(await statusesOf(chosen)).values()]).toEqual(["pending", "pending", "pending"]);

    const made = await decide(owner.client, form.id, { application_ids: chosen, status: "accepted", notify: true });
    expect(made.body).toEqual({ updated: 3, preview: null });
    expect([...(await statusesOf(ids)).values()].sort()).toEqual(["accepted", "accepted", "accepted", "accepted", "pending"]);
    const logged = await auditLog(owner.client, "kind=application.status_changed");
    expect(logged.data.filter((e) => chosen.includes(e.subject.id as number))).toHaveLength(3);
    expect(await toldOf(apps.slice(0, 3).map((a) => a.userId))).toHaveLength(3);
    // The same decision again changes nothing more.
    expect((await decide(owner.client, form.id, { application_ids: chosen, status: "accepted" })).body.updated).toBe(0);
  });

  it("made twice at once changes each application once, and tells each applicant once", async () => {
    const { owner, form, apps, ids } = await formWith(10, ["pending", "pending", "pending"]);
    const answers = await Promise.all([1, 2].map(() => decide(owner.client, form.id, { application_ids: ids, status: "accepted" })));
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(answers.map((a) => a.body.updated).sort()).toEqual([0, 3]);
    expect(await toldOf(apps.map((a) => a.userId))).toHaveLength(3);
    const logged = await auditLog(owner.client, "kind=application.status_changed");
    expect(logged.data.filter((e) => ids.includes(e.subject.id as number))).toHaveLength(3);
  });

  it("tells nobody when the committee says so", async () => {
    const { owner, form, apps, ids } = await formWith(10, ["pending", "pending"]);
    const made = await decide(owner.client, form.id, { application_ids: ids, status: "rejected", notify: false });
    expect(made.body.updated).toBe(2);
    expect(await toldOf(apps.map((a) => a.userId))).toHaveLength(0);
  });

  it("refuses to accept more than the places left, changing nothing, and puts the waitlist in the order chosen", async () => {
    const { owner, form, ids } = await formWith(6, ["pending", "pending", "pending", "pending", "rejected", "rejected", "rejected"]);
    const rejected = ids.slice(4);
    const refused = await decide(owner.client, form.id, { application_ids: rejected, status: "accepted" });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.application_ids).toEqual([onlyPlacesLeft(2)]);
    expect([...(await statusesOf(rejected)).values()]).toEqual(["rejected", "rejected", "rejected"]);

    const order = [rejected[2], rejected[0], rejected[1]];
    expect((await decide(owner.client, form.id, { application_ids: order, status: "waitlisted" })).body.updated).toBe(3);
    const line = await t.database.db
      .select({ id: eventApplications.id })
      .from(eventApplications)
      .where(inArray(eventApplications.id, rejected))
      .orderBy(eventApplications.waitlistedAt);
    expect(line.map((r) => r.id)).toEqual(order);
  });

  it("accepts no more than the places left when decisions race", async () => {
    const { owner, form, ids } = await formWith(6, [
      "pending",
      "pending",
      "pending",
      "pending",
      ...Array<ApplicationStatus>(6).fill("rejected"),
    ]);
    const pairs = [ids.slice(4, 6), ids.slice(6, 8), ids.slice(8, 10)];
    const answers = await Promise.all(pairs.map((pair) => decide(owner.client, form.id, { application_ids: pair, status: "accepted" })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 422, 422]);
    const statuses = [...(await statusesOf(ids)).values()];
    expect(statuses.filter((s) => s === "accepted")).toHaveLength(2);
    expect(statuses.filter((s) => s !== "rejected")).toHaveLength(6);
  });

  it("is for those who manage the form, and only its own applications", async () => {
    const { owner, form, ids } = await formWith(10, ["pending"]);
    const other = await formWith(10, ["pending"]);
    const mixed = await decide(owner.client, form.id, { application_ids: [...ids, ...other.ids], status: "accepted" });
    expect(mixed.status).toBe(422);
    expect(mixed.body.errors.application_ids).toEqual([NOT_THIS_FORMS]);
    const reviewer = await joinedMember(t, owner.client, "reviewer", [form.id]);
    expect((await decide(reviewer.client, form.id, { application_ids: ids, status: "accepted" })).status).toBe(403);
    expect((await decide(other.owner.client, form.id, { application_ids: ids, status: "accepted" })).status).toBe(404);
    const bad = await decide(owner.client, form.id, { application_ids: [], status: "maybe" });
    expect(bad.body.errors).toMatchObject({
      application_ids: ["Choose at least one application."],
      status: ["The status must be accepted, waitlisted or rejected."],
    });
  });
});

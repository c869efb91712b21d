/**
 * Giving applications out to reviewers through the API: everyone reviews everything, or each application to
 * N of them, balanced, never to the applicant; applications arriving later are given out the same way; only
 * members reading the form may be chosen.
 */
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NOT_A_REVIEWER, type ReviewAssignmentsView } from "#schemas/reviews.ts";
import { reviewAssignments, reviews } from "#api/db/review-schema.ts";
import { sendApplication } from "#api/testing/application-fixtures.ts";
import { auditLog, newest } from "#api/testing/audit-fixtures.ts";
import { createEventForm, insertApplication, publishedEventForm } from "#api/testing/event-fixtures.ts";
import { registered } from "#api/testing/fixtures.ts";
import { createTestApi, type TestApi, type TestClient } from "#api/testing/harness.ts";
import { joinedMember, teamOwner } from "#api/testing/team-fixtures.ts";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

const assign = (client: TestClient, formId: number, body: unknown) =>
  client.post<ReviewAssignmentsView & { errors: Record<string, string[]> }>(`/api/v1/admin/event_forms/${formId}/review_assignments`, body);

async function committee(size: number) {
  const owner = await teamOwner(t);
  const form = await publishedEventForm(owner.client, owner.collection.id);
  const reviewers = [];
  for (let i = 0; i < size; i++) reviewers.push(await joinedMember(t, owner.client, "reviewer", [form.id]));
  return { owner, form, reviewers, ids: reviewers.map((r) => r.id) };
}

describe("spreading applications", () => {
  it("gives each of 100 applications 3 distinct reviewers of 7, none more than one above another", async () => {
    const { owner, form, ids } = await committee(7);
    for (let i = 0; i < 100; i++) await insertApplication(t, form.id, "pending");
    const res = await assign(owner.client, form.id, { mode: "spread", per_application: 3, reviewer_ids: ids });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.assignments).toHaveLength(100);
    for (const { reviewer_ids } of res.body.assignments) expect(new Set(reviewer_ids).size).toBe(3);
    const load = new Map(ids.map((id) => [id, 0]));
    for (const { reviewer_ids } of res.body.assignments) for (const id of reviewer_ids) load.set(id, load.get(id)! + 1);
    expect(Math.max(...load.values()) - Math.min(...load.values())).toBeLessThanOrEqual(1);
    expect(await newest(owner.client, "event_form.reviewers_assigned")).toMatchObject({
      changes: { mode: { from: null, to: "spread" }, reviewers: { from: 0, to: 7 }, per_application: { to: 3 } },
    });
  }, 60_000);

  it("gives an application that arrives later to the least loaded, and never to its applicant", async () => {
    const { owner, form, reviewers, ids } = await committee(3);
    for (let i = 0; i < 4; i++) await insertApplication(t, form.id, "pending");
    expect((await assign(owner.client, form.id, { mode: "spread", per_application: 2, reviewer_ids: ids })).status).toBe(200);
    const building = form.custom_questions[0].id;
    const apply = async (client: TestClient, email: string, name: string) => {
      const sent = await sendApplication(client, form.id, { full_name: name, email, [building]: "A robot" });
      expect(sent.status, JSON.stringify(sent.body)).toBe(201);
      const rows = await t.database.db
        .select({ reviewerId: reviewAssignments.reviewerId })
        .from(reviewAssignments)
        .where(eq(reviewAssignments.applicationId, sent.body.event_application.id));
      return rows.map((r) => r.reviewerId).sort();
    };
    const loads = async () => {
      const all = await t.database.db
        .select({ reviewerId: reviewAssignments.reviewerId })
        .from(reviewAssignments)
        .where(inArray(reviewAssignments.reviewerId, ids));
      return ids.map((id) => all.filter((r) => r.reviewerId === id).length);
    };
    // 8 reviews over 3 reviewers: 3, 3 and 2. The next application goes to the one with 2 and one with 3.
    const stranger = await registered(t, "Sam Stranger");
    expect(await apply(stranger.client, stranger.email, "Sam Stranger")).toHaveLength(2);
    const after = await loads();
    expect(after.reduce((a, b) => a + b, 0)).toBe(10);
    expect(Math.max(...after) - Math.min(...after)).toBeLessThanOrEqual(1);
    // A reviewer applies to the form themself: their application goes to the two others, whatever the loads.
    expect(await apply(reviewers[0].client, reviewers[0].email, "Reviewer Applicant")).toEqual([ids[1], ids[2]].sort());
  });
});

describe("a reviewer who leaves the committee", () => {
  it("gives their unfinished applications to the others when removed from the team, and keeps what they submitted", async () => {
    const { owner, form, ids } = await committee(3);
    for (let i = 0; i < 6; i++) await insertApplication(t, form.id, "pending");
    const spread = await assign(owner.client, form.id, { mode: "spread", per_application: 2, reviewer_ids: ids });
    const leaving = ids[2];
    const finished = spread.body.assignments.find((a) => a.reviewer_ids.includes(leaving))!.application_id;
    await t.database.db.insert(reviews).values({ applicationId: finished, reviewerId: leaving, scores: {}, submittedAt: new Date() });

    expect((await owner.client.delete(`/api/v1/admin/team_members/${leaving}`)).status).toBe(200);
    const pairs = await t.database.db
      .select({ applicationId: reviewAssignments.applicationId, reviewerId: reviewAssignments.reviewerId })
      .from(reviewAssignments)
      .where(inArray(reviewAssignments.reviewerId, ids));
    const reviewersOf = (id: number) => pairs.filter((p) => p.applicationId === id).map((p) => p.reviewerId);
    for (const { application_id } of spread.body.assignments) {
      const others = reviewersOf(application_id).filter((id) => id !== leaving);
      expect(others.length, `application ${application_id}`).toBe(application_id === finished ? 1 : 2);
      expect(reviewersOf(application_id).includes(leaving)).toBe(application_id === finished);
    }
  });
});

describe("a conflict", () => {
  it("takes the application from the reviewer who declares it, gives it to another, and is on the audit log", async () => {
    const { owner, form, reviewers, ids } = await committee(2);
    for (let i = 0; i < 2; i++) await insertApplication(t, form.id, "pending");
    const spread = await assign(owner.client, form.id, { mode: "spread", per_application: 1, reviewer_ids: ids });
    const mine = spread.body.assignments.find((a) => a.reviewer_ids[0] === ids[0])!.application_id;
    const declare = (client: TestClient, id: number) => client.post(`/api/v1/admin/event_applications/${id}/conflict`);
    expect((await declare(reviewers[0].client, mine)).status).toBe(200);
    const now = await t.database.db
      .select({ reviewerId: reviewAssignments.reviewerId })
      .from(reviewAssignments)
      .where(eq(reviewAssignments.applicationId, mine));
    expect(now.map((r) => r.reviewerId)).toEqual([ids[1]]);
    expect(await newest(owner.client, "application.conflict_declared")).toMatchObject({
      actor: { id: ids[0] },
      subject: { type: "application", id: mine },
    });
    // Said again, it is still one conflict; a run of the plan never gives it back to them.
    expect((await declare(reviewers[0].client, mine)).status).toBe(200);
    const rerun = await assign(owner.client, form.id, { mode: "all", reviewer_ids: ids });
    expect(rerun.body.assignments.find((a) => a.application_id === mine)!.reviewer_ids).toEqual([ids[1]]);
    // When the other declares one too, nobody is left to review it: the owner's list says so.
    const responses = () => owner.client.get(`/api/v1/admin/event_forms/${form.id}/responses`);
    expect((await responses()).body.without_reviewer).toBe(0);
    expect((await declare(reviewers[1].client, mine)).status).toBe(200);
    expect((await responses()).body.without_reviewer).toBe(1);
    // Not their organization's application, or a door volunteer, who reads no applications: not found.
    expect((await declare((await teamOwner(t)).client, mine)).status).toBe(404);
    expect((await declare((await joinedMember(t, owner.client, "door")).client, mine)).status).toBe(404);
  });
});

describe("everyone reviews everything", () => {
  it("gives every application to every reviewer, and a reviewer left out gives back their unfinished ones", async () => {
    const { owner, form, ids } = await committee(2);
    for (let i = 0; i < 3; i++) await insertApplication(t, form.id, "pending");
    const all = await assign(owner.client, form.id, { mode: "all", reviewer_ids: ids });
    expect(all.body.assignments.map((a) => a.reviewer_ids)).toEqual([
      [...ids].sort((a, b) => a - b),
      [...ids].sort((a, b) => a - b),
      [...ids].sort((a, b) => a - b),
    ]);
    const one = await assign(owner.client, form.id, { mode: "all", reviewer_ids: [ids[0]] });
    expect(one.body.assignments.map((a) => a.reviewer_ids)).toEqual([[ids[0]], [ids[0]], [ids[0]]]);
  });
});

describe("who may be chosen and who may choose", () => {
  it("refuses anyone who is not a member reading the form, and lets only those who manage it assign", async () => {
    const { owner, form, reviewers, ids } = await committee(1);
    const other = await createEventForm(owner.client, owner.collection.id);
    const elsewhere = await joinedMember(t, owner.client, "reviewer", [other.id]);
    const door = await joinedMember(t, owner.client, "door");
    const stranger = await registered(t, "Stranger");
    for (const id of [elsewhere.id, door.id, stranger.id]) {
      const refused = await assign(owner.client, form.id, { mode: "all", reviewer_ids: [...ids, id] });
      expect(refused.status).toBe(422);
      expect(refused.body.errors.reviewer_ids).toEqual([NOT_A_REVIEWER]);
    }
    expect((await assign(owner.client, form.id, { mode: "spread", reviewer_ids: [] })).body.errors.reviewer_ids).toEqual([
      "Choose at least one reviewer.",
    ]);
    expect((await assign(reviewers[0].client, form.id, { mode: "all", reviewer_ids: ids })).status).toBe(403);
    const outsider = await teamOwner(t);
    expect((await assign(outsider.client, form.id, { mode: "all", reviewer_ids: ids })).status).toBe(404);
  });
});

describe("at once", () => {
  it("gives 12 applications sent at once 2 reviewers each, balanced over 3", async () => {
    const { owner, form, ids } = await committee(3);
    expect((await assign(owner.client, form.id, { mode: "spread", per_application: 2, reviewer_ids: ids })).status).toBe(200);
    const building = form.custom_questions[0].id;
    const applicants = await Promise.all(Array.from({ length: 12 }, (_, i) => registered(t, `Parallel Applicant ${i}`)));
    const sent = await Promise.all(
      applicants.map((a, i) =>
        sendApplication(a.client, form.id, { full_name: `Parallel Applicant ${i}`, email: a.email, [building]: "A robot" }),
      ),
    );
    expect(sent.map((s) => s.status)).toEqual(Array(12).fill(201));
    const pairs = await t.database.db.select().from(reviewAssignments).where(inArray(reviewAssignments.reviewerId, ids));
    for (const { body } of sent) expect(pairs.filter((p) => p.applicationId === body.event_application.id)).toHaveLength(2);
    const loads = ids.map((id) => pairs.filter((p) => p.reviewerId === id).length);
    expect(loads.reduce((a, b) => a + b, 0)).toBe(24);
    expect(Math.max(...loads) - Math.min(...loads)).toBeLessThanOrEqual(1);
  }, 60_000);

  it("keeps two runs of the plan and two conflicts at once whole: each application its reviewers, one conflict on the log", async () => {
    const { owner, form, reviewers, ids } = await committee(4);
    for (let i = 0; i < 8; i++) await insertApplication(t, form.id, "pending");
    const runs = await Promise.all([
      assign(owner.client, form.id, { mode: "spread", per_application: 2, reviewer_ids: ids }),
      assign(owner.client, form.id, { mode: "spread", per_application: 2, reviewer_ids: ids }),
    ]);
    expect(runs.map((r) => r.status)).toEqual([200, 200]);
    const after = runs[1].body.assignments;
    for (const { reviewer_ids } of after) expect(new Set(reviewer_ids).size).toBe(2);
    const mine = after.find((a) => a.reviewer_ids.includes(ids[0]))!.application_id;
    const declare = () => reviewers[0].client.post(`/api/v1/admin/event_applications/${mine}/conflict`);
    expect((await Promise.all([declare(), declare()])).map((r) => r.status)).toEqual([200, 200]);
    const holders = await t.database.db.select().from(reviewAssignments).where(eq(reviewAssignments.applicationId, mine));
    expect(holders.map((h) => h.reviewerId).sort()).not.toContain(ids[0]);
    expect(holders).toHaveLength(2);
    const logged = await auditLog(owner.client, "kind=application.conflict_declared");
    expect(logged.data.filter((e) => e.subject.id === mine)).toHaveLength(1);
  }, 60_000);
});

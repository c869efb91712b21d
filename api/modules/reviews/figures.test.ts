/**
 * The responses list read by review: each application's figures, the normalized score that weighs a harsh and
 * a lenient reviewer the same, the "discuss" flag, complete and incomplete, each reviewer's progress, and the
 * CSV's columns; the scores are for those who manage the form, and a reviewer sees only what they reviewed.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ResponsesPage } from "#schemas/applications.ts";
import { BLIND_SEARCH, SCORES_FOR_MANAGERS, type RubricView } from "#schemas/reviews.ts";
import { insertApplication, publishedEventForm } from "#api/testing/event-fixtures.ts";
import { createTestApi, type TestApi, type TestClient } from "#api/testing/harness.ts";
import { joinedMember, teamOwner } from "#api/testing/team-fixtures.ts";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

/** Two reviewers, both given every one of four applications: the harsh one scores low, the lenient one high. */
async function scoredForm(blind = false) {
  const owner = await teamOwner(t);
  const form = await publishedEventForm(owner.client, owner.collection.id);
  const rubric = await owner.client.put<{ rubric: RubricView }>(`/api/v1/admin/event_forms/${form.id}/rubric`, {
    criteria: [{ name: "Team", weight: 1, scale_max: 5 }],
    discuss_threshold: 30,
    blind,
  });
  const [team] = rubric.body.rubric.criteria;
  const harsh = await joinedMember(t, owner.client, "reviewer", [form.id]);
  const lenient = await joinedMember(t, owner.client, "reviewer", [form.id]);
  const apps = [];
  for (let i = 0; i < 4; i++) apps.push((await insertApplication(t, form.id, "pending")).id);
  await owner.client.post(`/api/v1/admin/event_forms/${form.id}/review_assignments`, { mode: "all", reviewer_ids: [harsh.id, lenient.id] });
  const score = async (who: TestClient, id: number, n: number) => {
    const res = await who.put(`/api/v1/admin/event_applications/${id}/review`, {
      scores: { [team.id]: n },
      recommendation: n >= 3 ? "yes" : "no",
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  };
  // The same order from both (apps[0] < apps[1] < apps[2]); apps[3] they disagree on; the lenient one has not scored apps[2].
  await score(harsh.client, apps[0], 1);
  await score(harsh.client, apps[1], 2);
  await score(harsh.client, apps[2], 3);
  await score(harsh.client, apps[3], 1);
  await score(lenient.client, apps[0], 3);
  await score(lenient.client, apps[1], 4);
  await score(lenient.client, apps[3], 5);
  return { owner, form, harsh, lenient, apps, team };
}

const list = (client: TestClient, formId: number, query = "") =>
  client.get<ResponsesPage & { message: string; errors: Record<string, string[]> }>(
    `/api/v1/admin/event_forms/${formId}/responses?${query}`,
  );

describe("the responses by review", () => {
  it("carries each application's figures, ranks by normalized score, flags disagreement and counts progress", async () => {
    const { owner, form, harsh, lenient, apps } = await scoredForm();
    const page = (await list(owner.client, form.id, "sort_by=normalized_score&sort_order=desc")).body;
    const byId = new Map(page.data.map((a) => [a.id, a.review]));
    expect(byId.get(apps[0])).toMatchObject({ count: 2, score: 25, recommendations: { yes: 1, maybe: 0, no: 1 }, complete: true });
    expect(byId.get(apps[2])).toMatchObject({ count: 1, score: 50, spread: null, complete: false });
    // Harsh 1 and lenient 5: 0 and 100 out of 100, far apart.
    expect(byId.get(apps[3])).toMatchObject({ score: 50, spread: 50, discuss: true });
    expect(byId.get(apps[1])!.discuss).toBe(false);
    // Each reviewer's own order agrees: apps[1] above apps[0] by normalized score, though the raw scores of the
    // harsh reviewer alone would put apps[1] (2 of 5) below the lenient reviewer's apps[0] (3 of 5).
    const order = page.data.map((a) => a.id);
    expect(order.indexOf(apps[1])).toBeLessThan(order.indexOf(apps[0]));
    expect(page.data.at(-1)!.id).toBe(apps[0]);
    expect(page.discuss_threshold).toBe(30);
    expect(page.reviewers.map((r) => [r.reviewer_id, r.assigned, r.submitted]).sort()).toEqual(
      [
        [harsh.id, 4, 4],
        [lenient.id, 4, 3],
      ].sort(),
    );

    const discuss = (await list(owner.client, form.id, "flag=discuss")).body;
    expect(discuss.data.map((a) => a.id)).toEqual([apps[3]]);
    expect(discuss.meta.total).toBe(1);
    const incomplete = (await list(owner.client, form.id, "reviewed=incomplete")).body;
    expect(incomplete.data.map((a) => a.id)).toEqual([apps[2]]);
    const complete = (await list(owner.client, form.id, "reviewed=complete&sort_by=score&sort_order=asc&per_page=1")).body;
    expect(complete.meta.total).toBe(3);
    expect(complete.data.map((a) => a.id)).toEqual([apps[0]]);
  });

  it("gives a harsh and a lenient reviewer of the same two applications, in the same order, the same normalized ranking", async () => {
    const owner = await teamOwner(t);
    const form = await publishedEventForm(owner.client, owner.collection.id);
    const rubric = await owner.client.put<{ rubric: RubricView }>(`/api/v1/admin/event_forms/${form.id}/rubric`, {
      criteria: [{ name: "Idea", weight: 1, scale_max: 10 }],
    });
    const [idea] = rubric.body.rubric.criteria;
    const harsh = await joinedMember(t, owner.client, "reviewer", [form.id]);
    const lenient = await joinedMember(t, owner.client, "reviewer", [form.id]);
    const [a, b] = [(await insertApplication(t, form.id, "pending")).id, (await insertApplication(t, form.id, "pending")).id];
    await owner.client.post(`/api/v1/admin/event_forms/${form.id}/review_assignments`, {
      mode: "all",
      reviewer_ids: [harsh.id, lenient.id],
    });
    const score = (who: TestClient, id: number, n: number) =>
      who.put(`/api/v1/admin/event_applications/${id}/review`, { scores: { [idea.id]: n }, recommendation: "maybe" });
    await score(harsh.client, a, 2);
    await score(harsh.client, b, 4);
    await score(lenient.client, a, 8);
    await score(lenient.client, b, 10);
    const page = (await list(owner.client, form.id, "sort_by=normalized_score&sort_order=desc")).body;
    expect(page.data.map((x) => x.id)).toEqual([b, a]);
    expect(page.data.map((x) => x.review!.normalized_score)).toEqual([1, -1]);
  });

  it("keeps the scores for those who manage the form: a reviewer sees only the figures of what they reviewed", async () => {
    const { owner, form, lenient, apps } = await scoredForm();
    const refused = await list(lenient.client, form.id, "sort_by=score");
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(SCORES_FOR_MANAGERS);
    expect((await list(lenient.client, form.id, "flag=discuss")).status).toBe(403);
    const seen = (await list(lenient.client, form.id)).body;
    expect(seen.reviewers).toEqual([]);
    expect(seen.data.find((a) => a.id === apps[2])!.review).toBeNull();
    expect(seen.data.find((a) => a.id === apps[0])!.review).toMatchObject({ count: 2 });

    const csv = await owner.client.get<string>(`/api/v1/admin/event_forms/${form.id}/responses.csv`);
    const [header, ...rows] = csv.body.trim().split("\r\n");
    expect(header).toContain(`Member reviewer: Team`);
    expect(header.endsWith("Reviews,Score,Normalized score,Spread,Recommended yes,Recommended maybe,Recommended no,Discuss")).toBe(true);
    expect(rows).toHaveLength(4);
    expect(rows.find((r) => r.endsWith(",Yes"))).toBeDefined();
    const reviewersCsv = await lenient.client.get<string>(`/api/v1/admin/event_forms/${form.id}/responses.csv`);
    expect(reviewersCsv.body).not.toContain("Normalized score");
  });

  it("refuses a blind reviewer's search by name or email", async () => {
    const { owner, form, harsh } = await scoredForm(true);
    const refused = await list(harsh.client, form.id, "search=Applicant");
    expect(refused.status).toBe(422);
    expect(refused.body.errors.search).toEqual([BLIND_SEARCH]);
    expect((await list(owner.client, form.id, "search=Applicant")).status).toBe(200);
  });
});

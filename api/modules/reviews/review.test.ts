/**
 * A reviewer scores an application they were given: drafts keep what is there so far, submitting needs every
 * criterion on its scale and a recommendation, and nothing changes once the form is closed.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  CHOOSE_RECOMMENDATION,
  DECISIONS_FINAL,
  NOT_A_CRITERION,
  NOT_ASSIGNED,
  SCORE_BEFORE_SUBMITTING,
  scoreOutOfScale,
  type ReviewView,
  type RubricView,
} from "#schemas/reviews.ts";
import { auditLog, newest } from "#api/testing/audit-fixtures.ts";
import { insertApplication, publishedEventForm } from "#api/testing/event-fixtures.ts";
import { createTestApi, type TestApi, type TestClient } from "#api/testing/harness.ts";
import { joinedMember, teamOwner } from "#api/testing/team-fixtures.ts";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

const review = (client: TestClient, applicationId: number, body: unknown) =>
  client.put<{ review: ReviewView; errors: Record<string, string[]>; message: string }>(
    `/api/v1/admin/event_applications/${applicationId}/review`,
    body,
  );

/** A form with a two-criterion rubric, one application given to one reviewer, and another reviewer left out. */
async function scoringScene() {
  const owner = await teamOwner(t);
  const form = await publishedEventForm(owner.client, owner.collection.id);
  const rubric = await owner.client.put<{ rubric: RubricView }>(`/api/v1/admin/event_forms/${form.id}/rubric`, {
    criteria: [
      { name: "Team", weight: 2, scale_max: 5 },
      { name: "Market", weight: 1, scale_max: 10 },
    ],
  });
  const [team, market] = rubric.body.rubric.criteria;
  const reviewer = await joinedMember(t, owner.client, "reviewer", [form.id]);
  const other = await joinedMember(t, owner.client, "reviewer", [form.id]);
  const application = await insertApplication(t, form.id, "pending");
  await owner.client.post(`/api/v1/admin/event_forms/${form.id}/review_assignments`, { mode: "all", reviewer_ids: [reviewer.id] });
  return { owner, form, reviewer, other, application, team, market };
}

describe("a review", () => {
  it("keeps a draft as it is, and submits once whole, on the audit log", async () => {
    const { owner, reviewer, application, team, market } = await scoringScene();
    const draft = await review(reviewer.client, application.id, { scores: { [team.id]: 4 }, note: "Strong founders", submit: false });
    expect(draft.status, JSON.stringify(draft.body)).toBe(200);
    expect(draft.body.review).toMatchObject({ scores: { [team.id]: 4 }, note: "Strong founders", submitted_at: null });

    const incomplete = await review(reviewer.client, application.id, { scores: { [team.id]: 4 } });
    expect(incomplete.status).toBe(422);
    expect(incomplete.body.errors).toEqual({ [`scores.${market.id}`]: [SCORE_BEFORE_SUBMITTING], recommendation: [CHOOSE_RECOMMENDATION] });

    const submitted = await review(reviewer.client, application.id, { scores: { [team.id]: 4, [market.id]: 7 }, recommendation: "yes" });
    expect(submitted.status).toBe(200);
    expect(submitted.body.review.submitted_at).not.toBeNull();
    expect(await newest(owner.client, "application.review_submitted")).toMatchObject({
      actor: { id: reviewer.id },
      subject: { id: application.id },
      changes: { recommendation: { from: null, to: "yes" } },
    });
    // A submitted review stays submitted: a "draft" that drops a score is refused.
    const unsubmit = await review(reviewer.client, application.id, { scores: { [team.id]: 3 }, submit: false });
    expect(unsubmit.body.errors[`scores.${market.id}`]).toEqual([SCORE_BEFORE_SUBMITTING]);
  });

  it("refuses a score off its scale or of no criterion, on that criterion", async () => {
    const { reviewer, application, team, market } = await scoringScene();
    const refused = await review(reviewer.client, application.id, {
      scores: { [team.id]: 6, [market.id]: 2.5, 999999: 3 },
      recommendation: "maybe",
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({
      [`scores.${team.id}`]: [scoreOutOfScale(5)],
      [`scores.${market.id}`]: [scoreOutOfScale(10)],
      "scores.999999": [NOT_A_CRITERION],
    });
    expect((await review(reviewer.client, application.id, { scores: {}, recommendation: "perhaps" })).body.errors.recommendation).toEqual([
      "The recommendation must be yes, maybe or no.",
    ]);
  });

  it("is not found for a reviewer not given the application, and final once the form is closed", async () => {
    const { owner, form, reviewer, other, application, team, market } = await scoringScene();
    const stranger = await review(other.client, application.id, { scores: {}, submit: false });
    expect(stranger.status).toBe(404);
    expect(stranger.body.message).toBe(NOT_ASSIGNED);
    // A door volunteer reads no applications: not there for them either.
    const door = await joinedMember(t, owner.client, "door");
    expect((await review(door.client, application.id, { scores: {}, submit: false })).status).toBe(404);
    expect((await owner.client.put(`/api/v1/admin/event_form_statuses/${form.id}`, { status: "closed" })).status).toBe(200);
    const late = await review(reviewer.client, application.id, { scores: { [team.id]: 1, [market.id]: 1 }, recommendation: "no" });
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(DECISIONS_FINAL);
  });

  it("submitted five times at once is one review and one entry on the audit log", async () => {
    const { owner, reviewer, application, team, market } = await scoringScene();
    const body = { scores: { [team.id]: 5, [market.id]: 9 }, recommendation: "yes" };
    const answers = await Promise.all(Array.from({ length: 5 }, () => review(reviewer.client, application.id, body)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    const entries = await auditLog(owner.client, "kind=application.review_submitted");
    expect(entries.data.filter((e) => e.subject.id === application.id)).toHaveLength(1);
  });
});

/**
 * A form's rubric: set by those who manage the form, read by its reviewers; a scored criterion keeps its
 * scale and its place; every refusal changes nothing; each change is on the audit log.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CRITERION_HAS_SCORES, SCALE_HAS_SCORES, UNKNOWN_CRITERION, type RubricView } from "#schemas/reviews.ts";
import { reviews } from "#api/db/review-schema.ts";
import { newest } from "#api/testing/audit-fixtures.ts";
import { createEventForm, insertApplication } from "#api/testing/event-fixtures.ts";
import { createTestApi, type TestApi, type TestClient } from "#api/testing/harness.ts";
import { joinedMember, teamOwner } from "#api/testing/team-fixtures.ts";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

const rubricOf = (formId: number) => `/api/v1/admin/event_forms/${formId}/rubric`;
const put = (client: TestClient, formId: number, body: unknown) =>
  client.put<{ rubric: RubricView; errors: Record<string, string[]> }>(rubricOf(formId), body);

const TWO_CRITERIA = {
  criteria: [
    { name: "Team", guidance: "Can they build it?", weight: 2, scale_max: 5 },
    { name: "Market", weight: 1, scale_max: 10 },
  ],
  blind: true,
  reviewers_per_application: 3,
};

async function ownerWithForm() {
  const owner = await teamOwner(t);
  const form = await createEventForm(owner.client, owner.collection.id);
  return { owner, form };
}

describe("the rubric", () => {
  it("is none until set, then saved whole and read back by the form's reviewers", async () => {
    const { owner, form } = await ownerWithForm();
    expect((await owner.client.get(rubricOf(form.id))).body.rubric).toEqual({
      event_form_id: form.id,
      criteria: [],
      blind: false,
      reviewers_per_application: 2,
      discuss_threshold: 25,
      identifying_questions: [],
      assignment: null,
      // Those who may be chosen to review: here the owner alone.
      candidates: [{ id: owner.id, name: expect.any(String) }],
    });
    const saved = await put(owner.client, form.id, TWO_CRITERIA);
    expect(saved.status).toBe(200);
    expect(saved.body.rubric).toMatchObject({
      blind: true,
      reviewers_per_application: 3,
      criteria: [
        { name: "Team", guidance: "Can they build it?", weight: 2, scale_max: 5, has_scores: false },
        { name: "Market", guidance: null, weight: 1, scale_max: 10, has_scores: false },
      ],
    });
    const reviewer = await joinedMember(t, owner.client, "reviewer", [form.id]);
    // The same rubric, and the new member among those who may be chosen.
    expect((await reviewer.client.get(rubricOf(form.id))).body.rubric).toEqual({
      ...saved.body.rubric,
      candidates: expect.arrayContaining([...saved.body.rubric.candidates, { id: reviewer.id, name: expect.any(String) }]),
    });
    expect((await put(reviewer.client, form.id, TWO_CRITERIA)).status).toBe(403);
    expect(await newest(owner.client, "event_form.rubric_updated")).toMatchObject({
      subject: { type: "event_form", id: form.id },
      changes: { blind: { from: false, to: true }, criteria: { from: "", to: "Team (×2, 1–5); Market (×1, 1–10)" } },
    });
  });

  it("refuses what is not a rubric, on its field", async () => {
    const { owner, form } = await ownerWithForm();
    const refused = await put(owner.client, form.id, {
      criteria: [
        { name: "Team\r\nBcc: x@example.com", weight: 0, scale_max: 7 },
        { name: "team", weight: 2, scale_max: 5 },
      ],
      reviewers_per_application: 0,
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toMatchObject({
      "criteria.0.name": ["The criterion name may not contain a line break."],
      "criteria.0.weight": ["The weight must be at least 1."],
      "criteria.0.scale_max": ["The scale must be 1 to 5 or 1 to 10."],
      reviewers_per_application: ["The number of reviewers per application must be at least 1."],
    });
    expect((await put(owner.client, form.id, { criteria: [] })).body.errors.criteria).toEqual(["A rubric needs at least one criterion."]);
    const twice = await put(owner.client, form.id, {
      criteria: [
        { name: "Team", weight: 1, scale_max: 5 },
        { name: "team", weight: 1, scale_max: 5 },
      ],
    });
    expect(twice.body.errors["criteria.1.name"]).toEqual(["Each criterion needs a name of its own."]);
  });

  it("keeps a scored criterion's scale and place, lets it be renamed, and takes no criterion of another form", async () => {
    const { owner, form } = await ownerWithForm();
    const [team, market] = (await put(owner.client, form.id, TWO_CRITERIA)).body.rubric.criteria;
    const application = await insertApplication(t, form.id, "pending");
    await t.database.db.insert(reviews).values({ applicationId: application.id, reviewerId: owner.id, scores: { [team.id]: 4 } });

    const rescaled = await put(owner.client, form.id, { criteria: [{ ...team, scale_max: 10 }, market] });
    expect(rescaled.status, JSON.stringify(rescaled.body)).toBe(422);
    expect(rescaled.body.errors["criteria.0.scale_max"], JSON.stringify(rescaled.body)).toEqual([SCALE_HAS_SCORES]);
    const dropped = await put(owner.client, form.id, { criteria: [market] });
    expect(dropped.body.errors.criteria).toEqual([CRITERION_HAS_SCORES]);

    const renamed = await put(owner.client, form.id, {
      criteria: [
        { ...team, name: "Founders" },
        { ...market, scale_max: 5 },
      ],
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.rubric.criteria).toMatchObject([
      { id: team.id, name: "Founders", scale_max: 5, has_scores: true },
      { id: market.id, scale_max: 5, has_scores: false },
    ]);

    const other = await ownerWithForm();
    const foreign = await put(other.owner.client, other.form.id, { criteria: [{ ...team }] });
    expect(foreign.body.errors["criteria.0.id"]).toEqual([UNKNOWN_CRITERION]);
    // Another organization's form is not found, to read or to write.
    expect((await other.owner.client.get(rubricOf(form.id))).status).toBe(404);
    expect((await put(other.owner.client, form.id, TWO_CRITERIA)).status).toBe(404);
  });

  it("is closed to a door volunteer and to a reviewer of another form", async () => {
    const { owner, form } = await ownerWithForm();
    const other = await createEventForm(owner.client, owner.collection.id);
    const door = await joinedMember(t, owner.client, "door", [form.id]);
    expect((await door.client.get(rubricOf(form.id))).status).toBe(403);
    const elsewhere = await joinedMember(t, owner.client, "reviewer", [other.id]);
    expect((await elsewhere.client.get(rubricOf(form.id))).status).toBe(404);
  });
});

/**
 * A reviewer's queue and the scoring screen's reading: only the caller's own assignments in the organization
 * they act for, blind where the form is until their review is in, the progress counted by form; the others'
 * reviews hidden from a reviewer until they submit their own, and no reading for one not given the application.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ReviewQueuePage, ReviewReading } from "#schemas/review-queue.ts";
import { NOT_ASSIGNED, type RubricView } from "#schemas/reviews.ts";
import { insertApplication, publishedEventForm } from "#api/testing/event-fixtures.ts";
import { createTestApi, type TestApi, type TestClient } from "#api/testing/harness.ts";
import { joinedMember, teamOwner } from "#api/testing/team-fixtures.ts";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

const queue = (client: TestClient, query = "") => client.get<ReviewQueuePage>(`/api/v1/admin/reviews${query}`);
const reading = (client: TestClient, id: number) =>
  client.get<ReviewReading & { message: string }>(`/api/v1/admin/event_applications/${id}/review`);
const review = (client: TestClient, id: number, body: unknown) => client.put(`/api/v1/admin/event_applications/${id}/review`, body);

/** An organization with a rubric form (blind or not) of `count` applications, all given to two reviewers. */
async function committee(count: number, blind = false) {
  const owner = await teamOwner(t);
  const form = await publishedEventForm(owner.client, owner.collection.id);
  const rubric = await owner.client.put<{ rubric: RubricView }>(`/api/v1/admin/event_forms/${form.id}/rubric`, {
    criteria: [{ name: "Team", weight: 1, scale_max: 5 }],
    blind,
  });
  const [team] = rubric.body.rubric.criteria;
  const first = await joinedMember(t, owner.client, "reviewer", [form.id]);
  const second = await joinedMember(t, owner.client, "reviewer", [form.id]);
  const applications = [];
  for (let i = 0; i < count; i++) applications.push(await insertApplication(t, form.id, "pending"));
  const assigned = await owner.client.post(`/api/v1/admin/event_forms/${form.id}/review_assignments`, {
    mode: "all",
    reviewer_ids: [first.id, second.id],
  });
  expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
  return { owner, form, team, first, second, ids: applications.map((a) => a.id) };
}

describe("the review queue", () => {
  it("lists the caller's own applications to do and done, with their progress, and nothing of another organization", async () => {
    const { form, team, first, second, ids } = await committee(3);
    // Another organization gives its own reviewer work: each queue holds its own organization's only.
    const elsewhere = await teamOwner(t);
    const otherForm = await publishedEventForm(elsewhere.client, elsewhere.collection.id);
    await elsewhere.client.put(`/api/v1/admin/event_forms/${otherForm.id}/rubric`, {
      criteria: [{ name: "Fit", weight: 1, scale_max: 5 }],
    });
    const outsider = await insertApplication(t, otherForm.id, "pending");
    const other = await joinedMember(t, elsewhere.client, "reviewer", [otherForm.id]);
    await elsewhere.client.post(`/api/v1/admin/event_forms/${otherForm.id}/review_assignments`, { mode: "all", reviewer_ids: [other.id] });

    expect((await review(first.client, ids[0], { scores: { [team.id]: 4 }, recommendation: "yes" })).status).toBe(200);
    expect((await review(first.client, ids[1], { scores: { [team.id]: 2 }, submit: false })).status).toBe(200);

    const toDo = (await queue(first.client)).body;
    expect(toDo.state).toBe("to_do");
    expect(toDo.data.map((item) => [item.application_id, item.state])).toEqual([
      [ids[1], "draft"],
      [ids[2], "to_do"],
    ]);
    expect(toDo.data[0]).toMatchObject({ event_form_id: form.id, event_form_title: form.title, applicant_label: "Applicant" });
    expect(toDo.meta.total).toBe(2);
    expect(toDo.progress).toEqual({ done: 1, total: 3 });
    expect(toDo.forms).toEqual([{ event_form_id: form.id, title: form.title, done: 1, total: 3 }]);

    const done = (await queue(first.client, "?state=done")).body;
    expect(done.data.map((item) => [item.application_id, item.state])).toEqual([[ids[0], "done"]]);
    const paged = (await queue(first.client, "?per_page=1&page=2")).body;
    expect(paged.data.map((item) => item.application_id)).toEqual([ids[2]]);
    expect(paged.meta).toMatchObject({ total: 2, last_page: 2 });

    // The second reviewer's queue is their own: nothing submitted yet.
    expect((await queue(second.client)).body.progress).toEqual({ done: 0, total: 3 });
    const theirs = (await queue(other.client)).body;
    expect(theirs.data.map((item) => item.application_id)).toEqual([outsider.id]);
    expect(theirs.forms.map((f) => f.event_form_id)).toEqual([otherForm.id]);
    expect(toDo.data.concat(done.data).map((item) => item.event_form_id)).not.toContain(otherForm.id);
  });

  it("names an application of a blind form by its number until the caller's review is in", async () => {
    const { team, first, ids } = await committee(2, true);
    const before = (await queue(first.client)).body.data;
    expect(before.map((item) => item.applicant_label)).toEqual([`Applicant ${ids[0]}`, `Applicant ${ids[1]}`]);
    await review(first.client, ids[0], { scores: { [team.id]: 3 }, recommendation: "maybe" });
    expect((await queue(first.client, "?state=done")).body.data[0].applicant_label).toBe("Applicant");
    expect((await queue(first.client)).body.data[0].applicant_label).toBe(`Applicant ${ids[1]}`);
  });
});

describe("the scoring screen's reading", () => {
  it("hides the other reviewers' reviews until the caller's own is submitted", async () => {
    const { owner, team, first, second, ids } = await committee(3, true);
    await review(second.client, ids[1], { scores: { [team.id]: 5 }, note: "Great team", recommendation: "yes" });
    await review(first.client, ids[1], { scores: { [team.id]: 2 }, submit: false });

    const draft = (await reading(first.client, ids[1])).body;
    expect(draft).toMatchObject({
      application_id: ids[1],
      assigned: true,
      submitted: false,
      blind: true,
      others: null,
      review: { scores: { [team.id]: 2 }, submitted_at: null },
      queue: { previous_id: ids[0], next_id: ids[2], next_unreviewed_id: ids[2], position: 2, total: 3 },
    });
    expect(draft.criteria).toEqual([{ id: team.id, name: "Team", guidance: null, weight: 1, scale_max: 5 }]);
    expect(JSON.stringify(draft)).not.toContain("Great team");

    await review(first.client, ids[1], { scores: { [team.id]: 2 }, recommendation: "no" });
    const after = (await reading(first.client, ids[1])).body;
    expect(after).toMatchObject({ submitted: true, blind: false });
    expect(after.others).toEqual([
      expect.objectContaining({ reviewer_id: second.id, reviewer_name: "Member reviewer", scores: { [team.id]: 5 }, note: "Great team" }),
    ]);
    // The owner does not review it: they read every review, and whole.
    const owners = (await reading(owner.client, ids[1])).body;
    expect(owners).toMatchObject({ assigned: false, blind: false });
    expect(owners.others?.map((o) => o.reviewer_id).sort()).toEqual([first.id, second.id].sort());
    // The next unreviewed goes round: past the end, from the start.
    expect((await reading(first.client, ids[2])).body.queue).toMatchObject({ next_id: null, next_unreviewed_id: ids[0] });
  });

  it("is not found for a member not given the application, nor in another organization", async () => {
    const { owner, form, ids } = await committee(1);
    const bystander = await joinedMember(t, owner.client, "reviewer", [form.id]);
    const refused = await reading(bystander.client, ids[0]);
    expect(refused.status).toBe(404);
    expect(refused.body.message).toBe(NOT_ASSIGNED);
    const stranger = await teamOwner(t);
    expect((await reading(stranger.client, ids[0])).status).toBe(404);
    expect((await reading(owner.client, 999999999)).status).toBe(404);
  });
});

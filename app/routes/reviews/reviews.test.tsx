import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RubricView } from "#schemas/reviews";
import {
  createRouteHarness,
  insertApplication,
  joinedMember,
  createEventForm,
  renderPage,
  teamOwner,
  type RouteHarness,
} from "~/testing/route-harness";
import * as queue from "./queue";
import * as scoring from "./scoring";

let h: RouteHarness;
beforeAll(async () => {
  h = await createRouteHarness();
});
afterAll(() => h.close());

/** A form with a two-criterion rubric and one application given to one reviewer. */
async function scene() {
  const owner = await teamOwner(h.t);
  const form = await createEventForm(owner.client, owner.collection.id);
  const rubric = await owner.client.put<{ rubric: RubricView }>(`/api/v1/admin/event_forms/${form.id}/rubric`, {
    criteria: [
      { name: "Team", weight: 2, scale_max: 5, guidance: "Can they build it?" },
      { name: "Market", weight: 1, scale_max: 10 },
    ],
  });
  const reviewer = await joinedMember(h.t, owner.client, "reviewer", [form.id]);
  const application = await insertApplication(h.t, form.id, "pending");
  await owner.client.post(`/api/v1/admin/event_forms/${form.id}/review_assignments`, { mode: "all", reviewer_ids: [reviewer.id] });
  const [team, market] = rubric.body.rubric.criteria;
  return { owner, form, reviewer, application, team, market };
}

describe("the scoring screen", () => {
  it("keeps a draft as the reviewer types, and answers an incomplete submission with the fields it concerns and what was posted", async () => {
    const { reviewer, application, team, market } = await scene();
    const path = `/reviews/${application.id}`;
    const params = { application_id: String(application.id) };
    const autosave = await h.run(scoring.action, {
      as: reviewer.client,
      path,
      params,
      form: { intent: "autosave", [`scores.${team.id}`]: "4" },
    });
    expect(autosave.status).toBe(200);
    expect(autosave.data.saved).toEqual(expect.any(String));
    // A button the form does not have saves nothing.
    expect((await h.run(scoring.action, { as: reviewer.client, path, params, form: { intent: "publish" } })).status).toBe(422);

    const refused = await h.run(scoring.action, {
      as: reviewer.client,
      path,
      params,
      form: { intent: "submit", [`scores.${team.id}`]: "4", note: "Strong" },
    });
    expect(refused.status).toBe(422);
    const loaded = await h.run(scoring.loader, { as: reviewer.client, path, params });
    expect(loaded.data.reading.review.scores).toEqual({ [team.id]: 4 });
    const html = renderPage(scoring.default, { path, loaderData: loaded.data, actionData: refused.data });
    expect(html).toContain("Score this criterion before submitting.");
    expect(html).toContain("Choose a recommendation before submitting.");
    expect(html).toContain("Can they build it?");
    expect(html).toContain(">Strong</textarea>");
    expect(html).toMatch(new RegExp(`name="scores.${market.id}" value="10"`));

    const submitted = await h.run(scoring.action, {
      as: reviewer.client,
      path,
      params,
      form: { intent: "submit", [`scores.${team.id}`]: "4", [`scores.${market.id}`]: "7", recommendation: "yes" },
    });
    expect(submitted).toMatchObject({ location: path, toast: { type: "success", message: "Review submitted." } });
  });

  it("declares a conflict and goes back to the queue, which no longer holds the application", async () => {
    const { reviewer, application } = await scene();
    const path = `/reviews/${application.id}`;
    const declared = await h.run(scoring.action, {
      as: reviewer.client,
      path,
      params: { application_id: String(application.id) },
      form: { intent: "conflict" },
    });
    expect(declared.location).toBe("/reviews");
    const page = await h.run(queue.loader, { as: reviewer.client, path: "/reviews" });
    expect(page.data.queue.progress).toEqual({ done: 0, total: 0 });
    expect(renderPage(queue.default, { path: "/reviews", loaderData: page.data })).toContain("Nothing left to review");
  });

  it("tells one who manages a blind form why they see who applied, and a reviewer that it is hidden", async () => {
    const { owner, form, reviewer, application, team, market } = await scene();
    const criteria = [team, market].map(({ id, name, weight, scale_max }) => ({ id, name, weight, scale_max }));
    const blind = await owner.client.put(`/api/v1/admin/event_forms/${form.id}/rubric`, { criteria, blind: true });
    expect(blind.status, JSON.stringify(blind.body)).toBe(200);
    const path = `/reviews/${application.id}`;
    const params = { application_id: String(application.id) };
    const page = async (as: typeof owner.client) =>
      renderPage(scoring.default, { path, loaderData: (await h.run(scoring.loader, { as, path, params })).data });
    const managers = await page(owner.client);
    expect(managers).toContain('data-testid="managers-note"');
    expect(managers).not.toContain('data-testid="blind-note"');
    const reviewers = await page(reviewer.client);
    expect(reviewers).toContain('data-testid="blind-note"');
    expect(reviewers).not.toContain('data-testid="managers-note"');
  });

  it("is the API's 404 for a member not given the application", async () => {
    const { owner, application } = await scene();
    const bystander = await joinedMember(h.t, owner.client, "reviewer");
    const path = `/reviews/${application.id}`;
    const refused = await h.run(scoring.loader, { as: bystander.client, path, params: { application_id: String(application.id) } });
    expect(refused).toMatchObject({ thrown: true, status: 404 });
  });
});

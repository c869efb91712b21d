/**
 * Blind review: a reviewer of a blind form reads an application without who applied until they have
 * submitted their own review; those who manage the form always read it whole; the CSV stays theirs.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notifications } from "#api/db/realtime-schema.ts";
import type { ResponseDetail, ResponsesPage } from "#schemas/applications.ts";
import { NOT_A_CUSTOM_QUESTION, type RubricView } from "#schemas/reviews.ts";
import { sendApplication } from "#api/testing/application-fixtures.ts";
import { publishedEventForm } from "#api/testing/event-fixtures.ts";
import { registered } from "#api/testing/fixtures.ts";
import { createTestApi, type TestApi } from "#api/testing/harness.ts";
import { joinedMember, teamOwner } from "#api/testing/team-fixtures.ts";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

describe("a blind form", () => {
  it("hides who applied from its reviewer until their review is in, and never from its owner", async () => {
    const owner = await teamOwner(t);
    const form = await publishedEventForm(owner.client, owner.collection.id, {
      questions: {
        full_name: { enabled: true, required: true },
        email: { enabled: true, required: true },
        company: { enabled: true, required: false },
      },
    });
    const rubric = await owner.client.put<{ rubric: RubricView }>(`/api/v1/admin/event_forms/${form.id}/rubric`, {
      criteria: [{ name: "Team", weight: 1, scale_max: 5 }],
      blind: true,
    });
    const [team] = rubric.body.rubric.criteria;
    const reviewer = await joinedMember(t, owner.client, "reviewer", [form.id]);
    const applicant = await registered(t, "Ada Lovelace");
    const sent = await sendApplication(applicant.client, form.id, {
      full_name: "Ada Lovelace",
      email: applicant.email,
      company: "Analytical Engines",
      [form.custom_questions[0].id]: "A difference engine",
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    const id = sent.body.event_application.id;
    await owner.client.post(`/api/v1/admin/event_forms/${form.id}/review_assignments`, { mode: "all", reviewer_ids: [reviewer.id] });

    const detail = `/api/v1/admin/event_forms/${form.id}/responses/${id}`;
    const seen = (await reviewer.client.get<ResponseDetail>(detail)).body;
    expect(seen.blind).toBe(true);
    expect(seen.event_application).toMatchObject({ applicant_name: `Applicant ${id}`, applicant_email: "", user_id: 0 });
    expect(JSON.stringify(seen)).not.toContain("Ada Lovelace");
    expect(JSON.stringify(seen)).not.toContain("Analytical Engines");
    expect(seen.event_application.answers[form.custom_questions[0].id]).toBe("A difference engine");
    const list = (await reviewer.client.get<ResponsesPage>(`/api/v1/admin/event_forms/${form.id}/responses`)).body;
    expect(JSON.stringify(list.data)).not.toContain("Ada Lovelace");
    expect(list.blind).toBe(true);
    expect((await owner.client.get<ResponsesPage>(`/api/v1/admin/event_forms/${form.id}/responses`)).body.blind).toBe(false);
    expect((await reviewer.client.get(`/api/v1/admin/event_forms/${form.id}/responses.csv`)).status).toBe(403);

    const owners = (await owner.client.get<ResponseDetail>(detail)).body;
    expect(owners).toMatchObject({ blind: false, event_application: { applicant_name: "Ada Lovelace" } });

    const submitted = await reviewer.client.put(`/api/v1/admin/event_applications/${id}/review`, {
      scores: { [team.id]: 5 },
      recommendation: "yes",
    });
    expect(submitted.status).toBe(200);
    expect((await reviewer.client.get<ResponseDetail>(detail)).body).toMatchObject({
      blind: false,
      event_application: { applicant_name: "Ada Lovelace", answers: { company: "Analytical Engines" } },
    });
  });

  it("hides the custom questions its owner chose as identifying too, and refuses a question not the form's", async () => {
    const owner = await teamOwner(t);
    const form = await publishedEventForm(owner.client, owner.collection.id);
    const pitch = form.custom_questions[0].id;
    const put = (identifying_questions: string[]) =>
      owner.client.put<{ rubric: RubricView; errors: Record<string, string[]> }>(`/api/v1/admin/event_forms/${form.id}/rubric`, {
        criteria: [{ name: "Team", weight: 1, scale_max: 5 }],
        blind: true,
        identifying_questions,
      });
    const refused = await put(["q-not-there"]);
    expect(refused.status).toBe(422);
    expect(refused.body.errors.identifying_questions).toEqual([NOT_A_CUSTOM_QUESTION]);
    expect((await put([pitch])).body.rubric.identifying_questions).toEqual([pitch]);
    const reviewer = await joinedMember(t, owner.client, "reviewer", [form.id]);
    const applicant = await registered(t, "Grace Hopper");
    const sent = await sendApplication(applicant.client, form.id, {
      full_name: "Grace Hopper",
      email: applicant.email,
      [pitch]: "COBOL at Hopper Labs",
    });
    const detail = `/api/v1/admin/event_forms/${form.id}/responses/${sent.body.event_application.id}`;
    const seen = (await reviewer.client.get<ResponseDetail>(detail)).body;
    expect(JSON.stringify(seen.event_application)).not.toContain("Hopper");
    expect(seen.hidden_questions).toContain(pitch);
    expect((await owner.client.get<ResponseDetail>(detail)).body.event_application.answers[pitch]).toBe("COBOL at Hopper Labs");
    // Told of the new application: the owner by name, the reviewer without one.
    const told = async (userId: number) =>
      (
        await t.database.db
          .select()
          .from(notifications)
          .where(and(eq(notifications.userId, userId), eq(notifications.type, "application_received")))
      )[0]?.body;
    expect(await told(owner.id)).toBe("Grace Hopper applied.");
    expect(await told(reviewer.id)).toBe("A new application is waiting for review.");
  });
});

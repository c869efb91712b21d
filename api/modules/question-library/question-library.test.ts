import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "#schemas/answers.ts";
import type { SavedQuestionView } from "#schemas/question-library.ts";
import { ownerWithCollection } from "#api/testing/event-fixtures.ts";
import { coFounder } from "#api/testing/fixtures.ts";
import { createTestApi, expectEveryCallRefused, type Call, type TestApi } from "#api/testing/harness.ts";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

const BASE = "/api/v1/admin/question_library";

const track = { label: "Track", type: "dropdown", required: true, options: ["Design", "Engineering"], help_text: "Pick one" };

describe("the question library", () => {
  it("saves a question without its rule, lists it by label with search and pages, and deletes it", async () => {
    const { client } = await ownerWithCollection(t);
    const saved = await client.post(BASE, { ...track, id: "q-12345678", show_if: { question: "Other", values: ["Yes"] } });
    expect(saved.status).toBe(201);
    expect(saved.body).toEqual({
      saved_question: {
        id: expect.any(Number),
        label: "Track",
        help_text: "Pick one",
        type: "dropdown",
        required: true,
        options: ["Design", "Engineering"],
        created_at: expect.stringMatching(/Z$/),
      },
      message: "Question saved to the library.",
    });
    await client.post(BASE, { label: "Why us?", type: "long_text", options: ["dropped"] });
    await client.post(BASE, { label: "Another track", type: "single_choice", options: ["A", "B"] });

    const all = await client.get<Page<SavedQuestionView>>(`${BASE}?per_page=2`);
    expect(all.body.data.map((q) => q.label)).toEqual(["Another track", "Track"]);
    expect(all.body.meta).toMatchObject({ total: 3, last_page: 2 });
    const searched = await client.get<Page<SavedQuestionView>>(`${BASE}?search=track&sort_by=created_at&sort_order=desc`);
    expect(searched.body.data.map((q) => q.label)).toEqual(["Another track", "Track"]);
    expect((await client.get<Page<SavedQuestionView>>(`${BASE}?search=why`)).body.data[0].options).toEqual([]);

    const id = saved.body.saved_question.id as number;
    expect(await client.delete(`${BASE}/${id}`)).toMatchObject({ status: 200, body: { message: "Saved question deleted." } });
    expect(await client.delete(`${BASE}/${id}`)).toMatchObject({ status: 404, body: { message: "Saved question not found" } });
    expect((await client.get<Page<SavedQuestionView>>(BASE)).body.meta.total).toBe(2);
  });

  it("keeps each organization's library to itself", async () => {
    const mine = await ownerWithCollection(t);
    const theirs = await ownerWithCollection(t);
    const saved = await mine.client.post(BASE, track);
    expect((await theirs.client.get<Page<SavedQuestionView>>(BASE)).body.data).toEqual([]);
    expect(await theirs.client.delete(`${BASE}/${saved.body.saved_question.id}`)).toMatchObject({ status: 404 });
    expect((await mine.client.get<Page<SavedQuestionView>>(BASE)).body.meta.total).toBe(1);
  });

  it("refuses a question that would not be a valid custom question (422 on its field)", async () => {
    const { client } = await ownerWithCollection(t);
    const res = await client.post(BASE, { label: "", type: "single_choice", options: ["Only"] });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({
      label: ["The question field is required."],
      options: ["A choice question needs at least two options."],
    });
  });

  it("is for those who manage the organization's forms", async () => {
    const calls: Call[] = [
      ["GET", BASE],
      ["POST", BASE, track],
      ["DELETE", `${BASE}/1`],
    ];
    await expectEveryCallRefused(t.client(), calls, 401, { message: "Unauthenticated." });
    const { client } = await coFounder(t);
    await expectEveryCallRefused(client, calls, 403, { message: "Access Forbidden" });
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEventForm, ownerWithCollection, validEventFormFields } from "#api/testing/event-fixtures.ts";
import { createTestApi, type TestApi } from "#api/testing/harness.ts";
import type { EventFormView } from "#schemas/event-form-views.ts";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

const BASE = "/api/v1/admin/event_forms";

const track = { label: "Track", type: "dropdown", required: true, options: ["Design", "Engineering", "Research"] };
const portfolio = { label: "Portfolio?", type: "yes_no", required: true, show_if: { question: "track", values: ["Design", "Research"] } };
const link = { label: "Portfolio link", type: "url", required: true, show_if: { question: "Portfolio?", values: ["Yes"] } };

describe("show only when", () => {
  it("stores a chain of rules by the ids of the questions they name, and keeps them through an edit sent back as is", async () => {
    const { client, collection } = await ownerWithCollection(t);
    const form = await createEventForm(client, collection.id, { custom_questions: [track, portfolio, link] });
    const [a, b, c] = form.custom_questions;
    expect(a.show_if).toBeNull();
    expect(b.show_if).toEqual({ question_id: a.id, values: ["Design", "Research"] });
    expect(c.show_if).toEqual({ question_id: b.id, values: ["Yes"] });

    // The resource sent back names the question by `question_id`; a new question in front moves nothing.
    const edited = await client.put<{ event_form: EventFormView }>(`${BASE}/${form.id}`, {
      ...form,
      collection_id: collection.id,
      starts_at: form.starts_at_local,
      ends_at: form.ends_at_local,
      application_deadline: form.application_deadline_local,
      custom_questions: [{ label: "First", type: "short_text" }, ...form.custom_questions],
    });
    expect(edited.status).toBe(200);
    const [, a2, b2, c2] = edited.body.event_form.custom_questions;
    expect([a2.id, b2.id, c2.id]).toEqual([a.id, b.id, c.id]);
    expect(b2.show_if).toEqual({ question_id: a.id, values: ["Design", "Research"] });
    expect(c2.show_if).toEqual({ question_id: b.id, values: ["Yes"] });
  });

  it("takes a blank rule from a plain form as no rule", async () => {
    const { client, collection } = await ownerWithCollection(t);
    const form = await createEventForm(client, collection.id, {
      custom_questions: [track, { label: "Why?", type: "short_text", show_if: { question: "", values: "" } }],
    });
    expect(form.custom_questions[1].show_if).toBeNull();
  });

  it("answers 422 on the rule's field for a later question, itself, one without options, no values or a value that is no option", async () => {
    const { client, collection } = await ownerWithCollection(t);
    const refused = async (questions: unknown[]) => {
      const answer = await client.post(BASE, validEventFormFields(collection.id, { custom_questions: questions }));
      expect(answer.status).toBe(422);
      return answer.body.errors as Record<string, string[]>;
    };
    expect(await refused([{ ...portfolio, show_if: { question: "Portfolio link", values: ["Yes"] } }, link])).toEqual({
      "custom_questions.0.show_if.question": ["A question can be shown only after an earlier question: choose one above it."],
    });
    expect(await refused([track, { ...portfolio, show_if: { question: "Portfolio?", values: ["Yes"] } }])).toEqual({
      "custom_questions.1.show_if.question": ["A question cannot be shown only when it is answered itself."],
    });
    expect(await refused([track, { ...portfolio, show_if: { question: "Nothing like it", values: ["Yes"] } }])).toEqual({
      "custom_questions.1.show_if.question": ["Show only when must name an earlier question of this form."],
    });
    expect(
      await refused([
        { label: "Name", type: "short_text" },
        { ...portfolio, show_if: { question: "Name", values: ["Ada"] } },
      ]),
    ).toEqual({
      "custom_questions.1.show_if.question": [
        "Show only when needs a question with options (single choice, multiple choice, dropdown or yes / no).",
      ],
    });
    expect(await refused([track, { ...portfolio, show_if: { question: "Track", values: [] } }])).toEqual({
      "custom_questions.1.show_if.values": ["Choose at least one answer that shows this question."],
    });
    expect(await refused([track, { ...portfolio, show_if: { question: "Track", values: ["Design", "Marketing"] } }])).toEqual({
      "custom_questions.1.show_if.values": ["“Marketing” is not one of the options of “Track”: Design, Engineering, Research."],
    });
  });
});

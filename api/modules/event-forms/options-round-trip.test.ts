/**
 * A choice question's options, typed one per line in the panel's builder: the browser's form body read as
 * the create action reads it (conform with the shared schema), sent on as the panel sends it
 * (`toApiMultipart`), and read back from the API as typed.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toApiMultipart } from "#schemas/api-multipart.ts";
import { eventFormSchema } from "#schemas/events.ts";
import { ownerWithCollection } from "#api/testing/event-fixtures.ts";
import { createTestApi, type TestApi } from "#api/testing/harness.ts";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

describe("a custom question's options", () => {
  it("typed in the builder come back from the API as typed", async () => {
    const { client, collection } = await ownerWithCollection(t);
    const typed = ["A friend", "Social media, or the press", "[Other]"];
    const body = new FormData();
    for (const [key, value] of Object.entries({
      collection_id: String(collection.id),
      title: "Founders meetup",
      description: "An evening of demos.",
      category: "Meetup",
      nature: "in_person",
      timezone: "Africa/Lagos",
      starts_at: "2035-06-01T18:00",
      ends_at: "2035-06-01T21:00",
      venue: "Yaba Tech Hub, Lagos",
      venue_country: "NG",
      venue_city: "Lagos",
      type_of_event: "free",
      "questions.full_name.enabled": "on",
      "questions.full_name.required": "on",
      "questions.email.enabled": "on",
      "questions.email.required": "on",
      "custom_questions[0].label": "How did you hear about us?",
      "custom_questions[0].type": "multiple_choice",
      "custom_questions[0].options": typed.join("\r\n"),
    }))
      body.append(key, value);
    const submission = parseWithZod(body, { schema: eventFormSchema });
    expect(submission.status === "success" ? null : submission.error).toBeNull();
    const values = submission.status === "success" ? (submission.value as Record<string, unknown>) : {};
    const res = await client.post("/api/v1/admin/event_forms", toApiMultipart(values));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const read = await client.get(`/api/v1/admin/event_forms/${res.body.event_form.id}`);
    expect(read.body.event_form.custom_questions[0].options).toEqual(typed);
  });
});

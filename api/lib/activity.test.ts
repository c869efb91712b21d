import { describe, expect, it } from "vitest";
import { changedFields } from "./activity.ts";

const FIELDS = { title: "title", startsAt: "starts_at", customQuestions: "custom_questions" } as const;

describe("what the record takes for a change", () => {
  it("names the fields that changed, with moments as ISO text", () => {
    const before = { title: "Demo day", startsAt: new Date("2026-06-01T09:00:00Z"), customQuestions: [] };
    const after = { title: "Demo night", startsAt: new Date("2026-06-01T18:00:00Z"), customQuestions: [] };
    expect(changedFields(before, after, FIELDS)).toEqual({
      title: { from: "Demo day", to: "Demo night" },
      starts_at: { from: "2026-06-01T09:00:00.000Z", to: "2026-06-01T18:00:00.000Z" },
    });
  });

  it("takes a field inside a value that became null where it was absent for no change, and a real one for one", () => {
    const question = { id: "q1", label: "Team size", type: "number" };
    const startsAt = new Date("2026-06-01T09:00:00Z");
    const before = { title: "Demo day", startsAt, customQuestions: [question] };
    const savedAgain = { title: "Demo day", startsAt, customQuestions: [{ ...question, show_if: null }] };
    expect(changedFields(before, savedAgain, FIELDS)).toEqual({});
    const conditional = { ...question, show_if: { question: "q0", values: ["yes"] } };
    expect(Object.keys(changedFields(before, { ...before, customQuestions: [conditional] }, FIELDS))).toEqual(["custom_questions"]);
  });
});

import { describe, expect, it } from "vitest";
import { QUESTION_TYPES, questionTypeOf, type QuestionType } from "#schemas/events.ts";
import { ANSWER_READERS, readAnswer, type Question } from "./answers.ts";

const question = (type: QuestionType, options: string[] = []): Question => ({
  key: "q-1",
  label: "Question",
  type,
  required: false,
  options,
  standard: false,
  showIf: null,
});

describe("question types", () => {
  it("are the one list: every type on it is known, and a kind it does not hold is asked as short text", () => {
    expect(QUESTION_TYPES.map((type) => questionTypeOf(type.value))).toEqual(QUESTION_TYPES.map((type) => type.value));
    expect(Object.keys(ANSWER_READERS).sort()).toEqual(QUESTION_TYPES.map((type) => type.value).sort());
    expect([questionTypeOf("rating"), questionTypeOf(""), questionTypeOf(undefined)]).toEqual(["short_text", "short_text", "short_text"]);
  });

  it("make the compiler ask for a new type wherever each type is handled", () => {
    // @ts-expect-error: a kind the list does not hold is no question type
    const rating: QuestionType = "rating";
    // @ts-expect-error: a type without a reader does not compile, as a new type on the list would not
    const readers: Record<QuestionType | "rating", unknown> = ANSWER_READERS;
    expect([rating, Object.keys(readers).includes("rating")]).toEqual(["rating", false]);
  });

  it("read each answer by its own type's rule", () => {
    expect(readAnswer(question("short_text"), " Acme ")).toEqual({ kind: "value", value: "Acme" });
    expect(readAnswer(question("number"), "12.5")).toEqual({ kind: "value", value: 12.5 });
    expect(readAnswer(question("yes_no"), "yes")).toEqual({ kind: "value", value: true });
    expect(readAnswer(question("multiple_choice", ["AI", "Health"]), ["AI", "AI"])).toEqual({ kind: "value", value: ["AI"] });
    expect(readAnswer(question("dropdown", ["AI"]), "Fintech")).toEqual({
      kind: "error",
      message: "The answer must be one of the options.",
    });
    expect(readAnswer(question("date"), "2026-02-30")).toEqual({ kind: "error", message: "The answer must be a valid date (YYYY-MM-DD)." });
    expect(readAnswer(question("file"), "not-a-file")).toEqual({ kind: "error", message: "The answer must be a file." });
    expect(readAnswer(question("email"), ["a@example.com", "b@example.com"])).toEqual({
      kind: "error",
      message: "The answer must be a single value.",
    });
    expect(readAnswer(question("long_text"), "")).toEqual({ kind: "empty" });
  });
});

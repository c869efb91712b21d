import { describe, expect, it } from "vitest";
import { LEAN_CANVAS } from "#schemas/frameworks/lean-canvas";
import { AI_PROMPT_MAX_LENGTH } from "#schemas/ai";
import { frameworkBoxPrompt } from "./box-prompt";

const startup = { id: 1, name: "Acme Robotics", description: "Warehouse robots rented by the month.", industry: "Hardware", stage: "Seed" };

describe("frameworkBoxPrompt", () => {
  it("asks for the box with its hint, the startup's details and the other boxes, and improves a draft", () => {
    const prompt = frameworkBoxPrompt(LEAN_CANVAS, "solution", startup, {
      problem: "Pickers walk too far.",
      solution: "Robots",
      channels: "  ",
    });
    expect(prompt).toContain('Write the "Solution" box of a Lean Canvas');
    expect(prompt).toContain(LEAN_CANVAS.boxes.find((box) => box.id === "solution")!.hint);
    expect(prompt).toContain("Name: Acme Robotics\nIndustry: Hardware\nStage: Seed\nDescription: Warehouse robots rented by the month.");
    expect(prompt).toContain("What the founders wrote in the other boxes:\nProblem: Pickers walk too far.");
    expect(prompt).not.toContain("Channels:");
    expect(prompt).toContain("Improve the box's current text, keeping its facts:\nRobots");
  });

  it("stays within the helper's limit with every box full", () => {
    const full = Object.fromEntries(LEAN_CANVAS.boxes.map((box) => [box.id, "x".repeat(4000)]));
    const prompt = frameworkBoxPrompt(LEAN_CANVAS, "problem", { ...startup, description: "d".repeat(5000) }, full);
    expect(prompt.length).toBeLessThanOrEqual(AI_PROMPT_MAX_LENGTH);
    expect(prompt).toContain("Unfair advantage: xxx");
  });

  it("asks nothing for a box the framework does not have", () => {
    expect(frameworkBoxPrompt(LEAN_CANVAS, "strengths", startup, {})).toBe("");
  });
});

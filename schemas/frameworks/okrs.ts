import type { FrameworkDefinition } from "./types.ts";

/** Objectives and key results for one quarter: where to go, and the numbers that prove you got there. */
export const OKRS: FrameworkDefinition = {
  type: "okrs",
  name: "OKRs",
  summary: "One objective for the quarter, three measurable key results, and the work that moves them.",
  whenToUse: "At the start of each quarter, so the whole team pulls in one direction; review them every week.",
  layout: {
    columns: 3,
    rows: ["objective objective why_it_matters", "key_result_1 key_result_2 key_result_3", "initiatives initiatives risks"],
  },
  boxes: [
    {
      id: "objective",
      title: "Objective",
      hint: "Where you want to be at the end of the quarter: qualitative, inspiring, and clearly ambitious.",
      example: "Make Acme the obvious choice for fast-growing 3PLs in Lagos.",
    },
    {
      id: "why_it_matters",
      title: "Why it matters now",
      hint: "Why this objective beats the alternatives this quarter: the link to the company's strategy.",
      example: "Series A investors want proof we can sell repeatably in one city before we expand.",
    },
    {
      id: "key_result_1",
      title: "Key result 1",
      hint: "A number with a start value and a target, measured on a date. It must be a result, not a task.",
      example: "Sites live: 12 → 25 by 30 June.",
    },
    {
      id: "key_result_2",
      title: "Key result 2",
      hint: "A second result that covers a different side of the objective (quality, not only volume).",
      example: "Average pick-rate increase at new sites: ≥ 80 % after 30 days.",
    },
    {
      id: "key_result_3",
      title: "Key result 3",
      hint: "A counter-metric that stops you gaming the other two.",
      example: "Net revenue churn stays below 2 % a month.",
    },
    {
      id: "initiatives",
      title: "Initiatives",
      hint: "The projects you bet will move the key results, each with an owner.",
      example:
        "Self-install kit (Tunde).\nReferral programme for operations managers (Stella).\nCase study video at the largest site (Ife).",
    },
    {
      id: "risks",
      title: "Risks and dependencies",
      hint: "What could stop you, and who or what you depend on outside the team.",
      example: "Customs delays on the next 30 robots.\nLeasing partner's credit approval time.",
    },
  ],
};

import type { FrameworkDefinition } from "./types.ts";

/** SWOT: what is good and bad inside the company, and what helps or threatens it from outside. */
export const SWOT: FrameworkDefinition = {
  type: "swot",
  name: "SWOT analysis",
  summary: "Strengths and weaknesses inside your company, opportunities and threats outside it.",
  whenToUse: "Before planning a quarter, a fundraise or a new market, to see where you stand honestly.",
  layout: {
    columns: 2,
    rows: ["strengths weaknesses", "opportunities threats"],
  },
  boxes: [
    {
      id: "strengths",
      title: "Strengths",
      hint: "Internal and helpful: what you do better than others, what customers praise, what you own that others lack.",
      example: "Two founders with warehouse operations experience.\n40 sites of routing data.\nPayback in 8 months.",
    },
    {
      id: "weaknesses",
      title: "Weaknesses",
      hint: "Internal and harmful: gaps in the team, product or finances. Be as honest as an investor would be.",
      example: "No in-house hardware engineer.\nEvery site still needs an on-site visit to install.",
    },
    {
      id: "opportunities",
      title: "Opportunities",
      hint: "External and helpful: trends, changes in regulation or technology, underserved customers, partners.",
      example: "E-commerce volumes in West Africa growing 30 % a year.\nBanks launching equipment-leasing products.",
    },
    {
      id: "threats",
      title: "Threats",
      hint: "External and harmful: competitors, costs, regulation, shifts in customer behaviour that could hurt you.",
      example: "Import duties on electronics may rise.\nA global robotics company could enter with subsidised prices.",
    },
  ],
};

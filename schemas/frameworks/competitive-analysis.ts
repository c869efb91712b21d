import type { FrameworkDefinition } from "./types.ts";

/** A competitive analysis: who else the customer could choose, compared honestly, and where you win. */
export const COMPETITIVE_ANALYSIS: FrameworkDefinition = {
  type: "competitive-analysis",
  name: "Competitive analysis",
  summary: "Who else your customer could choose, how you compare, and where you win.",
  whenToUse: "Before you set prices, write the competition slide, or decide which features to build next.",
  layout: {
    columns: 3,
    rows: [
      "direct_competitors indirect_competitors status_quo",
      "comparison comparison comparison",
      "their_strengths their_weaknesses our_edge",
    ],
  },
  boxes: [
    {
      id: "direct_competitors",
      title: "Direct competitors",
      hint: "Companies selling a similar product to the same customer. Note their price, size and funding.",
      example: "Locus Robotics: $250k+ per site, US-focused.\n6 River Systems: owned by Ocado, enterprise only.",
    },
    {
      id: "indirect_competitors",
      title: "Indirect competitors",
      hint: "Different products that do the same job for the customer.",
      example: "Conveyor belt installers.\nWarehouse management software with pick-path optimisation.",
    },
    {
      id: "status_quo",
      title: "Doing nothing",
      hint: "How customers cope today without anyone's product: often your biggest competitor.",
      example: "Hire more temporary pickers for peak; paper pick lists; overtime.",
    },
    {
      id: "comparison",
      title: "Side by side",
      hint: "Compare yourself and the main alternatives on the 4–6 criteria your customer cares about most (price, time to value, support…).",
      example:
        "Upfront cost: Locus $250k · extra pickers $0 · Acme $0.\n" +
        "Live in: Locus 3 months · pickers 2 weeks · Acme 1 week.\n" +
        "Local support: Locus no · Acme yes.",
    },
    {
      id: "their_strengths",
      title: "Their strengths",
      hint: "Where competitors beat you today. Knowing it lets you avoid fights you cannot win.",
      example: "Locus: proven at huge scale, big brand, deep integrations.",
    },
    {
      id: "their_weaknesses",
      title: "Their weaknesses",
      hint: "Where customers complain about them: reviews, lost-deal notes, interviews.",
      example: "No local service team; long installations; priced in dollars upfront.",
    },
    {
      id: "our_edge",
      title: "Where we win",
      hint: "The customer for whom you are clearly the best choice, and why that advantage will last.",
      example: "Growing 3PLs that cannot spend capital: monthly pricing, live in a week, local technicians.",
    },
  ],
};

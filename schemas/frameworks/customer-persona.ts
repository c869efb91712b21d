import type { FrameworkDefinition } from "./types.ts";

/** A customer persona: one believable buyer, drawn from interviews rather than imagination. */
export const CUSTOMER_PERSONA: FrameworkDefinition = {
  type: "customer-persona",
  name: "Customer persona",
  summary: "One believable buyer: who they are, what they want, what frustrates them and how they decide.",
  whenToUse: "After your first ten customer interviews, to keep the whole team building for the same person.",
  layout: {
    columns: 3,
    rows: ["profile goals frustrations", "profile behaviours buying_process", "quote quote where_to_reach"],
  },
  boxes: [
    {
      id: "profile",
      title: "Who they are",
      hint: "A name, a role, the company they work in and the facts that change how they buy. Base it on real interviews.",
      example:
        "Amaka, 34, operations manager at a 3PL in Lagos.\nRuns 2 warehouses, 60 pickers.\nReports to the COO; budget up to $5k a month without sign-off.",
    },
    {
      id: "goals",
      title: "Goals",
      hint: "What they are trying to achieve at work, and what success looks like to their boss.",
      example: "Hit 99 % same-day shipping.\nCut overtime during peak season.\nGet promoted to head of operations.",
    },
    {
      id: "frustrations",
      title: "Frustrations",
      hint: "What gets in the way today, in their own words.",
      example: '"I train new pickers every month and they leave."\n"Every automation vendor wants a year\'s budget upfront."',
    },
    {
      id: "behaviours",
      title: "Day and habits",
      hint: "How a typical day goes, which tools they use, what they read and whom they trust.",
      example: "On the floor from 7 am.\nLives in WhatsApp and Excel.\nTrusts peers in the Lagos logistics WhatsApp group.",
    },
    {
      id: "buying_process",
      title: "How they decide",
      hint: "Who else is involved, what proof they need, what budget it comes from, and what kills a deal.",
      example: "Needs a 2-week pilot with numbers.\nCOO signs above $5k a month.\nDeal-breaker: downtime during peak.",
    },
    {
      id: "quote",
      title: "In their words",
      hint: "One sentence a real customer said that sums up the problem. Use it in your pitch.",
      example: '"If I miss the 4 pm courier, I pay for it twice: in penalties and in my client\'s trust."',
    },
    {
      id: "where_to_reach",
      title: "Where to reach them",
      hint: "The channels, events and communities where you can find more people like this.",
      example: "Lagos logistics WhatsApp groups, LinkedIn, the annual West Africa Supply Chain Summit.",
    },
  ],
};

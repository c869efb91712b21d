import type { FrameworkDefinition } from "./types.ts";

/** Ash Maurya's Lean Canvas: the one-page business plan for a startup still looking for its market. */
export const LEAN_CANVAS: FrameworkDefinition = {
  type: "lean-canvas",
  name: "Lean Canvas",
  summary: "Your business model on one page: problem, customers, solution and how you will make money.",
  whenToUse: "Before you build, and again whenever an experiment changes what you believe about your customers.",
  layout: {
    columns: 10,
    rows: [
      "problem problem solution solution unique_value_proposition unique_value_proposition " +
        "unfair_advantage unfair_advantage customer_segments customer_segments",
      "problem problem key_metrics key_metrics unique_value_proposition unique_value_proposition channels channels customer_segments customer_segments",
      "cost_structure cost_structure cost_structure cost_structure cost_structure " +
        "revenue_streams revenue_streams revenue_streams revenue_streams revenue_streams",
    ],
  },
  boxes: [
    {
      id: "problem",
      title: "Problem",
      hint: "The top one to three problems your customers have, and how they solve them today (the existing alternatives).",
      example:
        "1. Small warehouses lose 2–3 hours a day walking orders to packing.\n" +
        "2. Robots on the market need a six-figure upfront purchase.\n" +
        "Today: more pickers on shift, paper pick lists.",
    },
    {
      id: "customer_segments",
      title: "Customer segments",
      hint: "Who has the problem? Name your early adopters: the people who feel it most and will try something new first.",
      example: "Warehouses of 500–5,000 m² shipping e-commerce orders.\nEarly adopters: 3PLs in Lagos growing faster than they can hire.",
    },
    {
      id: "unique_value_proposition",
      title: "Unique value proposition",
      hint: 'One clear sentence that says why you are different and worth attention. Add a high-level concept ("X for Y") if it helps.',
      example:
        'Pick twice as many orders per shift, for the price of one picker a month.\nHigh-level concept: "Kiva robots, rented by the month."',
    },
    {
      id: "solution",
      title: "Solution",
      hint: "The simplest thing that solves each problem above: one feature or approach per problem, not your whole roadmap.",
      example: "Carts that follow pickers and ferry full totes to packing.\nMonthly rental with installation and maintenance included.",
    },
    {
      id: "channels",
      title: "Channels",
      hint: "How customers will hear about you and buy: free and paid, inbound and outbound. Which one can you test this month?",
      example: "Direct sales to 3PL operations managers.\nDemo days at logistics associations.\nReferrals from the first five sites.",
    },
    {
      id: "revenue_streams",
      title: "Revenue streams",
      hint: "How you make money: the pricing model, the price, and the lifetime value of a customer you expect.",
      example: "$900 per robot per month, 12-month minimum.\nAverage site: 4 robots → $43,200 a year.",
    },
    {
      id: "cost_structure",
      title: "Cost structure",
      hint: "What it costs to reach and serve customers: acquisition costs, people, hosting, hardware. What is your monthly burn?",
      example: "Robot hardware: $6,500 each (paid back in 8 months).\nTeam of 6: $38k a month.\nField technicians per 20 sites.",
    },
    {
      id: "key_metrics",
      title: "Key metrics",
      hint: "The few numbers that tell you whether the business works. Pick activities customers do, not vanity counts.",
      example: "Orders picked per labour hour at each site.\nRobots deployed, monthly churn, months to payback.",
    },
    {
      id: "unfair_advantage",
      title: "Unfair advantage",
      hint: 'Something that cannot easily be copied or bought: insider knowledge, a community, a network effect. "None yet" is an honest answer.',
      example: "Fleet data from 40 warehouses trains routing no new entrant can match.\nFounders ran operations at Jumia.",
    },
  ],
};

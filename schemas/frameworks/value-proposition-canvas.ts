import type { FrameworkDefinition } from "./types.ts";

/**
 * Osterwalder's Value Proposition Canvas: the value map (the square, left) set against the customer
 * profile (the circle, right); a fit is when each pain reliever and gain creator meets a pain or gain.
 */
export const VALUE_PROPOSITION_CANVAS: FrameworkDefinition = {
  type: "value-proposition-canvas",
  name: "Value Proposition Canvas",
  summary: "Match what you offer to the jobs, pains and gains of one customer segment.",
  whenToUse: "When you are unsure customers want what you build, or you are writing the words of your landing page.",
  layout: {
    columns: 4,
    rows: ["products_and_services gain_creators gains customer_jobs", "products_and_services pain_relievers pains customer_jobs"],
  },
  boxes: [
    {
      id: "products_and_services",
      title: "Products and services",
      hint: "Everything you offer this segment: products, services, features, support.",
      example: "Follow-me picking carts.\nMonthly rental with maintenance.\nWeekly productivity report.",
    },
    {
      id: "gain_creators",
      title: "Gain creators",
      hint: "How your offer produces the gains the customer wants, expects or would be surprised by.",
      example: "Pick rate per person shown live on a wall screen.\nAdd robots for peak season within 48 hours.",
    },
    {
      id: "pain_relievers",
      title: "Pain relievers",
      hint: "How your offer removes or reduces the pains on the right. Name the pain each one relieves.",
      example: "No capital expense: rented monthly (pain: cash).\nCarts carry the weight (pain: injuries and fatigue).",
    },
    {
      id: "gains",
      title: "Gains",
      hint: "The outcomes and benefits the customer wants: required, expected, desired and unexpected.",
      example: "Ship every order the same day.\nLook good to the client in the quarterly review.\nFewer temporary staff to train.",
    },
    {
      id: "pains",
      title: "Pains",
      hint: "What annoys the customer before, during and after the job: bad outcomes, obstacles, risks.",
      example: "Missed cut-off times mean penalties.\nPickers quit after peak season.\nRobots cost more than a year's profit.",
    },
    {
      id: "customer_jobs",
      title: "Customer jobs",
      hint: "What the customer is trying to get done: functional, social and emotional jobs, in their words.",
      example: "Get every order out before the courier's 4 pm pickup.\nKeep labour cost per order under $0.40.",
    },
  ],
};

import type { FrameworkDefinition } from "./types.ts";

/** The investor pitch deck, slide by slide, in the order most seed investors expect. */
export const PITCH_DECK: FrameworkDefinition = {
  type: "pitch-deck",
  name: "Pitch deck outline",
  summary: "The twelve slides of a seed pitch, one box per slide, in the order investors expect.",
  whenToUse: "Before you open a design tool: get the story right in words first, then make the slides.",
  layout: {
    columns: 4,
    rows: ["problem solution why_now market", "product business_model traction competition", "go_to_market team financials the_ask"],
  },
  boxes: [
    {
      id: "problem",
      title: "1. Problem",
      hint: "Who hurts, how much, and how you know. One customer story beats a page of statistics.",
      example: "Amaka's 3PL misses the courier cut-off twice a week: each miss costs ₦400,000 in penalties.",
    },
    {
      id: "solution",
      title: "2. Solution",
      hint: "What you do about it, in one sentence a non-expert understands. Show, do not list features.",
      example: "Carts that follow pickers and ferry totes to packing, rented by the month.",
    },
    {
      id: "why_now",
      title: "3. Why now",
      hint: "What changed that makes this possible or urgent today and not five years ago.",
      example: "Robot component costs fell 60 % since 2019; e-commerce orders in Nigeria tripled.",
    },
    {
      id: "market",
      title: "4. Market",
      hint: "How big the opportunity is, counted bottom-up: number of customers × what each pays.",
      example: "4,000 warehouses in our first three countries × $43k a year = $172M serviceable market.",
    },
    {
      id: "product",
      title: "5. Product",
      hint: "What it looks like in use: a screenshot, a photo, a 30-second demo. What is live today?",
      example: "Live at 12 sites. Demo video: a picker's route before and after.",
    },
    {
      id: "business_model",
      title: "6. Business model",
      hint: "Who pays, how much, how often, and what a customer is worth over their lifetime.",
      example: "$900 per robot per month; average site 4 robots; 94 % gross margin on software.",
    },
    {
      id: "traction",
      title: "7. Traction",
      hint: "Proof that people want it: revenue, growth rate, pilots, letters of intent. Show the trend as a chart.",
      example: "$38k monthly revenue, growing 18 % a month for six months; zero churn.",
    },
    {
      id: "competition",
      title: "8. Competition",
      hint: 'Who else solves this, including doing nothing, and why customers choose you. Avoid "we have no competitors".',
      example: "Locus and 6 River: $250k upfront. Extra pickers: turnover. Us: no upfront cost, live in a week.",
    },
    {
      id: "go_to_market",
      title: "9. Go to market",
      hint: "How you will win the next 100 customers: channel, cost to acquire and sales cycle.",
      example: "Field sales to 3PLs, 6-week cycle, $3,100 acquisition cost, paid back in 2 months.",
    },
    {
      id: "team",
      title: "10. Team",
      hint: "Why this team wins: relevant experience, what each founder owns, key hires to come.",
      example: "Stella (CEO): ran operations for 30 Jumia warehouses. Tunde (CTO): robotics PhD, ex-Ocado.",
    },
    {
      id: "financials",
      title: "11. Financials",
      hint: "Revenue and burn for the next 18–24 months and the milestones the money reaches.",
      example: "$2.4M annual revenue by month 18; break-even at 140 robots deployed.",
    },
    {
      id: "the_ask",
      title: "12. The ask",
      hint: "How much you raise, on what terms, what it buys, and when the round closes.",
      example: "Raising $1.5M on a post-money SAFE to reach 150 robots and Series A metrics by Q4.",
    },
  ],
};

import type { FrameworkDefinition } from "./types.ts";

/** Osterwalder's Business Model Canvas: nine building blocks of how an organisation creates and captures value. */
export const BUSINESS_MODEL_CANVAS: FrameworkDefinition = {
  type: "business-model-canvas",
  name: "Business Model Canvas",
  summary: "Nine building blocks of how your company creates, delivers and captures value.",
  whenToUse: "Once you know your customer and need to think through partners, resources and operations as well.",
  layout: {
    columns: 10,
    rows: [
      "key_partners key_partners key_activities key_activities value_propositions value_propositions " +
        "customer_relationships customer_relationships customer_segments customer_segments",
      "key_partners key_partners key_resources key_resources value_propositions value_propositions channels channels customer_segments customer_segments",
      "cost_structure cost_structure cost_structure cost_structure cost_structure " +
        "revenue_streams revenue_streams revenue_streams revenue_streams revenue_streams",
    ],
  },
  boxes: [
    {
      id: "key_partners",
      title: "Key partners",
      hint: "Who do you rely on? Suppliers, alliances and partners that do what you should not do yourself.",
      example: "Contract manufacturer in Shenzhen.\nEquipment-leasing bank that finances the robot fleet.",
    },
    {
      id: "key_activities",
      title: "Key activities",
      hint: "The most important things you must do well for the model to work.",
      example: "Installing a site in under a week.\nRemote monitoring and repair.\nImproving routing software.",
    },
    {
      id: "key_resources",
      title: "Key resources",
      hint: "The assets the model needs: people, technology, data, money, brand.",
      example: "Robot fleet, routing software, field technicians, fleet data.",
    },
    {
      id: "value_propositions",
      title: "Value propositions",
      hint: "What value you deliver to each segment: which problem you solve and which need you satisfy.",
      example: "Double pick rates with no upfront cost.\nScale up for peak season, hand robots back after.",
    },
    {
      id: "customer_relationships",
      title: "Customer relationships",
      hint: "The relationship each segment expects: self-service, personal help, community, co-creation.",
      example: "Named success manager per site.\nMonthly performance review with the operations manager.",
    },
    {
      id: "channels",
      title: "Channels",
      hint: "How you reach, sell to and serve each segment, from first contact to after-sales.",
      example: "Field sales, logistics trade shows, partner integrators.",
    },
    {
      id: "customer_segments",
      title: "Customer segments",
      hint: "For whom are you creating value? Who are your most important customers?",
      example: "Third-party logistics providers.\nE-commerce brands running their own warehouse.",
    },
    {
      id: "cost_structure",
      title: "Cost structure",
      hint: "The most important costs of the model; which resources and activities are the most expensive?",
      example: "Hardware depreciation, technicians, software team, financing costs.",
    },
    {
      id: "revenue_streams",
      title: "Revenue streams",
      hint: "What customers pay for, how, and how much each stream contributes.",
      example: "Monthly robot rental (85 %).\nPeak-season short-term rental (10 %).\nInstallation fees (5 %).",
    },
  ],
};

/*
 * The choices a profile is made of (account types, industries, stages, co-founder roles and commitments),
 * without the setup form's rules (setup.ts): the directory's filters and the co-founder screens read these
 * on screens that have no form to check, and so load no validation library.
 */
export const ACCOUNT_TYPES = ["startup", "organization", "co-founder"] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

export const INDUSTRIES = [
  "Agriculture",
  "Artificial Intelligence",
  "Clean Energy",
  "Consumer",
  "Developer Tools",
  "E-commerce",
  "Education",
  "Enterprise Software",
  "Fintech",
  "Gaming",
  "Hardware",
  "Healthcare",
  "Logistics",
  "Media",
  "Mobility",
  "Non-profit",
  "Real Estate",
  "Security",
  "Other",
] as const;

export const STAGES = ["Idea", "Pre-seed", "Seed", "Series A", "Series B", "Series C or later", "Profitable"] as const;

/** Roles a co-founder can take and a startup can want filled (co_founders.roles, startups.wanted_roles). */
export const CO_FOUNDER_ROLES = ["Business", "Technical", "Product", "Design", "Sales", "Marketing", "Operations", "Finance"] as const;
export type CoFounderRole = (typeof CO_FOUNDER_ROLES)[number];

/** How much time a co-founder can give (co_founders.commitment). */
export const COMMITMENTS = ["full_time", "part_time", "flexible"] as const;
export type Commitment = (typeof COMMITMENTS)[number];
export const COMMITMENT_LABELS: Record<Commitment, string> = { full_time: "Full time", part_time: "Part time", flexible: "Flexible" };

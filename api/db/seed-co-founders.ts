import { eq, inArray, sql } from "drizzle-orm";
import { skillKeys } from "#schemas/co-founders.ts";
import type { CoFounderRole, Commitment } from "#schemas/setup.ts";
import { assignRoleByName } from "../modules/access/service.ts";
import type { Db } from "./client.ts";
import { coFounderInvitations, teamMembers } from "./community-schema.ts";
import { coFounders, startups, users } from "./schema.ts";

/**
 * Demo data for co-founder matching: what every profile offers (roles, industries, commitment, stage),
 * 28 more profiles (42 in all), what Acme Robotics looks for, its team, and invitations in every state.
 * Runs after seedDemoData's accounts exist; the password hash is the demo one.
 */

type Offer = [roles: CoFounderRole[], industries: string[], commitment: Commitment, stage: string | null, lookingFor: string];

/** What the profiles seedDemoData already made offer, by name. */
const EXISTING: Record<string, Offer> = {
  "Ada Admin": [["Operations"], ["Education"], "part_time", null, "A community-minded team to help run."],
  "Cole Cofounder": [["Technical"], ["Fintech", "Hardware"], "full_time", "Seed", "A product-minded founder with customers waiting."],
  "Amara Okafor": [
    ["Technical", "Product"],
    ["Fintech", "Hardware"],
    "full_time",
    "Seed",
    "A hardware startup that needs software done right.",
  ],
  "Lukas Becker": [["Technical"], ["Hardware", "Logistics"], "full_time", "Pre-seed", "A business partner who can sell robots."],
  "Priya Raman": [["Marketing", "Sales"], ["Consumer", "E-commerce"], "flexible", "Seed", "A consumer product with early traction."],
  "Diego Alvarez": [["Design", "Product"], ["Enterprise Software"], "part_time", "Idea", "Founders who care about craft."],
  "Hana Sato": [
    ["Technical"],
    ["Healthcare", "Artificial Intelligence"],
    "full_time",
    "Series A",
    "A healthcare team with data to learn from.",
  ],
  "Kwame Mensah": [["Operations", "Business"], ["Logistics", "Hardware"], "full_time", "Seed", "Robots or logistics in West Africa."],
  "Sofia Rossi": [["Business"], ["Clean Energy"], "flexible", "Pre-seed", "A climate startup that needs grants and policy."],
  "Noah Williams": [["Sales", "Business"], ["Enterprise Software", "Hardware"], "full_time", "Seed", "Something B2B I can sell."],
  "Aisha Bello": [["Technical"], ["Consumer", "Fintech"], "part_time", "Idea", "A mobile-first idea in East Africa."],
  "Mateo Silva": [["Finance", "Business"], ["Fintech"], "flexible", "Seed", "A team about to raise."],
  "Emma Dubois": [["Marketing"], ["Developer Tools"], "part_time", "Pre-seed", "A developer tool that needs a community."],
  "Ravi Patel": [["Technical"], ["Security", "Enterprise Software"], "full_time", "Series A", "A security product with real customers."],
};

/** name, headline, skills, country, city, and what they offer. */
const MORE: [string, string, string, string, string, ...Offer][] = [
  [
    "Tunde Adeyemi",
    "Robotics engineer, ROS and motion planning",
    "Robotics, C++, ROS",
    "NG",
    "Lagos",
    ["Technical"],
    ["Hardware"],
    "full_time",
    "Seed",
    "A robotics startup in Lagos.",
  ],
  [
    "Chioma Eze",
    "B2B sales lead for industrial equipment",
    "Sales, Negotiation, Partnerships",
    "NG",
    "Lagos",
    ["Sales", "Business"],
    ["Hardware", "Logistics"],
    "full_time",
    "Seed",
    "Hardware I can take to warehouses.",
  ],
  [
    "Ibrahim Musa",
    "Embedded firmware developer",
    "Embedded C, Robotics, Rust",
    "NG",
    "Abuja",
    ["Technical"],
    ["Hardware", "Mobility"],
    "full_time",
    "Pre-seed",
    "Hardware that ships.",
  ],
  [
    "Zainab Lawal",
    "Supply chain analyst turned operator",
    "Supply chain, Operations, Excel",
    "NG",
    "Kano",
    ["Operations"],
    ["Logistics", "Agriculture"],
    "flexible",
    "Seed",
    "Operations work with impact.",
  ],
  [
    "Femi Johnson",
    "TypeScript engineer, dashboards and IoT",
    "TypeScript, React, IoT",
    "NG",
    "Lagos",
    ["Technical", "Product"],
    ["Hardware", "Enterprise Software"],
    "part_time",
    "Seed",
    "A team building connected devices.",
  ],
  [
    "Grace Njoroge",
    "Fintech product manager",
    "Product management, Payments, SQL",
    "KE",
    "Nairobi",
    ["Product"],
    ["Fintech"],
    "full_time",
    "Series A",
    "A payments team scaling up.",
  ],
  [
    "Samuel Otieno",
    "Data engineer, agritech",
    "Python, Data analysis, Agritech",
    "KE",
    "Nairobi",
    ["Technical"],
    ["Agriculture"],
    "flexible",
    "Pre-seed",
    "Data for farmers.",
  ],
  [
    "Lina Haddad",
    "Brand and growth designer",
    "Branding, Figma, Growth",
    "AE",
    "Dubai",
    ["Design", "Marketing"],
    ["Consumer", "Media"],
    "part_time",
    "Idea",
    "A consumer brand from day one.",
  ],
  [
    "Omar Farouk",
    "Former logistics startup COO",
    "Operations, Fundraising, Logistics",
    "EG",
    "Cairo",
    ["Operations", "Business"],
    ["Logistics"],
    "full_time",
    "Seed",
    "Logistics across North Africa.",
  ],
  [
    "Julia Novak",
    "Computer vision researcher",
    "Computer vision, PyTorch, Robotics",
    "PL",
    "Warsaw",
    ["Technical"],
    ["Artificial Intelligence", "Hardware"],
    "full_time",
    "Series A",
    "Vision on the factory floor.",
  ],
  [
    "Marco Bianchi",
    "Mechanical engineer, automation",
    "Mechanical design, CAD, Robotics",
    "IT",
    "Turin",
    ["Technical"],
    ["Hardware", "Mobility"],
    "full_time",
    "Seed",
    "Machines that move goods.",
  ],
  [
    "Elena García",
    "Sales for SaaS in Latin America",
    "Sales, Spanish, SaaS",
    "ES",
    "Madrid",
    ["Sales"],
    ["Enterprise Software"],
    "flexible",
    "Seed",
    "A SaaS going into Latin America.",
  ],
  [
    "Thomas Müller",
    "CFO for hardware companies",
    "Financial modelling, Hardware, Fundraising",
    "DE",
    "Munich",
    ["Finance"],
    ["Hardware", "Clean Energy"],
    "part_time",
    "Series A",
    "A hardware company raising its A.",
  ],
  [
    "Chloé Martin",
    "Content and community lead",
    "Content, Community, SEO",
    "FR",
    "Lyon",
    ["Marketing"],
    ["Education", "Media"],
    "part_time",
    "Pre-seed",
    "Something with a community to grow.",
  ],
  [
    "Arjun Mehta",
    "Go and Kubernetes engineer",
    "Go, Kubernetes, AWS",
    "IN",
    "Pune",
    ["Technical"],
    ["Developer Tools", "Security"],
    "full_time",
    "Seed",
    "Infrastructure for developers.",
  ],
  [
    "Meera Nair",
    "Healthcare operations",
    "Operations, Healthcare, Compliance",
    "IN",
    "Chennai",
    ["Operations"],
    ["Healthcare"],
    "full_time",
    "Seed",
    "Clinics that need tech.",
  ],
  [
    "Kenji Watanabe",
    "Game developer and designer",
    "Unity, C#, Game design",
    "JP",
    "Osaka",
    ["Technical", "Design"],
    ["Gaming"],
    "flexible",
    "Idea",
    "A small, brave game studio.",
  ],
  [
    "Ji-woo Park",
    "Hardware product manager",
    "Product management, Hardware, Manufacturing",
    "KR",
    "Seoul",
    ["Product"],
    ["Hardware"],
    "full_time",
    "Seed",
    "Hardware going to manufacture.",
  ],
  [
    "Lucas Oliveira",
    "Growth for marketplaces",
    "Growth, Marketplaces, Paid acquisition",
    "BR",
    "Rio de Janeiro",
    ["Marketing"],
    ["E-commerce"],
    "full_time",
    "Seed",
    "A marketplace ready to grow.",
  ],
  [
    "Valentina Cruz",
    "Legal and compliance for fintech",
    "Legal, Compliance, Fintech",
    "MX",
    "Guadalajara",
    ["Business", "Finance"],
    ["Fintech"],
    "part_time",
    "Series A",
    "A regulated business.",
  ],
  [
    "Ethan Brown",
    "Full-stack engineer, TypeScript and sales tools",
    "TypeScript, Node.js, Sales",
    "US",
    "Seattle",
    ["Technical"],
    ["Enterprise Software"],
    "full_time",
    "Seed",
    "B2B tools with a sales motion.",
  ],
  [
    "Olivia Smith",
    "Enterprise sales for robotics",
    "Sales, Robotics, Enterprise sales",
    "US",
    "Boston",
    ["Sales"],
    ["Hardware"],
    "full_time",
    "Seed",
    "Robots for warehouses.",
  ],
  [
    "Liam O'Connor",
    "Clean energy project developer",
    "Project finance, Solar, Operations",
    "IE",
    "Dublin",
    ["Business", "Operations"],
    ["Clean Energy"],
    "flexible",
    "Pre-seed",
    "Solar for small businesses.",
  ],
  [
    "Sara Lindqvist",
    "UX researcher",
    "UX research, Figma, Interviews",
    "SE",
    "Stockholm",
    ["Design"],
    ["Healthcare", "Education"],
    "part_time",
    "Idea",
    "A product that listens to users.",
  ],
  [
    "Pieter de Vries",
    "Mobility and fleet operations",
    "Fleet management, Operations, Logistics",
    "NL",
    "Amsterdam",
    ["Operations"],
    ["Mobility", "Logistics"],
    "full_time",
    "Series A",
    "Fleets that run themselves.",
  ],
  [
    "Nadia Benali",
    "Security engineer",
    "Security, Python, Cloud",
    "MA",
    "Casablanca",
    ["Technical"],
    ["Security"],
    "full_time",
    "Seed",
    "Security for small companies.",
  ],
  [
    "Kofi Boateng",
    "Hardware sales in West Africa",
    "Sales, Distribution, Robotics",
    "GH",
    "Accra",
    ["Sales", "Business"],
    ["Hardware", "Agriculture"],
    "full_time",
    "Seed",
    "Machines for West African businesses.",
  ],
  [
    "Anika Schmidt",
    "Education product designer",
    "Product design, Figma, Education",
    "DE",
    "Hamburg",
    ["Design", "Product"],
    ["Education"],
    "flexible",
    "Pre-seed",
    "Learning tools for schools.",
  ],
];

export async function seedCoFounders(db: Db, passwordHash: string) {
  for (const [name, [roles, industries, commitment, desiredStage, lookingFor]] of Object.entries(EXISTING)) {
    await db.update(coFounders).set({ roles, industries, commitment, desiredStage, lookingFor }).where(eq(coFounders.name, name));
  }
  for (const [name, headline, skills, country, cityName, roles, industries, commitment, desiredStage, lookingFor] of MORE) {
    const email = `${name
      .toLowerCase()
      .normalize("NFD")
      .replace(/[^a-z]+/g, ".")}@launchpad.test`;
    const [user] = await db
      .insert(users)
      .values({ name, email, passwordHash, emailVerifiedAt: sql`now()` })
      .returning({ id: users.id });
    await assignRoleByName(db, user.id, "co-founder");
    const list = skills.split(", ");
    const [profile] = await db
      .insert(coFounders)
      .values({
        userId: user.id,
        name,
        headline,
        skills: list,
        skillKeys: skillKeys(list),
        country,
        cityName,
        bio: `${headline}. Based in ${cityName}.`,
        links: [],
        roles,
        industries,
        commitment,
        desiredStage,
        lookingFor,
      })
      .returning({ id: coFounders.id });
    await db.update(users).set({ coFounderId: profile.id }).where(eq(users.id, user.id));
  }
  // The profiles made before this ran wrote skills only: bring their keys in step (as migration 0007 did).
  await db.execute(
    sql`update ${coFounders}
      set skill_keys = (select coalesce(array_agg(distinct lower(btrim(s))), '{}')
        from jsonb_array_elements_text(${coFounders.skills}) as s)`,
  );

  const [acme] = await db.select({ id: startups.id }).from(startups).where(eq(startups.username, "acme-robotics"));
  const [hq] = await db.select({ id: startups.id }).from(startups).where(eq(startups.username, "launchpad-hq"));
  const [owner] = await db.select({ id: users.id }).from(users).where(eq(users.email, "startup@launchpad.test"));
  await db
    .update(startups)
    .set({ wantedSkillKeys: ["robotics", "typescript", "sales", "embedded c", "supply chain"], wantedRoles: ["Technical", "Sales"] })
    .where(eq(startups.id, acme.id));

  const people = await db
    .select({ id: coFounders.id, name: coFounders.name })
    .from(coFounders)
    .where(
      inArray(coFounders.name, ["Amara Okafor", "Lukas Becker", "Cole Cofounder", "Priya Raman", "Hana Sato", "Chioma Eze", "Mateo Silva"]),
    );
  const id = (name: string) => people.find((p) => p.name === name)!.id;
  const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000);
  const invite = (
    coFounder: string,
    status: "pending" | "accepted" | "declined" | "withdrawn",
    title: string,
    role: CoFounderRole,
    days: number,
    message: string,
    response: string | null = null,
    startupId = acme.id,
  ) => ({
    startupId,
    coFounderId: id(coFounder),
    senderUserId: owner.id,
    status,
    title,
    role,
    message,
    responseMessage: response,
    createdAt: daysAgo(days),
    respondedAt: status === "pending" ? null : daysAgo(days - 1),
  });
  await db
    .insert(coFounderInvitations)
    .values([
      invite(
        "Amara Okafor",
        "accepted",
        "Co-founder & CTO",
        "Technical",
        40,
        "Your fintech backend experience is what our fleet software needs.",
        "Let's build it.",
      ),
      invite("Lukas Becker", "accepted", "Co-founder, Hardware", "Technical", 30, "We need someone who has shipped PCBs.", "In."),
      invite(
        "Priya Raman",
        "declined",
        "Head of Growth",
        "Marketing",
        20,
        "Help us reach small warehouses.",
        "Consumer is where I want to stay, good luck!",
      ),
      invite("Hana Sato", "withdrawn", "ML lead", "Technical", 15, "Vision for picking robots?"),
      invite(
        "Cole Cofounder",
        "pending",
        "Co-founder & Head of Platform",
        "Technical",
        2,
        "Our robots need a billing and fleet backend. You built payment systems for ten years — want to build this with us?",
      ),
      invite(
        "Chioma Eze",
        "pending",
        "Co-founder, Sales",
        "Sales",
        1,
        "You sell industrial equipment in Lagos; we make warehouse robots in Lagos.",
      ),
      invite("Mateo Silva", "pending", "Finance advisor", "Finance", 3, "We are raising our seed round.", null, hq.id),
    ]);
  await db.insert(teamMembers).values([
    {
      startupId: acme.id,
      coFounderId: id("Amara Okafor"),
      name: "Amara Okafor",
      title: "Co-founder & CTO",
      role: "Technical",
      equityNote: "20%, four-year vesting",
      createdAt: daysAgo(39),
    },
    {
      startupId: acme.id,
      coFounderId: id("Lukas Becker"),
      name: "Lukas Becker",
      title: "Co-founder, Hardware",
      role: "Technical",
      equityNote: "15%, four-year vesting",
      createdAt: daysAgo(29),
    },
    {
      startupId: acme.id,
      coFounderId: null,
      name: "Ngozi Adichie",
      email: "ngozi@acme-robotics.example.com",
      title: "Operations advisor",
      role: "Operations",
      equityNote: "0.5% advisor shares",
      createdAt: daysAgo(25),
    },
  ]);
}

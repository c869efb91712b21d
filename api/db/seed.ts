import { addMember } from "../modules/organizations/members.ts";
import { count, eq, sql } from "drizzle-orm";
import type { Db } from "./client.ts";
import { coFounders, startups, users } from "./schema.ts";
import { assignRoleByName, ensureAccessModel } from "../modules/access/service.ts";
import { hashPassword } from "../modules/auth/service.ts";
import { seedBillings } from "./seed-billing.ts";
import { seedCanvases } from "./seed-canvases.ts";
import { seedChat } from "./seed-chat.ts";
import { seedCoFounders } from "./seed-co-founders.ts";
import { seedCommunityExtras } from "./seed-community-extras.ts";
import { seedEvents } from "./seed-events.ts";
import { seedGuides } from "./seed-guides.ts";
import { seedStartups } from "./seed-startups.ts";
import { seedTeams } from "./seed-teams.ts";
import { seedReviews } from "./seed-reviews.ts";

export const DEMO_PASSWORD = "launchpad";

/**
 * The demo accounts: one per role, one that has not set up a profile yet, and members of the demo
 * organizations' teams. Listed in the README.
 */
export const DEMO_ACCOUNTS = [
  { email: "superadmin@launchpad.test", role: "super admin", name: "Sam Super" },
  { email: "admin@launchpad.test", role: "admin", name: "Ada Admin" },
  { email: "startup@launchpad.test", role: "startup", name: "Stella Startup" },
  { email: "organization@launchpad.test", role: "organization", name: "Olu Organizer" },
  { email: "cofounder@launchpad.test", role: "co-founder", name: "Cole Cofounder" },
  { email: "newuser@launchpad.test", role: null, name: "Nia Newcomer" },
  // Members of others' organizations (seed-teams.ts): the account-wide startup role lets them use the
  // features at all; their role in each organization decides what they may do there.
  { email: "acmeadmin@launchpad.test", role: "startup", name: "Amaka Admin" },
  { email: "reviewer@launchpad.test", role: "startup", name: "Remi Reviewer" },
  { email: "door@launchpad.test", role: "startup", name: "Dayo Door" },
] as const;

const PEOPLE = [
  ["Amara Okafor", "Full-stack engineer, ex-fintech", "TypeScript, React, PostgreSQL", "NG", "Lagos"],
  ["Lukas Becker", "Hardware tinkerer looking for a business partner", "Embedded C, PCB design, Supply chain", "DE", "Berlin"],
  ["Priya Raman", "Growth marketer with two exits", "Growth, SEO, Paid acquisition", "IN", "Bengaluru"],
  ["Diego Alvarez", "Product designer for B2B tools", "Figma, UX research, Design systems", "MX", "Mexico City"],
  ["Hana Sato", "ML engineer building for healthcare", "Python, PyTorch, MLOps", "JP", "Tokyo"],
  ["Kwame Mensah", "Operator who scaled logistics across West Africa", "Operations, Logistics, Fundraising", "GH", "Accra"],
  ["Sofia Rossi", "Climate scientist turned founder", "Data analysis, Climate policy, Grant writing", "IT", "Milan"],
  ["Noah Williams", "Sales lead, enterprise SaaS", "Enterprise sales, Partnerships, Negotiation", "US", "Austin"],
  ["Aisha Bello", "Mobile developer, 8 years of shipping apps", "Kotlin, Swift, Flutter", "KE", "Nairobi"],
  ["Mateo Silva", "Finance and fundraising for early-stage teams", "Financial modelling, Fundraising, Legal", "BR", "São Paulo"],
  ["Emma Dubois", "Community builder for developer products", "Community, DevRel, Content", "FR", "Paris"],
  ["Ravi Patel", "Security engineer, cloud infrastructure", "AWS, Security, Go", "GB", "London"],
] as const;

/** Fills an empty database with demo data for every screen; does nothing when users already exist. */
export async function seedDemoData(db: Db): Promise<boolean> {
  await ensureAccessModel(db);
  // Guides are content, not demo accounts: a database seeded before they existed gets them too.
  await seedGuides(db);
  const [{ n }] = await db.select({ n: count() }).from(users);
  if (n > 0) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const ids = new Map<string, number>();
  for (const account of DEMO_ACCOUNTS) {
    const [row] = await db
      .insert(users)
      .values({ name: account.name, email: account.email, passwordHash, emailVerifiedAt: sql`now()` })
      .returning({ id: users.id });
    ids.set(account.email, row.id);
    if (account.role) await assignRoleByName(db, row.id, account.role);
  }

  const organizationOf = async (ownerEmail: string, values: Omit<typeof startups.$inferInsert, "ownerUserId">) => {
    const ownerUserId = ids.get(ownerEmail)!;
    const [startup] = await db
      .insert(startups)
      .values({ ...values, ownerUserId })
      .returning({ id: startups.id });
    await db.update(users).set({ startupId: startup.id }).where(eq(users.id, ownerUserId));
    await addMember(db, { organizationId: startup.id, userId: ownerUserId, role: "owner" });
    return startup.id;
  };
  await organizationOf("superadmin@launchpad.test", {
    accountType: "organization",
    name: "Launchpad HQ",
    username: "launchpad-hq",
    country: "GB",
    cityName: "London",
    description: "The team that runs this Launchpad community.",
    industry: "Enterprise Software",
    website: "https://launchpad.example.com",
    links: [],
  });
  await organizationOf("startup@launchpad.test", {
    accountType: "startup",
    name: "Acme Robotics",
    username: "acme-robotics",
    country: "NG",
    cityName: "Lagos",
    description: "Warehouse robots that small businesses can afford, rented by the month.",
    industry: "Hardware",
    stage: "Seed",
    website: "https://acme-robotics.example.com",
    links: ["https://x.com/acmerobotics", "https://www.linkedin.com/company/acme-robotics"],
  });
  await organizationOf("organization@launchpad.test", {
    accountType: "organization",
    name: "Lagos Tech Hub",
    username: "lagos-tech-hub",
    country: "NG",
    cityName: "Lagos",
    description: "A community space running demo days, hackathons and founder dinners.",
    industry: "Education",
    website: "https://lagostechhub.example.com",
    links: ["https://www.meetup.com/lagos-tech-hub"],
  });

  const coFounderOf = async (userId: number, values: Omit<typeof coFounders.$inferInsert, "userId">) => {
    const [profile] = await db
      .insert(coFounders)
      .values({ ...values, userId })
      .returning({ id: coFounders.id });
    await db.update(users).set({ coFounderId: profile.id }).where(eq(users.id, userId));
  };
  await coFounderOf(ids.get("admin@launchpad.test")!, {
    name: "Ada Admin",
    headline: "Community admin",
    skills: ["Moderation", "Operations"],
    country: "GB",
    cityName: "Manchester",
    bio: "Keeps the Launchpad community running.",
    links: [],
  });
  await coFounderOf(ids.get("cofounder@launchpad.test")!, {
    name: "Cole Cofounder",
    headline: "Backend engineer looking for a product-minded co-founder",
    skills: ["Node.js", "PostgreSQL", "Distributed systems"],
    country: "CA",
    cityName: "Toronto",
    bio: "Ten years building payment systems; ready to start something of my own.",
    links: ["https://github.com/cole-cofounder"],
  });
  for (const [name, headline, skills, country, cityName] of PEOPLE) {
    const email = `${name.toLowerCase().replace(/[^a-z]+/g, ".")}@launchpad.test`;
    const [row] = await db
      .insert(users)
      .values({ name, email, passwordHash, emailVerifiedAt: sql`now()` })
      .returning({ id: users.id });
    await assignRoleByName(db, row.id, "co-founder");
    await coFounderOf(row.id, {
      name,
      headline,
      skills: skills.split(", "),
      country,
      cityName,
      bio: `${headline}. Based in ${cityName}.`,
      links: [],
    });
  }
  await seedEvents(db);
  await seedTeams(db);
  await seedReviews(db);
  await seedBillings(db);
  await seedStartups(db);
  await seedCommunityExtras(db);
  await seedCoFounders(db, passwordHash);
  await seedChat(db);
  await seedCanvases(db);
  return true;
}

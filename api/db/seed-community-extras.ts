import { asc, eq, inArray } from "drizzle-orm";
import type { FavoriteType } from "#schemas/favorites.ts";
import type { DetailValues } from "#schemas/startup-details.ts";
import type { Db } from "./client.ts";
import { favorites, startupDetails } from "./community-schema.ts";
import { coFounders, startups, users } from "./schema.ts";
import { eventForms } from "./events-schema.ts";

/**
 * Demo startup details and favorites. Acme Robotics' details are partly filled (Basics and Product complete,
 * Team and Funding partial, the rest empty), so /startup-details and the home screen show real progress.
 * startup@ and cofounder@ get a few favorites of every kind. Runs after the rest of the demo data.
 */
export async function seedCommunityExtras(db: Db) {
  const [acme] = await db.select({ id: startups.id }).from(startups).where(eq(startups.username, "acme-robotics"));
  const people = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, ["startup@launchpad.test", "cofounder@launchpad.test"]));
  const userId = (email: string) => people.find((p) => p.email === email)?.id;
  if (acme) await seedAcmeDetails(db, acme.id, userId("startup@launchpad.test") ?? null);

  const bySlug = async (username: string) =>
    (await db.select({ id: startups.id }).from(startups).where(eq(startups.username, username)))[0]?.id;
  const profileOf = async (email: string) =>
    (
      await db
        .select({ id: coFounders.id })
        .from(coFounders)
        .innerJoin(users, eq(users.id, coFounders.userId))
        .where(eq(users.email, email))
    )[0]?.id;
  const events = await db
    .select({ id: eventForms.id })
    .from(eventForms)
    .where(eq(eventForms.status, "published"))
    .orderBy(asc(eventForms.startsAt))
    .limit(3);
  const otherProfiles = await db.select({ id: coFounders.id }).from(coFounders).orderBy(asc(coFounders.id)).limit(4);

  const saves = async (email: string, items: [FavoriteType, number | undefined][]) => {
    const id = userId(email);
    if (!id) return;
    const rows = items.flatMap(([type, target]) => (target ? [{ userId: id, favoritableType: type, favoritableId: target }] : []));
    if (rows.length) await db.insert(favorites).values(rows).onConflictDoNothing();
  };
  await saves("startup@launchpad.test", [
    ["organization", await bySlug("lagos-tech-hub")],
    ["organization", await bySlug("launchpad-hq")],
    ["co_founder", await profileOf("cofounder@launchpad.test")],
    ["co_founder", otherProfiles[2]?.id],
    ["event", events[0]?.id],
  ]);
  await saves("cofounder@launchpad.test", [
    ["startup", acme?.id],
    ["organization", await bySlug("lagos-tech-hub")],
    ["co_founder", otherProfiles[3]?.id],
    ["event", events[0]?.id],
    ["event", events[1]?.id],
  ]);
}

const ACME_DETAILS: Record<number, DetailValues> = {
  1: {
    legal_name: "Acme Robotics Limited",
    tagline: "Warehouse robots that small businesses can rent by the month.",
    founded_on: "2023-04-17",
    headquarters: "14 Herbert Macaulay Way, Yaba, Lagos",
    website: "https://acme-robotics.example.com",
  },
  2: {
    team_size: 9,
    founders_background:
      "Stella ran warehouse operations at a logistics company for six years; her co-founder built robot arms at a university lab.",
    hiring_plans: null,
  },
  3: {
    problem: "Small warehouses cannot afford automation: robots are sold, not rented, and need integrators.",
    solution: "Autonomous picking carts rented by the month, set up in a day and managed from a phone.",
    product_stage: "Beta",
    demo_url: "https://acme-robotics.example.com/demo",
  },
  6: { funding_stage: "Seed", raised_to_date: null, raising_now: null, investors: null },
};

async function seedAcmeDetails(db: Db, startupId: number, userId: number | null) {
  for (const [categoryId, values] of Object.entries(ACME_DETAILS)) {
    await db
      .insert(startupDetails)
      .values({ startupId, categoryId: Number(categoryId), values, updatedByUserId: userId })
      .onConflictDoNothing();
  }
}

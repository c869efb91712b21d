import { sql } from "drizzle-orm";
import type { Db } from "./client.ts";
import { follows } from "./community-schema.ts";
import { coFounders, files, startups } from "./schema.ts";
import { logoPng } from "./seed-logos.ts";

type Row = [
  name: string,
  type: "startup" | "organization",
  industry: string,
  stage: string | null,
  country: string,
  city: string,
  description: string,
];

/** The directory's demo entries, besides the three accounts seed.ts makes (industries and stages from schemas/setup.ts). */
const DIRECTORY: Row[] = [
  ["Kora Pay", "startup", "Fintech", "Series A", "NG", "Lagos", "Card and mobile-money checkout for merchants across West Africa."],
  ["Verdant Grid", "startup", "Clean Energy", "Seed", "KE", "Nairobi", "Pay-as-you-go solar for rural clinics and schools."],
  ["Medibridge", "startup", "Healthcare", "Pre-seed", "GH", "Accra", "Patient records that follow the patient from clinic to clinic."],
  ["Farmlink", "startup", "Agriculture", "Seed", "NG", "Kano", "Connects smallholder farmers with buyers before harvest."],
  ["Tutorly", "startup", "Education", "Idea", "ZA", "Cape Town", "One-to-one maths tutoring over WhatsApp for secondary students."],
  ["Cargoflow", "startup", "Logistics", "Series B", "EG", "Cairo", "Freight matching for trucks that would otherwise drive back empty."],
  [
    "Sentinel Labs",
    "startup",
    "Security",
    "Seed",
    "GB",
    "London",
    "Phishing-resistant sign-in for small companies, no hardware keys needed.",
  ],
  ["Pixel Forge", "startup", "Gaming", "Pre-seed", "PL", "Warsaw", "Cosy co-op games made by a team of five."],
  ["Hearth Homes", "startup", "Real Estate", "Series A", "US", "Austin", "Rent-to-own homes for first-time buyers."],
  ["Quill AI", "startup", "Artificial Intelligence", "Seed", "CA", "Toronto", "Drafts grant applications from a team's past proposals."],
  ["Shelfie", "startup", "E-commerce", "Profitable", "IN", "Bengaluru", "Storefronts for neighbourhood shops, run from a phone."],
  ["Devkit Cloud", "startup", "Developer Tools", "Series A", "DE", "Berlin", "Preview environments for every pull request in seconds."],
  [
    "Ledgerly",
    "startup",
    "Enterprise Software",
    "Series C or later",
    "FR",
    "Paris",
    "Close the books in days, not weeks: accounting for mid-size firms.",
  ],
  ["Wavecast", "startup", "Media", "Seed", "BR", "São Paulo", "Podcasts in Portuguese with live transcripts and translation."],
  ["Ridewise", "startup", "Mobility", "Pre-seed", "MX", "Mexico City", "Shared school runs planned by parents, checked by schools."],
  ["Nourish Box", "startup", "Consumer", "Seed", "KE", "Mombasa", "Weekly boxes of local produce with recipes in Swahili and English."],
  ["Aqua Sense", "startup", "Hardware", "Idea", "RW", "Kigali", "Cheap sensors that warn when a borehole's water turns unsafe."],
  ["Open Hands", "startup", "Non-profit", "Seed", "UG", "Kampala", "Volunteer matching for community health workers."],
  [
    "Brightpath Robotics",
    "startup",
    "Hardware",
    "Series A",
    "JP",
    "Tokyo",
    "Robotic arms that learn a new warehouse task from one demonstration.",
  ],
  ["Clinicloop", "startup", "Healthcare", "Series B", "US", "Boston", "Follow-up calls after surgery, by nurses, scheduled by software."],
  ["Sunharvest", "startup", "Clean Energy", "Profitable", "IN", "Pune", "Solar dryers that halve post-harvest losses for fruit farmers."],
  [
    "Nairobi Founders Network",
    "organization",
    "Education",
    null,
    "KE",
    "Nairobi",
    "Monthly founder dinners and an open office hours programme.",
  ],
  ["Accra Angels", "organization", "Fintech", null, "GH", "Accra", "An angel network investing in West African pre-seed rounds."],
  [
    "Berlin Hardware Club",
    "organization",
    "Hardware",
    null,
    "DE",
    "Berlin",
    "Shared workshop space and prototyping nights for hardware founders.",
  ],
  [
    "Women in Tech Lagos",
    "organization",
    "Non-profit",
    null,
    "NG",
    "Lagos",
    "Mentoring and scholarships for women starting tech companies.",
  ],
  [
    "Climate Builders",
    "organization",
    "Clean Energy",
    null,
    "GB",
    "London",
    "An accelerator for climate startups, twelve weeks, twice a year.",
  ],
  ["Cape Town Code Camp", "organization", "Education", null, "ZA", "Cape Town", "Free evening bootcamps in web development."],
  ["Open Source Africa", "organization", "Developer Tools", null, "NG", "Abuja", "Hackathons and grants for open-source maintainers."],
];

const DAY = 86_400_000;
const slug = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

/**
 * The startup directory's demo data: more startups and organizations (with generated logos), logos for the
 * accounts that have none, and follows between accounts. Every insert is one statement for all rows, and
 * followers_count is recomputed from the follow rows at the end, so the two always agree.
 */
export async function seedStartups(db: Db) {
  const now = Date.now();
  await db.insert(startups).values(
    DIRECTORY.map(([name, accountType, industry, stage, country, cityName, description], i) => ({
      accountType,
      name,
      username: slug(name),
      country,
      cityName,
      description,
      industry,
      stage,
      website: `https://${slug(name)}.example.com`,
      links: [`https://x.com/${slug(name).replace(/-/g, "")}`, `https://www.linkedin.com/company/${slug(name)}`],
      // Spread over the last months, so "newest" means something.
      createdAt: new Date(now - (i + 1) * 5 * DAY),
    })),
  );

  const all = await db
    .select({
      id: startups.id,
      name: startups.name,
      username: startups.username,
      type: startups.accountType,
      owner: startups.ownerUserId,
      logo: startups.logoFileId,
    })
    .from(startups)
    .orderBy(startups.id);
  const needLogos = all.filter((s) => !s.logo);
  if (needLogos.length) {
    const stored = await db
      .insert(files)
      .values(
        needLogos.map((s) => {
          const data = logoPng(s.name);
          return { ownerUserId: s.owner, contentType: "image/png", byteSize: data.byteLength, data };
        }),
      )
      .returning({ id: files.id });
    // One UPDATE … FROM (VALUES …) for all the new logos.
    const pairs = sql.join(
      needLogos.map((s, i) => sql`(${s.id}::int, ${stored[i].id}::uuid)`),
      sql`, `,
    );
    await db.execute(sql`update startups set logo_file_id = v.file_id from (values ${pairs}) as v(id, file_id) where startups.id = v.id`);
  }

  const people = await db.select({ id: coFounders.id, userId: coFounders.userId }).from(coFounders).orderBy(coFounders.id);
  const acme = all.find((s) => s.username === "acme-robotics");
  const rows: (typeof follows.$inferInsert)[] = [];
  const seen = new Set<string>();
  const add = (
    follower: { type: "startup" | "organization" | "co_founder"; id: number; userId: number | null },
    followee: { type: "startup" | "organization" | "co_founder"; id: number },
  ) => {
    const key = `${follower.type}:${follower.id}>${followee.type}:${followee.id}`;
    if (seen.has(key) || (follower.type === followee.type && follower.id === followee.id)) return;
    seen.add(key);
    rows.push({
      followerType: follower.type,
      followerId: follower.id,
      followeeType: followee.type,
      followeeId: followee.id,
      userId: follower.userId,
    });
  };
  // Each account follows a few others (a fixed pattern, so the counts vary from zero to a dozen).
  all.forEach((s, i) => {
    for (const step of [1, 3, 7]) {
      const followee = all[(i * 7 + step * 5) % all.length];
      if ((i + step) % 4 !== 0) add({ type: s.type, id: s.id, userId: s.owner }, { type: followee.type, id: followee.id });
    }
  });
  // Co-founders follow startups; every other one follows Acme Robotics, so the demo startup has a crowd.
  people.forEach((p, i) => {
    const me = { type: "co_founder" as const, id: p.id, userId: p.userId };
    if (acme && i % 2 === 0) add(me, { type: "startup", id: acme.id });
    add(me, { type: all[(i * 5) % all.length].type, id: all[(i * 5) % all.length].id });
  });
  // A few organizations follow people they would like to back.
  all
    .filter((s) => s.type === "organization")
    .forEach((s, i) => {
      const person = people[(i * 3) % Math.max(people.length, 1)];
      if (person) add({ type: s.type, id: s.id, userId: s.owner }, { type: "co_founder", id: person.id });
    });
  if (acme) for (const s of all.slice(3, 9)) add({ type: s.type, id: s.id, userId: s.owner }, { type: "startup", id: acme.id });
  if (rows.length) await db.insert(follows).values(rows).onConflictDoNothing();

  await recountFollowers(db);
}

/** followers_count from the follow rows, for every startup and co-founder profile, in two statements. */
export async function recountFollowers(db: Db) {
  await db.execute(
    sql`update startups s set followers_count = (select count(*)::int from follows f where f.followee_type = s.account_type and f.followee_id = s.id)`,
  );
  await db.execute(
    sql`update co_founders c set followers_count = (select count(*)::int from follows f where f.followee_type = 'co_founder' and f.followee_id = c.id)`,
  );
}

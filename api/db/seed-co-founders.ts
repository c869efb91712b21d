import { eq, inArray, sql } from "drizzle-orm";
import { skillKeys } from "#schemas/co-founders.ts";
import type { CoFounderRole } from "#schemas/setup.ts";
import { assignRoleByName } from "../modules/access/service.ts";
import type { Db } from "./client.ts";
import { coFounderInvitations, teamMembers } from "./community-schema.ts";
import { coFounders, startups, users } from "./schema.ts";
import { EXISTING_OFFERS, MORE_PROFILES } from "./seed-co-founders-data.ts";

/**
 * Demo data for co-founder matching: what every profile offers (roles, industries, commitment, stage),
 * 28 more profiles (42 in all), what Acme Robotics looks for, its team, and invitations in every state.
 * Runs after seedDemoData's accounts exist; the password hash is the demo one.
 */

export async function seedCoFounders(db: Db, passwordHash: string) {
  for (const [name, [roles, industries, commitment, desiredStage, lookingFor]] of Object.entries(EXISTING_OFFERS)) {
    await db.update(coFounders).set({ roles, industries, commitment, desiredStage, lookingFor }).where(eq(coFounders.name, name));
  }
  for (const [name, headline, skills, country, cityName, roles, industries, commitment, desiredStage, lookingFor] of MORE_PROFILES) {
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

import { organizationMembers } from "#api/db/organization-schema.ts";
import { addMember } from "../organizations/members.ts";
import { eq, sql } from "drizzle-orm";
import { skillKeys } from "#schemas/co-founders.ts";
import type { CoFounderResource, CurrentProfile, StartupResource } from "#schemas/profiles.ts";
import type { CoFounderSetup, StartupSetup } from "#schemas/setup.ts";
import type { Db } from "#api/db/client.ts";
import { coFounders, startups, users } from "#api/db/schema.ts";
import { badRequest, fieldError } from "#api/lib/errors.ts";
import { ROLE_FOR_ACCOUNT_TYPE, assignRoleByName } from "../access/service.ts";
import { fileUrl, storeImage } from "../files/service.ts";
import { requireCity } from "../places/check-city.ts";
import { isCountryCode } from "../reference/countries.ts";

type StartupRow = typeof startups.$inferSelect;
type CoFounderRow = typeof coFounders.$inferSelect;

export const startupResource = (s: StartupRow): StartupResource => ({
  id: s.id,
  account_type: s.accountType,
  name: s.name,
  username: s.username,
  logo_url: fileUrl(s.logoFileId),
  country: s.country,
  cityName: s.cityName,
  description: s.description,
  industry: s.industry,
  stage: s.stage,
  website: s.website,
  links: s.links,
  followers_count: s.followersCount,
  wanted_skills: s.wantedSkillKeys,
  wanted_roles: s.wantedRoles,
  created_at: s.createdAt.toISOString(),
});

export const coFounderResource = (p: CoFounderRow): CoFounderResource => ({
  id: p.id,
  user_id: p.userId,
  name: p.name,
  headline: p.headline,
  skills: p.skills,
  country: p.country,
  cityName: p.cityName,
  bio: p.bio,
  links: p.links,
  avatar_url: fileUrl(p.avatarFileId),
  roles: p.roles,
  industries: p.industries,
  commitment: p.commitment,
  desired_stage: p.desiredStage,
  looking_for: p.lookingFor,
  followers_count: p.followersCount,
  created_at: p.createdAt.toISOString(),
});

const ALREADY_SET_UP = "Your profile is already set up.";

/**
 * An account has one profile of its own: a co-founder profile or an organization it owns. Being a member of
 * other organizations does not count: an invited reviewer may still set up their own.
 */
const hasOwnProfile = sql`(${users.coFounderId} is not null or exists (select 1 from ${organizationMembers}
  where ${organizationMembers.userId} = ${users.id} and ${organizationMembers.role} = 'owner'))`;

async function assertNotSetUp(db: Db, userId: number) {
  const [user] = await db
    .select({ setUp: sql<boolean>`${hasOwnProfile}` })
    .from(users)
    .where(eq(users.id, userId));
  if (user.setUp) throw badRequest(ALREADY_SET_UP);
}

/** A known country, and a city of it from the list: its name as the list spells it (422 with suggestions otherwise). */
function knownCity(input: { country: string; cityName: string }): string {
  if (!isCountryCode(input.country)) throw fieldError("country", "The selected country is invalid.");
  return requireCity("cityName", input.country, input.cityName);
}

/**
 * Links the profile to the user only if they have none of their own yet, so two racing setups cannot both
 * win (the row lock makes the second wait and then see the first). A new organization becomes the one the
 * account acts for, with the account as its owner.
 */
async function claimSetup(tx: Db, userId: number, link: { startupId: number } | { coFounderId: number }) {
  // The row lock first, in a statement of its own: a racing setup waits here, and the check below, a new
  // statement, then sees what that one committed (a locking read would check against its older snapshot).
  // "No key update", as an update takes: the profile just inserted holds a key-share lock on this row.
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("no key update");
  const [user] = await tx
    .select({ setUp: sql<boolean>`${hasOwnProfile}` })
    .from(users)
    .where(eq(users.id, userId));
  if (user.setUp) throw badRequest(ALREADY_SET_UP);
  await tx
    .update(users)
    .set({ ...link, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
  if ("startupId" in link) await addMember(tx, { organizationId: link.startupId, userId, role: "owner" });
}

export async function setUpStartup(db: Db, userId: number, input: StartupSetup) {
  await assertNotSetUp(db, userId);
  const cityName = knownCity(input);
  const [taken] = await db.select({ id: startups.id }).from(startups).where(eq(startups.username, input.username));
  if (taken) throw fieldError("username", "The username has already been taken.");
  return db.transaction(async (tx) => {
    // Stored in the same transaction, so a refused setup leaves no orphaned file behind.
    const logoFileId = input.logo ? await storeImage(tx, input.logo, userId, "logo") : null;
    const [startup] = await tx
      .insert(startups)
      .values({
        ownerUserId: userId,
        accountType: input.account_type,
        name: input.name,
        username: input.username,
        logoFileId,
        country: input.country,
        cityName,
        description: input.description,
        industry: input.industry,
        stage: input.stage ?? null,
        website: input.website ?? null,
        links: input.links,
        wantedSkillKeys: skillKeys(input.wanted_skills),
        wantedRoles: input.wanted_roles,
      })
      .onConflictDoNothing()
      .returning();
    if (!startup) throw fieldError("username", "The username has already been taken.");
    await claimSetup(tx, userId, { startupId: startup.id });
    return startup;
  });
}

export async function setUpCoFounder(db: Db, userId: number, input: CoFounderSetup) {
  await assertNotSetUp(db, userId);
  const cityName = knownCity(input);
  return db.transaction(async (tx) => {
    const avatarFileId = input.avatar ? await storeImage(tx, input.avatar, userId, "avatar") : null;
    const [profile] = await tx
      .insert(coFounders)
      .values({
        userId,
        name: input.name,
        headline: input.headline,
        skills: input.skills,
        // Kept in step with `skills` wherever they are written: search and the match score read these.
        skillKeys: skillKeys(input.skills),
        roles: input.roles,
        industries: input.industries,
        commitment: input.commitment,
        desiredStage: input.desired_stage ?? null,
        lookingFor: input.looking_for ?? "",
        country: input.country,
        cityName,
        bio: input.bio,
        links: input.links,
        avatarFileId,
      })
      .onConflictDoNothing()
      .returning();
    if (!profile) throw badRequest(ALREADY_SET_UP);
    await claimSetup(tx, userId, { coFounderId: profile.id });
    await assignRoleByName(tx, userId, ROLE_FOR_ACCOUNT_TYPE["co-founder"]);
    return profile;
  });
}

export async function currentProfile(db: Db, user: { startupId: number | null; coFounderId: number | null }): Promise<CurrentProfile> {
  const [startup] = user.startupId ? await db.select().from(startups).where(eq(startups.id, user.startupId)) : [];
  const [profile] = user.coFounderId ? await db.select().from(coFounders).where(eq(coFounders.id, user.coFounderId)) : [];
  return {
    profile: profile ? coFounderResource(profile) : null,
    startup: startup ? startupResource(startup) : null,
  };
}

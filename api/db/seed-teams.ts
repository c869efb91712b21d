import { and, eq, inArray } from "drizzle-orm";
import type { OrganizationRole } from "#schemas/organization-roles.ts";
import { addMember } from "../modules/organizations/members.ts";
import type { Db } from "./client.ts";
import { eventForms } from "./events-schema.ts";
import { startups, users } from "./schema.ts";

/**
 * The demo organizations' teams beyond their owners: Acme Robotics has an admin, a reviewer limited to its
 * demo day and a volunteer at the door; the reviewer also reviews for Lagos Tech Hub, so one demo account
 * switches between two organizations. Each acts for the first organization listed. Listed in the README.
 */
export const DEMO_MEMBERS: readonly {
  email: string;
  memberships: readonly { organization: string; role: Exclude<OrganizationRole, "owner">; forms?: readonly string[] }[];
}[] = [
  { email: "acmeadmin@launchpad.test", memberships: [{ organization: "acme-robotics", role: "admin" }] },
  {
    email: "reviewer@launchpad.test",
    memberships: [
      { organization: "acme-robotics", role: "reviewer", forms: ["Lagos Robotics Demo Day"] },
      { organization: "lagos-tech-hub", role: "reviewer" },
    ],
  },
  { email: "door@launchpad.test", memberships: [{ organization: "acme-robotics", role: "door" }] },
];

/** Makes the members of DEMO_MEMBERS, once the organizations and their event forms exist. */
export async function seedTeams(db: Db) {
  const organizations = await db
    .select({ id: startups.id, username: startups.username })
    .from(startups)
    .where(inArray(startups.username, ["acme-robotics", "lagos-tech-hub"]));
  const idOf = new Map(organizations.map((o) => [o.username, o.id]));
  for (const member of DEMO_MEMBERS) {
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, member.email));
    if (!user) continue;
    for (const { organization, role, forms } of member.memberships) {
      const organizationId = idOf.get(organization);
      if (organizationId === undefined) continue;
      const eventFormIds = forms
        ? (
            await db
              .select({ id: eventForms.id })
              .from(eventForms)
              .where(and(eq(eventForms.startupId, organizationId), inArray(eventForms.title, [...forms])))
          ).map((f) => f.id)
        : null;
      await addMember(db, { organizationId, userId: user.id, role, eventFormIds });
    }
    const first = idOf.get(member.memberships[0].organization);
    if (first !== undefined) await db.update(users).set({ startupId: first }).where(eq(users.id, user.id));
  }
}

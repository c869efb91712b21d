import { and, asc, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "./client.ts";
import { openTestDatabase } from "../testing/test-database.ts";
import { eventForms } from "./events-schema.ts";
import { organizationMembers } from "./organization-schema.ts";
import { reviews } from "./review-schema.ts";
import { formReviews } from "../modules/applications/review-figures.ts";
import { startups, users } from "./schema.ts";
import { DEMO_ACCOUNTS, seedDemoData } from "./seed.ts";
import { DEMO_MEMBERS } from "./seed-teams.ts";

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
  await seedDemoData(database.db);
});
afterAll(() => database.close());

/** Each demo member's organizations (by username), role and limited forms (by title), and whom they act for. */
async function teamOf(email: string) {
  const db = database.db;
  const [user] = await db
    .select({ id: users.id, acting: startups.username })
    .from(users)
    .leftJoin(startups, eq(startups.id, users.startupId))
    .where(eq(users.email, email));
  const rows = await db
    .select({ organization: startups.username, role: organizationMembers.role, forms: organizationMembers.eventFormIds })
    .from(organizationMembers)
    .innerJoin(startups, eq(startups.id, organizationMembers.organizationId))
    .where(eq(organizationMembers.userId, user.id))
    .orderBy(asc(startups.username));
  const titles = new Map((await db.select({ id: eventForms.id, title: eventForms.title }).from(eventForms)).map((f) => [f.id, f.title]));
  return {
    acting: user.acting,
    memberships: rows.map((r) => ({ organization: r.organization, role: r.role, forms: r.forms?.map((id) => titles.get(id)) ?? null })),
  };
}

describe("the demo teams", () => {
  it("gives Acme Robotics an admin, a reviewer of its demo day and a door volunteer, each a demo account", async () => {
    for (const member of DEMO_MEMBERS) expect(DEMO_ACCOUNTS.map((a) => a.email)).toContain(member.email);
    expect(await teamOf("acmeadmin@launchpad.test")).toEqual({
      acting: "acme-robotics",
      memberships: [{ organization: "acme-robotics", role: "admin", forms: null }],
    });
    expect(await teamOf("door@launchpad.test")).toEqual({
      acting: "acme-robotics",
      memberships: [{ organization: "acme-robotics", role: "door", forms: null }],
    });
  });

  it("makes the reviewer a member of two organizations, limited to the demo day at Acme", async () => {
    expect(await teamOf("reviewer@launchpad.test")).toEqual({
      acting: "acme-robotics",
      memberships: [
        { organization: "acme-robotics", role: "reviewer", forms: ["Lagos Robotics Demo Day"] },
        { organization: "lagos-tech-hub", role: "reviewer", forms: null },
      ],
    });
  });

  it("keeps each organization's one owner", async () => {
    expect(await teamOf("startup@launchpad.test")).toEqual({
      acting: "acme-robotics",
      memberships: [{ organization: "acme-robotics", role: "owner", forms: null }],
    });
  });
});

describe("the demo day's review", () => {
  it("has a rubric, two reviewers and reviews in every state: agreed, disagreed, a draft, one of two, none", async () => {
    const db = database.db;
    const [form] = await db.select({ id: eventForms.id }).from(eventForms).where(eq(eventForms.title, "Lagos Robotics Demo Day"));
    const { figures, criteria } = await formReviews(db, form.id);
    expect(criteria.map((c) => c.name)).toEqual(["Team", "Traction", "Fit for demo day"]);
    const states = [...figures.values()].map((f) => `${f.count}${f.complete ? " complete" : ""}${f.discuss ? " discuss" : ""}`).sort();
    expect(states).toEqual(["0", "1", "1", "2 complete", "2 complete discuss"]);
    const [remi] = await db.select({ id: users.id }).from(users).where(eq(users.email, "reviewer@launchpad.test"));
    const drafts = await db
      .select()
      .from(reviews)
      .where(and(eq(reviews.reviewerId, remi.id), isNull(reviews.submittedAt)));
    expect(drafts).toHaveLength(1);
  });
});

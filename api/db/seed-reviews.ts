import { asc, eq, inArray } from "drizzle-orm";
import type { Db } from "./client.ts";
import { eventApplications, eventForms } from "./events-schema.ts";
import { reviewAssignments, reviewCriteria, reviewRubrics, reviews } from "./review-schema.ts";
import { users } from "./schema.ts";

/** The demo day's committee: two reviewers, everyone reviews everything. Listed in the README. */
export const DEMO_REVIEWERS = ["acmeadmin@launchpad.test", "reviewer@launchpad.test"] as const;

const CRITERIA = [
  { name: "Team", guidance: "Can these founders build and sell hardware? Look for shipped products.", weight: 2, scaleMax: 5 },
  { name: "Traction", guidance: "Pilots, paying customers, letters of intent.", weight: 1, scaleMax: 5 },
  { name: "Fit for demo day", guidance: "Would investors in the room want to hear this pitch?", weight: 1, scaleMax: 10 },
];

/**
 * Each of the demo day's applications in one state of review, oldest first, by reviewer (in DEMO_REVIEWERS'
 * order): scores for Team, Traction and Fit, or "draft" (half done), or nothing. The first two agree; the
 * second pair disagree, so it is flagged "discuss"; then one reviewer done and the other's draft; one reviewer
 * done; none yet.
 */
const STATES: readonly (readonly ([number, number, number] | "draft" | null)[])[] = [
  [
    [5, 4, 9],
    [4, 4, 8],
  ],
  [
    [5, 5, 10],
    [1, 2, 2],
  ],
  [[3, 3, 6], "draft"],
  [[2, 3, 5], null],
  [null, null],
];

/** The demo day's rubric and its reviews in every state, so a new user sees review working. */
export async function seedReviews(db: Db) {
  const [form] = await db.select({ id: eventForms.id }).from(eventForms).where(eq(eventForms.title, "Lagos Robotics Demo Day"));
  if (!form) return;
  const reviewers = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, [...DEMO_REVIEWERS]));
  const reviewerIds = DEMO_REVIEWERS.map((email) => reviewers.find((r) => r.email === email)?.id).filter((id) => id !== undefined);
  if (reviewerIds.length !== DEMO_REVIEWERS.length) return;
  await db
    .insert(reviewRubrics)
    .values({ eventFormId: form.id, blind: false, reviewersPerApplication: 2, assignmentMode: "all", reviewerIds });
  const criteria = await db
    .insert(reviewCriteria)
    .values(CRITERIA.map((c, position) => ({ ...c, eventFormId: form.id, position })))
    .returning({ id: reviewCriteria.id });
  const applications = await db
    .select({ id: eventApplications.id })
    .from(eventApplications)
    .where(eq(eventApplications.eventFormId, form.id))
    .orderBy(asc(eventApplications.submittedAt));
  await db
    .insert(reviewAssignments)
    .values(applications.flatMap((a) => reviewerIds.map((reviewerId) => ({ applicationId: a.id, reviewerId }))));
  const rows = applications.flatMap((application, index) =>
    reviewerIds.flatMap((reviewerId, r): (typeof reviews.$inferInsert)[] => {
      const state = STATES[index % STATES.length][r];
      if (state === null) return [];
      if (state === "draft")
        return [
          { applicationId: application.id, reviewerId, scores: { [String(criteria[0].id)]: 4 }, note: "Strong team; checking traction." },
        ];
      const scores = Object.fromEntries(criteria.map((c, i) => [String(c.id), state[i]]));
      const total = state[0] + state[1];
      return [
        {
          applicationId: application.id,
          reviewerId,
          scores,
          recommendation: total >= 8 ? "yes" : total >= 5 ? "maybe" : "no",
          submittedAt: new Date(),
        },
      ];
    }),
  );
  if (rows.length) await db.insert(reviews).values(rows);
}

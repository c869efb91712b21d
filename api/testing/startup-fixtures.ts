/** Directory rows for the startup tests, straight into the database. */
import { startups } from "../db/schema.ts";
import type { TestApi } from "./harness.ts";

/**
 * Startups named "{tag} 0", "{tag} 1", … (username "{tag}-0", …), so that a search for the tag finds only
 * the calling test's: varied by `rows`, a Lagos fintech at seed stage otherwise.
 */
export async function insertStartups(t: TestApi, tag: string, rows: Partial<typeof startups.$inferInsert>[]) {
  return t.database.db
    .insert(startups)
    .values(
      rows.map((row, i) => ({
        accountType: "startup" as const,
        name: `${tag} ${i}`,
        username: `${tag}-${i}`.toLowerCase(),
        country: "NG",
        cityName: "Lagos",
        description: `A ${tag} company`,
        industry: "Fintech",
        stage: "Seed",
        ...row,
      })),
    )
    .returning({ id: startups.id, name: startups.name });
}

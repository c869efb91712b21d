import { count } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { coFounderTotals } from "../db/community-schema.ts";
import { roles, users } from "../db/schema.ts";
import { openTestDatabase } from "./test-database.ts";

const addUser = async (database: Awaited<ReturnType<typeof openTestDatabase>>, email: string) => {
  const [user] = await database.db.insert(users).values({ name: "Pat", email, passwordHash: "x" }).returning({ id: users.id });
  return user.id;
};

describe("a test file's database", () => {
  it("starts as the template left it, whatever the file before it wrote", async () => {
    const first = await openTestDatabase();
    const [{ n: templateRoles }] = await first.db.select({ n: count() }).from(roles);
    const firstId = await addUser(first, "first@example.test");
    await first.db.insert(roles).values({ name: "Left behind" });
    await first.db.update(coFounderTotals).set({ total: 99 });
    await first.close();

    const second = await openTestDatabase();
    try {
      expect(await second.db.select().from(users)).toEqual([]);
      const [{ n: secondRoles }] = await second.db.select({ n: count() }).from(roles);
      expect(secondRoles).toBe(templateRoles);
      expect(await second.db.select({ total: coFounderTotals.total }).from(coFounderTotals)).toEqual([{ total: 0 }]);
      // Ids count from where the template left them, so they are the same in every file.
      expect(await addUser(second, "second@example.test")).toBe(firstId);
    } finally {
      await second.close();
    }
  });

  it("refuses every call once its file has closed it, so nothing left running writes into the next file's", async () => {
    const closed = await openTestDatabase();
    await closed.close();
    const next = await openTestDatabase();
    try {
      await expect(addUser(closed, "late@example.test")).rejects.toThrow();
      expect(await next.db.select().from(users)).toEqual([]);
    } finally {
      await next.close();
    }
  });
});

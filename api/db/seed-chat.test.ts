import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listConversations } from "../modules/conversations/views.ts";
import { listMessages } from "../modules/conversations/messages.ts";
import { listNotifications } from "../modules/notifications/service.ts";
import type { Database } from "./client.ts";
import { openTestDatabase } from "../testing/test-database.ts";
import { users } from "./schema.ts";
import { seedDemoData } from "./seed.ts";

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
  await seedDemoData(database.db);
});
afterAll(() => database.close());

const query = { page: 1, per_page: 15, sort_order: "asc" as const };

async function demo(email: string) {
  const [user] = await database.db.select({ id: users.id, name: users.name }).from(users).where(eq(users.email, email));
  return user;
}

describe("demo chat and notifications", () => {
  it("give the demo accounts conversations with history, some unread, and notifications of several kinds", async () => {
    const cole = await demo("cofounder@launchpad.test");
    const stella = await demo("startup@launchpad.test");
    const coles = await listConversations(database.db, cole, query);
    expect(coles.data.map((c) => [c.other.name, c.unread_count])).toEqual([
      ["Amara Okafor", 1],
      ["Stella Startup", 2],
    ]);
    const stellas = await listConversations(database.db, stella, query);
    expect(stellas.data.map((c) => [c.other.name, c.unread_count])).toEqual([
      ["Cole Cofounder", 0],
      ["Olu Organizer", 0],
    ]);
    // The thread reads in order, its last message is the list's, and the pointers agree with the counts.
    const thread = stellas.data[0];
    const history = await listMessages(database.db, stella.id, thread.id, {}, 100);
    expect(history.data.length).toBeGreaterThan(8);
    expect(history.data.at(-1)).toEqual(thread.last_message);
    const times = history.data.map((m) => m.created_at);
    expect([...times].sort()).toEqual(times);
    expect(thread.other_last_read_message_id).toBe(history.data.at(-3)!.id);

    const coleNotes = await listNotifications(database.db, cole.id, query, false);
    expect(new Set(coleNotes.data.map((n) => n.type))).toEqual(
      new Set(["message_received", "invitation_received", "review_status_changed"]),
    );
    expect(coleNotes.unread).toBe(3);
    const stellaNotes = await listNotifications(database.db, stella.id, query, false);
    expect(stellaNotes.data.map((n) => n.type)).toEqual(["application_received", "new_follower", "invitation_accepted"]);
    expect(stellaNotes.unread).toBe(2);
  });
});

import { and, asc, eq, inArray } from "drizzle-orm";
import type { NotificationType } from "#schemas/notifications.ts";
import type { Db } from "./client.ts";
import { conversationParticipants, conversations, messages, notifications } from "./realtime-schema.ts";
import { startups, users } from "./schema.ts";
import { eventApplications, eventForms } from "./events-schema.ts";

/**
 * Demo chat and notifications: conversations between the demo accounts with a few days of history, some
 * read and some not (so /chat and the bell have something to show on first login), and notifications of
 * several types. Runs after the rest of the demo data; missing accounts are skipped.
 */

const MINUTE = 60_000;
const ago = (minutes: number) => new Date(Date.now() - minutes * MINUTE);

/** [sender: "a" | "b", minutes ago, text] */
type Line = readonly ["a" | "b", number, string];

const THREADS: { a: string; b: string; lines: Line[]; unreadByB: number; unreadByA: number }[] = [
  {
    // Stella (Acme Robotics) and Cole talk about the pending invitation; Cole has not read the last two.
    a: "startup@launchpad.test",
    b: "cofounder@launchpad.test",
    unreadByA: 0,
    unreadByB: 2,
    lines: [
      ["a", 2 * 24 * 60 + 30, "Hi Cole! I sent you an invitation to join Acme Robotics — wanted to say hello in person too."],
      ["b", 2 * 24 * 60 + 12, "Hi Stella, thanks! I saw it. Warehouse robots for small businesses is a fun problem."],
      ["b", 2 * 24 * 60 + 11, "What does the backend look like today?"],
      [
        "a",
        2 * 24 * 60 - 20,
        "Honestly: a spreadsheet and a Django admin. Billing is manual, fleet telemetry lands in S3 and nobody reads it 😅",
      ],
      ["b", 2 * 24 * 60 - 45, "Ha, that's the stage where it's most fun. Monthly rentals, so recurring billing with usage add-ons?"],
      ["a", 2 * 24 * 60 - 50, "Exactly. Base rent per robot, plus pick volume over a threshold."],
      ["b", 26 * 60, "I built almost that at my last job. Happy to sketch an architecture this week."],
      ["a", 25 * 60, "That would be amazing. Could we do a call on Thursday? https://meet.example.com/acme-cole"],
      ["b", 24 * 60, "Thursday works. 4pm Lagos time?"],
      ["a", 95, "Perfect, 4pm it is. I'll bring Amara, our CTO."],
      ["a", 94, "Also — we're demoing at the Lagos Robotics Demo Day. You should come!"],
    ],
  },
  {
    // Olu (Lagos Tech Hub) and Stella about the demo day; all read.
    a: "organization@launchpad.test",
    b: "startup@launchpad.test",
    unreadByA: 0,
    unreadByB: 0,
    lines: [
      ["a", 5 * 24 * 60, "Hello Stella, we'd love Acme to open the Demo Day with a live robot demo. Interested?"],
      ["b", 5 * 24 * 60 - 30, "Absolutely! How much floor space would we have?"],
      ["a", 5 * 24 * 60 - 90, "About 4 × 4 metres near the stage, with power. Setup from 8am."],
      ["b", 4 * 24 * 60, "Great, we'll bring two units and a shelf rack. Thank you Olu 🙏"],
      ["a", 4 * 24 * 60 - 10, "Wonderful. I'll put you in the programme."],
    ],
  },
  {
    // Amara (a co-founder profile) asks Cole a question; he has not read it yet.
    a: "amara.okafor@launchpad.test",
    b: "cofounder@launchpad.test",
    unreadByA: 0,
    unreadByB: 1,
    lines: [["a", 40, "Hey Cole, Stella mentioned you might join us. Do you have opinions on event sourcing for billing? 🙂"]],
  },
  {
    // Sam (the admin) and Nia (new, no profile yet): a welcome, answered.
    a: "superadmin@launchpad.test",
    b: "newuser@launchpad.test",
    unreadByA: 1,
    unreadByB: 0,
    lines: [
      ["a", 3 * 60, "Welcome to Launchpad, Nia! Finish your setup to start following startups and applying to events."],
      ["b", 2 * 60, "Thanks Sam, will do tonight."],
    ],
  },
];

export async function seedChat(db: Db) {
  const people = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(
      inArray(
        users.email,
        THREADS.flatMap((t) => [t.a, t.b]),
      ),
    );
  const byEmail = new Map(people.map((p) => [p.email, p]));
  const pending: NotificationRow[] = [];
  for (const thread of THREADS) {
    const a = byEmail.get(thread.a);
    const b = byEmail.get(thread.b);
    if (!a || !b) continue;
    const first = ago(thread.lines[0][1] + 5);
    const [conversation] = await db
      .insert(conversations)
      .values({ pairKey: a.id < b.id ? `${a.id}:${b.id}` : `${b.id}:${a.id}`, createdAt: first, updatedAt: first })
      .returning({ id: conversations.id });
    const rows = await db
      .insert(messages)
      .values(
        thread.lines.map(([who, minutes, body]) => ({
          conversationId: conversation.id,
          userId: who === "a" ? a.id : b.id,
          body,
          createdAt: ago(minutes),
        })),
      )
      .returning({ id: messages.id, userId: messages.userId, body: messages.body, createdAt: messages.createdAt });
    const last = rows.at(-1)!;
    await db.update(conversations).set({ lastMessageId: last.id, updatedAt: last.createdAt }).where(eq(conversations.id, conversation.id));
    // The reader's last `unread` messages (the thread ends with them) are after their read pointer.
    const pointer = (unread: number) => (unread ? (rows.at(-unread - 1)?.id ?? null) : last.id);
    await db.insert(conversationParticipants).values([
      {
        conversationId: conversation.id,
        userId: a.id,
        lastReadMessageId: pointer(thread.unreadByA),
        activityAt: last.createdAt,
        createdAt: first,
      },
      {
        conversationId: conversation.id,
        userId: b.id,
        lastReadMessageId: pointer(thread.unreadByB),
        activityAt: last.createdAt,
        createdAt: first,
      },
    ]);
    // The unread side's "new messages" notification, as sending would have left it.
    for (const [reader, sender, unread] of [
      [b, a, thread.unreadByB],
      [a, b, thread.unreadByA],
    ] as const) {
      if (!unread) continue;
      const newest = rows.filter((r) => r.userId === sender.id).at(-1)!;
      pending.push({
        userId: reader.id,
        type: "message_received",
        title: `New message from ${sender.name}`,
        body: newest.body,
        url: `/chat/${conversation.id}`,
        data: { conversation_id: conversation.id, message_id: newest.id, count: unread },
        groupKey: `conversation:${conversation.id}`,
        createdAt: newest.createdAt,
      });
    }
  }
  pending.push(...(await otherNotifications(db, byEmail)));
  // Oldest first, so ids (the list's order) follow time.
  pending.sort((x, y) => x.createdAt!.getTime() - y.createdAt!.getTime());
  if (pending.length) await db.insert(notifications).values(pending);
}

type NotificationRow = typeof notifications.$inferInsert;

/** A few notifications of other kinds for startup@ and cofounder@, some read. */
async function otherNotifications(db: Db, byEmail: Map<string, { id: number; name: string }>): Promise<NotificationRow[]> {
  const stella = byEmail.get("startup@launchpad.test");
  const cole = byEmail.get("cofounder@launchpad.test");
  const [hub] = await db
    .select({ name: startups.name, username: startups.username })
    .from(startups)
    .where(eq(startups.username, "lagos-tech-hub"));
  const [acme] = await db.select({ id: startups.id, name: startups.name }).from(startups).where(eq(startups.username, "acme-robotics"));
  const [application] = acme
    ? await db
        .select({ id: eventApplications.id, formId: eventForms.id, title: eventForms.title, name: eventApplications.applicantName })
        .from(eventApplications)
        .innerJoin(eventForms, eq(eventForms.id, eventApplications.eventFormId))
        .where(and(eq(eventForms.startupId, acme.id), eq(eventApplications.status, "pending")))
        .orderBy(asc(eventApplications.id))
        .limit(1)
    : [];
  type Seeded = { userId: number; type: NotificationType; title: string; body?: string; url: string; minutes: number; read: boolean };
  const rows: Seeded[] = [];
  if (stella && hub)
    rows.push({
      userId: stella.id,
      type: "new_follower",
      title: `${hub.name} started following you`,
      url: `/startups/${hub.username}`,
      minutes: 6 * 60,
      read: false,
    });
  if (stella && application) {
    rows.push({
      userId: stella.id,
      type: "application_received",
      title: `New application to ${application.title}`,
      body: `${application.name} applied.`,
      url: `/event-responses/${application.formId}/form/${application.id}`,
      minutes: 60,
      read: false,
    });
  }
  if (stella) {
    rows.push({
      userId: stella.id,
      type: "invitation_accepted",
      title: "Amara Okafor accepted your invitation",
      body: "Let's build it.",
      url: "/co-founder-invitations?box=sent",
      minutes: 39 * 24 * 60,
      read: true,
    });
  }
  if (cole && acme) {
    rows.push({
      userId: cole.id,
      type: "invitation_received",
      title: `${acme.name} invited you to join their team`,
      body: "Our robots need a billing and fleet backend.",
      url: "/co-founder-invitations?box=received",
      minutes: 2 * 24 * 60,
      read: true,
    });
    rows.push({
      userId: cole.id,
      type: "review_status_changed",
      title: "Your application to Lagos Robotics Demo Day is pending",
      url: "/event-applications",
      minutes: 3 * 60,
      read: false,
    });
  }
  return rows.map((r) => ({
    userId: r.userId,
    type: r.type,
    title: r.title,
    body: r.body ?? null,
    url: r.url,
    createdAt: ago(r.minutes),
    readAt: r.read ? ago(r.minutes - 5) : null,
  }));
}

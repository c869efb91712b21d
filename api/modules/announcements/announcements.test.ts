/**
 * Announcements: each audience reaches exactly its people (a notification and a mail each), the history
 * keeps what went to whom, the text is never markup, and an event is held to its limit even when many are
 * sent at once.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ANNOUNCEMENT_RATE, ANNOUNCEMENTS_THROTTLED, NOBODY_TO_TELL } from "#schemas/announcements.ts";
import { eventCheckIns } from "#api/db/events-schema.ts";
import { userSettings } from "#api/db/settings-schema.ts";
import { ownerWithForm } from "#api/testing/application-fixtures.ts";
import { insertApplication } from "#api/testing/event-fixtures.ts";
import { outboxOf } from "#api/testing/mail-fixtures.ts";
import { createTestApi, expectEveryCallRefused, type TestApi } from "#api/testing/harness.ts";
import { registered } from "#api/testing/fixtures.ts";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

const path = (formId: number) => `/api/v1/admin/event_forms/${formId}/announcements`;

/** A form with two people holding places (one of them checked in), one waiting, and one who withdrew. */
async function eventWithPeople() {
  const { owner, form } = await ownerWithForm(t);
  const [holding, checkedIn, waiting, withdrew] = await Promise.all([
    insertApplication(t, form.id, "accepted"),
    insertApplication(t, form.id, "pending"),
    insertApplication(t, form.id, "waitlisted"),
    insertApplication(t, form.id, "cancelled"),
  ]);
  await t.database.db.insert(eventCheckIns).values({ eventApplicationId: checkedIn.id, eventFormId: form.id });
  return { owner, form, holding, checkedIn, waiting, withdrew };
}

describe("announcements", () => {
  it("each audience reaches exactly its people, by notification and mail, and the history says to whom", async () => {
    const { owner, form, holding, checkedIn, waiting, withdrew } = await eventWithPeople();
    const before = await owner.client.get(path(form.id));
    expect(before.body).toMatchObject({ data: [], audience_sizes: { confirmed: 2, waitlisted: 1, checked_in: 1 } });

    const sent = await owner.client.post(path(form.id), {
      audience: "confirmed",
      subject: "Doors open at 9",
      message: "Bring your ticket <script>alert(1)</script> & a smile",
    });
    expect(sent.status).toBe(201);
    expect(sent.body.announcement).toMatchObject({ audience: "confirmed", recipient_count: 2, sent_by: { id: owner.id } });
    const recipients = await owner.client.get(`${path(form.id)}/${sent.body.announcement.id}/recipients`);
    expect(recipients.body.data.map((r: { id: number }) => r.id).sort()).toEqual([holding.userId, checkedIn.userId].sort());
    // A page past the end still says how many there are, so the screen can lead back.
    const past = await owner.client.get(`${path(form.id)}/${sent.body.announcement.id}/recipients?per_page=1&page=5`);
    expect(past.body).toMatchObject({ data: [], meta: { total: 2, last_page: 2, current_page: 5 } });
    expect((await owner.client.get(`${path(form.id)}?page=9`)).body.meta).toMatchObject({ total: 1, last_page: 1 });

    for (const [audience, people] of [
      ["waitlisted", [waiting.userId]],
      ["checked_in", [checkedIn.userId]],
    ] as const) {
      const res = await owner.client.post(path(form.id), { audience, subject: `To ${audience}`, message: "Hello" });
      expect(res.status).toBe(201);
      const to = await owner.client.get(`${path(form.id)}/${res.body.announcement.id}/recipients`);
      expect(to.body.data.map((r: { id: number }) => r.id)).toEqual(people);
    }
    const history = await owner.client.get(path(form.id));
    expect(history.body.data.map((a: { subject: string }) => a.subject)).toEqual(["To checked_in", "To waitlisted", "Doors open at 9"]);

    // The person who withdrew heard nothing; the others have it in the panel and in their mail.
    expect(await outboxOf(t.database.db, withdrew.userId, "event_announcement")).toHaveLength(0);
    const [mail] = await outboxOf(t.database.db, holding.userId, "event_announcement");
    expect(mail.subject).toBe(`${form.title}: Doors open at 9`);
    expect(mail.html).toContain("Bring your ticket &lt;script&gt;alert(1)&lt;/script&gt; &amp; a smile");
    expect(mail.html).not.toContain("<script>");
    expect(await outboxOf(t.database.db, checkedIn.userId, "event_announcement")).toHaveLength(2);
  });

  it("keeps the writer's line breaks in both parts of the mail, marks it bulk, and counts in the history only the mail queued", async () => {
    const { owner, form, holding, checkedIn } = await eventWithPeople();
    // One of the two reads announcements in the daily digest: told in the panel, not mailed now.
    await t.database.db
      .insert(userSettings)
      .values({ userId: checkedIn.userId, mailNotifications: { event_announcement: "digest" } })
      .onConflictDoUpdate({ target: userSettings.userId, set: { mailNotifications: { event_announcement: "digest" } } });
    const sent = await owner.client.post(path(form.id), {
      audience: "confirmed",
      subject: "Schedule",
      message: "Doors open at 9.\r\nTalks start at 10.\n\nSee you there!",
    });
    expect(sent.status).toBe(201);
    expect(sent.body.announcement).toMatchObject({ recipient_count: 2, mailed_count: 1 });
    expect((await owner.client.get(path(form.id))).body.data[0]).toMatchObject({ recipient_count: 2, mailed_count: 1 });

    const [mail] = await outboxOf(t.database.db, holding.userId, "event_announcement");
    expect(mail.html).toMatch(/>Doors open at 9\.<br\/>Talks start at 10\.<\/p><p[^>]*>See you there!<\/p>/);
    expect(mail.text).toContain("Doors open at 9.\nTalks start at 10.\n\nSee you there!");
    expect(mail.headers).toMatchObject({ Precedence: "bulk" });
  });

  it("refuses an empty audience, a bad audience, missing text, and another startup's event", async () => {
    const { owner, form } = await ownerWithForm(t);
    const nobody = await owner.client.post(path(form.id), { audience: "waitlisted", subject: "Hi", message: "Anyone?" });
    expect(nobody.status).toBe(422);
    expect(nobody.body.errors.audience).toEqual([NOBODY_TO_TELL]);
    const bad = await owner.client.post(path(form.id), { audience: "everyone", subject: "", message: "" });
    expect(bad.body.errors).toEqual({
      audience: ["The selected audience is invalid."],
      subject: ["The subject field is required."],
      message: ["The message field is required."],
    });
    const stranger = await registered(t, "Stranger");
    await expectEveryCallRefused(
      stranger.client,
      [
        ["GET", path(form.id)],
        ["POST", path(form.id), { audience: "confirmed", subject: "Hi", message: "Hi" }],
      ],
      403,
      { message: "Access Forbidden" },
    );
    const other = await ownerWithForm(t);
    const foreign = await other.owner.client.post(path(form.id), { audience: "confirmed", subject: "Hi", message: "Hi" });
    expect(foreign.status).toBe(404);
  });

  it(`an event sends at most ${ANNOUNCEMENT_RATE.maxAnnouncements} an hour, however many are sent at once`, async () => {
    const { owner, form, holding } = await eventWithPeople();
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        owner.client.post(path(form.id), { audience: "confirmed", subject: `Update ${i}`, message: "News" }),
      ),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(ANNOUNCEMENT_RATE.maxAnnouncements);
    const refused = answers.filter((a) => a.status === 429);
    expect(refused).toHaveLength(12 - ANNOUNCEMENT_RATE.maxAnnouncements);
    // The hour's wait in words, its seconds in Retry-After.
    expect(refused[0].body.message).toBe(ANNOUNCEMENTS_THROTTLED(Number(refused[0].headers.get("retry-after"))));
    expect(refused[0].body.message).toMatch(/Please try again in (\d+ minutes?|1 hour)\.$/);
    expect(await outboxOf(t.database.db, holding.userId, "event_announcement")).toHaveLength(ANNOUNCEMENT_RATE.maxAnnouncements);

    // Only what was sent counts: refusals (nobody waiting) leave a fresh event its whole allowance.
    const { owner: other, form: empty } = await ownerWithForm(t);
    await insertApplication(t, empty.id, "accepted");
    for (let i = 0; i < ANNOUNCEMENT_RATE.maxAnnouncements; i++) {
      expect((await other.client.post(path(empty.id), { audience: "waitlisted", subject: "x", message: "y" })).status).toBe(422);
    }
    const first = await other.client.post(path(empty.id), { audience: "confirmed", subject: "x", message: "y" });
    expect(first.status).toBe(201);
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { DEFAULT_MAIL_PREFERENCES } from "#schemas/mail-preferences.ts";
import { DEFAULT_SETTINGS } from "#schemas/settings.ts";
import { mailOutbox } from "#api/db/mail-schema.ts";
import { queueMail } from "#api/mail/outbox.ts";
import { registered } from "#api/testing/fixtures.ts";
import { createTestApi, expectEveryCallRefused, type TestApi } from "#api/testing/harness.ts";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

const BASE = "/api/v1/admin/settings";
const VALID = {
  time_zone: "Africa/Lagos",
  date_format: "iso",
  theme: "dark",
  layout: "compact",
  notifications: ["new_follower", "message_received"],
};
/** What the settings answer holds besides: every kind's mail choice, the defaults until saved. */
const DEFAULTS = { ...DEFAULT_SETTINGS, mail: DEFAULT_MAIL_PREFERENCES };
const withMail = (settings: typeof VALID, mail = DEFAULT_MAIL_PREFERENCES) => ({ ...settings, mail });

describe("settings", () => {
  it("answers 401 without a login", async () => {
    const anonymous = t.client();
    await expectEveryCallRefused(
      anonymous,
      [
        ["GET", BASE],
        ["PUT", BASE, VALID],
      ],
      401,
      { message: "Unauthenticated." },
    );
  });

  it("shows the defaults until the user saves, then what they saved, to them alone", async () => {
    const { client } = await registered(t, "Settler");
    const before = await client.get(BASE);
    expect(before.status).toBe(200);
    expect(before.body).toEqual({ data: DEFAULTS });
    const saved = await client.put(BASE, VALID);
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ message: "Settings saved", data: withMail(VALID) });
    expect((await client.get(BASE)).body).toEqual({ data: withMail(VALID) });
    const other = await registered(t, "Neighbour");
    expect((await other.client.get(BASE)).body).toEqual({ data: DEFAULTS });
    // Saving again replaces the row rather than adding one.
    const again = await client.put(BASE, { ...VALID, theme: "light", notifications: [] });
    expect(again.body).toMatchObject({ data: { theme: "light", notifications: [] } });
  });

  it("reads a plain form post: repeated boxes as a list, one box as a list of one, none as none", async () => {
    const { client } = await registered(t, "Form Poster");
    const form = (boxes: string[]) => {
      const body = new URLSearchParams({ time_zone: "Europe/Berlin", date_format: "day-month", theme: "system", layout: "auto" });
      for (const box of boxes) body.append("notifications", box);
      return client.request("PUT", BASE, undefined, { "content-type": "application/x-www-form-urlencoded" }, body.toString());
    };
    await client.prime();
    expect((await form(["new_follower", "invitation_received"])).body).toMatchObject({
      data: { notifications: ["new_follower", "invitation_received"] },
    });
    expect((await form(["message_received"])).body).toMatchObject({ data: { notifications: ["message_received"] } });
    expect((await form([])).body).toMatchObject({ data: { time_zone: "Europe/Berlin", notifications: [] } });
  });

  it("refuses each bad field with its own message and keeps the old settings", async () => {
    const { client } = await registered(t, "Bad Input");
    await client.put(BASE, VALID);
    const bad = await client.put(BASE, {
      time_zone: "Mars/Olympus",
      date_format: "roman",
      theme: "neon",
      layout: "tiny",
      notifications: ["gossip"],
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({
      time_zone: ["Choose a time zone from the list."],
      date_format: ["Choose a date format from the list."],
      theme: ["Choose light, dark or the same as your device."],
      layout: ["Choose a layout from the list."],
      "notifications.0": ["Choose notification types from the list."],
    });
    expect((await client.put(BASE, {})).body.errors).toMatchObject({ time_zone: ["Choose a time zone."] });
    expect((await client.get(BASE)).body).toEqual({ data: withMail(VALID) });
  });
});

describe("mail choices", () => {
  const CHOSEN = {
    ...DEFAULT_MAIL_PREFERENCES,
    new_follower: "off",
    message_received: "immediately",
    review_status_changed: "digest",
    event_calendar: "off",
  } as const;

  it("are saved for every kind, kept when a body leaves them out, and shown to their user only", async () => {
    const { client } = await registered(t, "Mail Chooser");
    const saved = await client.put(BASE, { ...VALID, mail: CHOSEN });
    expect(saved.body).toEqual({ message: "Settings saved", data: withMail(VALID, CHOSEN) });
    // A client that knows nothing of mail (no `mail` at all) changes the rest and keeps them.
    expect((await client.put(BASE, { ...VALID, theme: "light" })).body.data).toEqual({ ...withMail(VALID, CHOSEN), theme: "light" });
    expect((await client.get(BASE)).body.data.mail).toEqual(CHOSEN);
  });

  it("refuses a choice not on a kind's list (calendar mail has no digest) with that field's message", async () => {
    const { client } = await registered(t, "Mail Refused");
    const bad = await client.put(BASE, {
      ...VALID,
      mail: { ...DEFAULT_MAIL_PREFERENCES, new_follower: "weekly", event_calendar: "digest" },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({
      "mail.new_follower": ["Choose immediately, daily digest or off."],
      "mail.event_calendar": ["Choose immediately or off."],
    });
    const missing = await client.put(BASE, { ...VALID, mail: { new_follower: "off" } });
    expect(missing.body.errors).toMatchObject({ "mail.invitation_received": ["Choose immediately, daily digest or off."] });
    expect((await client.get(BASE)).body.data.mail).toEqual(DEFAULT_MAIL_PREFERENCES);
  });

  it("drop the queued mail of a kind turned off (a reminder for next week), and keep the others", async () => {
    const { client, id, email } = await registered(t, "Mail Canceller");
    const queue = (kind: string) => queueMail(t.database.db, { to: email, userId: id, kind, subject: kind, html: "<p>x</p>", text: "x" });
    const reminder = await queue("event_calendar/reminder");
    const receipt = await queue("payment_status_changed/receipt");
    await client.put(BASE, { ...VALID, mail: CHOSEN });
    expect(await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, reminder!))).toHaveLength(0);
    expect(await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, receipt!))).toHaveLength(1);
  });
});

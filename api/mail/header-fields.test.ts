/**
 * Text that becomes a mail header (a person's or a profile's name, an event's title, an announcement's
 * subject) is refused with a 422 on its field when it holds a line break; and a mail the outbox still
 * refuses (a name stored before the rule) fails the change that would send it, which rolls back whole.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventAnnouncements, eventApplications } from "#api/db/events-schema.ts";
import { mailOutbox } from "#api/db/mail-schema.ts";
import { users } from "#api/db/schema.ts";
import { insertEventForm, ownerWithForm, sendApplication, startupOwner } from "#api/testing/application-fixtures.ts";
import { insertApplication, ownerWithCollection, validEventFormFields } from "#api/testing/event-fixtures.ts";
import { PASSWORD, registered, uniqueEmail } from "#api/testing/fixtures.ts";
import { createTestApi, type TestApi } from "#api/testing/harness.ts";
import { outboxOf } from "#api/testing/mail-fixtures.ts";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

const BREAKS = ["Ada\r\nBcc: victim@example.com", "Ada\nLovelace", "Ada\rLovelace", "Ada\u2028Lovelace"];

const refusedOn = (field: string, label = field) => ({
  status: 422,
  body: { errors: { [field]: [`The ${label} may not contain a line break.`] } },
});

describe("a line break in text that becomes a mail header", () => {
  it.each(BREAKS)("is refused in a registering name (%j), and no account is made", async (name) => {
    const email = uniqueEmail("broken");
    const res = await t.client().post("/api/register", { name, email, password: PASSWORD, password_confirmation: PASSWORD });
    expect(res).toMatchObject(refusedOn("name"));
    expect(await t.database.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
  });

  it("is refused in the account's name, which stays as it was", async () => {
    const { client, email, id } = await registered(t, "Grace");
    expect(await client.put("/api/user", { name: "Grace\nBcc: victim@example.com", email })).toMatchObject(refusedOn("name"));
    expect((await t.database.db.select({ name: users.name }).from(users).where(eq(users.id, id)))[0].name).toBe("Grace");
  });

  it("is refused in a startup's and a co-founder's profile name", async () => {
    const startup = await registered(t);
    const startupForm = new FormData();
    for (const [key, value] of Object.entries({ account_type: "startup", name: "Acme\r\nInc", username: `acme-${Date.now()}` }))
      startupForm.set(key, value);
    const setUp = await startup.client.post("/api/v1/admin/startups/setup", startupForm);
    expect(setUp.status).toBe(422);
    expect(setUp.body.errors.name).toEqual(["The name may not contain a line break."]);

    const person = await registered(t);
    const personForm = new FormData();
    personForm.set("name", "Ada\nLovelace");
    const profile = await person.client.post("/api/v1/admin/profiles/setup", personForm);
    expect(profile.status).toBe(422);
    expect(profile.body.errors.name).toEqual(["The name may not contain a line break."]);
  });

  it("is refused in an event form's title", async () => {
    const owner = await ownerWithCollection(t);
    const res = await owner.client.post("/api/v1/admin/event_forms", validEventFormFields(owner.collection.id, { title: "Demo\nday" }));
    expect(res).toMatchObject(refusedOn("title"));
  });

  it("is refused in an announcement's subject: nothing is sent, listed or mailed", async () => {
    const { owner, form } = await ownerWithForm(t);
    const holder = await insertApplication(t, form.id, "accepted");
    const res = await owner.client.post(`/api/v1/admin/event_forms/${form.id}/announcements`, {
      audience: "confirmed",
      subject: "Doors open\r\nBcc: victim@example.com",
      message: "Bring your ticket.",
    });
    expect(res).toMatchObject(refusedOn("subject"));
    expect(await t.database.db.select().from(eventAnnouncements).where(eq(eventAnnouncements.eventFormId, form.id))).toHaveLength(0);
    expect(await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.userId, holder.userId))).toHaveLength(0);
  });
});

describe("a mail the outbox refuses", () => {
  it("fails the application that would send it: an error, and no application kept", async () => {
    // A title stored before titles were checked: the invitation's subject cannot hold it.
    const { startup } = await startupOwner(t);
    const form = await insertEventForm(t, startup.id, { title: "Demo\nday" });
    const applicant = await registered(t, "Ada Applicant");
    const res = await sendApplication(applicant.client, form.id, { full_name: "Ada Applicant", email: applicant.email });
    expect(res.status).toBe(500);
    expect(await t.database.db.select().from(eventApplications).where(eq(eventApplications.eventFormId, form.id))).toHaveLength(0);
    expect(await outboxOf(t.database.db, applicant.id, "event_calendar/invitation")).toHaveLength(0);
  });

  it("fails the announcement that would send it: an error, and nothing listed as sent", async () => {
    const { owner, form } = await ownerWithForm(t);
    const holder = await insertApplication(t, form.id, "accepted");
    await t.database.db.update(users).set({ name: "Ada\r\nBcc: victim@example.com" }).where(eq(users.id, holder.userId));
    const res = await owner.client.post(`/api/v1/admin/event_forms/${form.id}/announcements`, {
      audience: "confirmed",
      subject: "Doors open at 9",
      message: "Bring your ticket.",
    });
    expect(res.status).toBe(500);
    expect((await owner.client.get(`/api/v1/admin/event_forms/${form.id}/announcements`)).body.data).toEqual([]);
  });
});

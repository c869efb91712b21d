import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventApplications } from "#api/db/events-schema.ts";
import { notifications } from "#api/db/realtime-schema.ts";
import { ownerWithForm, sendApplication } from "#api/testing/application-fixtures.ts";
import { MANY_ACCOUNTS_TIMEOUT_MS, registered } from "#api/testing/fixtures.ts";
import type { TestApi } from "#api/testing/harness.ts";
import { createRecordingTestApi } from "#api/testing/recording-broadcaster.ts";

let t: TestApi;
beforeAll(async () => {
  ({ t } = await createRecordingTestApi());
});
afterAll(() => t.close());

async function applicant(formId: number, name: string) {
  const person = await registered(t, name);
  const sent = await sendApplication(person.client, formId, { full_name: name, email: person.email });
  return { ...person, sent, applicationId: sent.body.event_application?.id as number };
}

const siteForm = (client: ReturnType<TestApi["client"]>, formId: number) => client.get(`/api/v1/site/event_forms/${formId}`);
const cancel = (client: ReturnType<TestApi["client"]>, id: number) => client.put(`/api/v1/admin/event_applications/${id}/cancel_apply`, {});

async function statusOf(id: number) {
  const [row] = await t.database.db.select().from(eventApplications).where(eq(eventApplications.id, id));
  return row;
}

describe("a full event with a waitlist", () => {
  it("puts the next applicant in line without a ticket, says where they stand, and tells them", async () => {
    const { form } = await ownerWithForm(t, { capacity: 1, waitlistEnabled: true });
    const first = await applicant(form.id, "Ada First");
    expect(first.sent.body.event_application.status).toBe("pending");

    const page = await siteForm((await registered(t, "Looker")).client, form.id);
    expect(page.body).toMatchObject({ can_apply: true, closed_reason: null, places_left: 0, joins_waitlist: true });

    const second = await applicant(form.id, "Bo Second");
    const third = await applicant(form.id, "Cy Third");
    expect(second.sent.status).toBe(201);
    expect(second.sent.body).toMatchObject({ event_application: { status: "waitlisted" }, message: "You are on the waitlist." });
    const mine = (await siteForm(third.client, form.id)).body;
    expect(mine).toMatchObject({ my_ticket: null, my_waitlist_position: 2 });
    expect(mine.my_application.status).toBe("waitlisted");

    const told = await t.database.db.select().from(notifications).where(eq(notifications.userId, second.id));
    expect(told.map((n) => n.title)).toContain("Your application to Demo day is on the waitlist, number 1 in line");
  });

  it("gives a freed place to the first in line at once: a cancellation, then a rejection", async () => {
    const { owner, form } = await ownerWithForm(t, { capacity: 2, waitlistEnabled: true });
    const holders = [await applicant(form.id, "Hold One"), await applicant(form.id, "Hold Two")];
    const waiting = [await applicant(form.id, "Wait One"), await applicant(form.id, "Wait Two"), await applicant(form.id, "Wait Three")];

    expect((await cancel(holders[0].client, holders[0].applicationId)).status).toBe(200);
    const promoted = await statusOf(waiting[0].applicationId);
    expect(promoted.status).toBe("pending");
    expect(promoted.ticketCode).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
    expect((await siteForm(waiting[0].client, form.id)).body.my_ticket.code).toBe(promoted.ticketCode);
    const told = await t.database.db.select().from(notifications).where(eq(notifications.userId, waiting[0].id));
    expect(told.map((n) => n.title)).toContain("Your application to Demo day is in: a place opened for you");
    expect((await siteForm(waiting[2].client, form.id)).body.my_waitlist_position).toBe(2);

    const rejected = await owner.client.put(`/api/v1/admin/event_applications/${holders[1].applicationId}/status`, { status: "rejected" });
    expect(rejected.status).toBe(200);
    expect((await statusOf(waiting[1].applicationId)).status).toBe("pending");
    expect((await statusOf(waiting[2].applicationId)).status).toBe("waitlisted");
    expect((await siteForm(waiting[2].client, form.id)).body.my_waitlist_position).toBe(1);
  });

  it("refuses as before when the form has no waitlist", async () => {
    const { form } = await ownerWithForm(t, { capacity: 1 });
    await applicant(form.id, "Only One");
    const late = await applicant(form.id, "Too Late");
    expect(late.sent.status).toBe(422);
    expect(late.sent.body.errors.application).toEqual(["This event is full."]);
    expect((await siteForm(late.client, form.id)).body).toMatchObject({ can_apply: false, joins_waitlist: false });
  });

  it(
    "moves exactly as many as places freed, in line order, none twice (20 freed at once, 30 waiting)",
    async () => {
      const { form } = await ownerWithForm(t, { capacity: 20, waitlistEnabled: true });
      const holders = [];
      for (let i = 0; i < 20; i++) holders.push(await applicant(form.id, `Holder ${i}`));
      const waiting = [];
      for (let i = 0; i < 30; i++) waiting.push(await applicant(form.id, `Waiting ${i}`));
      expect(waiting.every((w) => w.sent.body.event_application.status === "waitlisted")).toBe(true);

      const answers = await Promise.all(holders.map((h) => cancel(h.client, h.applicationId)));
      expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));

      const statuses = await Promise.all(waiting.map((w) => statusOf(w.applicationId)));
      expect(statuses.slice(0, 20).map((row) => row.status)).toEqual(Array(20).fill("pending"));
      expect(statuses.slice(20).map((row) => row.status)).toEqual(Array(10).fill("waitlisted"));
      expect(new Set(statuses.slice(0, 20).map((row) => row.ticketCode)).size).toBe(20);
      const pending = await t.database.db
        .select()
        .from(eventApplications)
        .where(and(eq(eventApplications.eventFormId, form.id), eq(eventApplications.status, "pending")));
      expect(pending).toHaveLength(20);
      // Each promoted applicant was told once.
      for (const w of waiting.slice(0, 20)) {
        const told = await t.database.db.select().from(notifications).where(eq(notifications.userId, w.id));
        expect(told.filter((n) => n.type === "waitlist_moved" && n.title.endsWith("a place opened for you"))).toHaveLength(1);
      }
    },
    MANY_ACCOUNTS_TIMEOUT_MS,
  );

  it("keeps count when holders cancel, waiting people cancel and the owner turns people down, all at once", async () => {
    const { owner, form } = await ownerWithForm(t, { capacity: 5, waitlistEnabled: true });
    const holders = [];
    for (let i = 0; i < 5; i++) holders.push(await applicant(form.id, `Seat ${i}`));
    const waiting = [];
    for (let i = 0; i < 12; i++) waiting.push(await applicant(form.id, `Queue ${i}`));

    // Every change takes the form's row before any application's, so none waits on another: no 500s.
    const answers = await Promise.all([
      ...holders.slice(0, 3).map((h) => cancel(h.client, h.applicationId)),
      ...waiting.slice(0, 3).map((w) => cancel(w.client, w.applicationId)),
      ...[holders[3], waiting[3], waiting[4]].map((a) =>
        owner.client.put(`/api/v1/admin/event_applications/${a.applicationId}/status`, { status: "rejected" }),
      ),
    ]);
    expect(answers.map((a) => a.status)).toEqual(Array(9).fill(200));

    const rows = await t.database.db.select().from(eventApplications).where(eq(eventApplications.eventFormId, form.id));
    const holding = rows.filter((row) => row.status === "pending");
    expect(holding).toHaveLength(5);
    // The place-holders are the one holder left and the first four still waiting, in line order.
    const names = (list: typeof rows) => list.map((row) => row.applicantName).sort();
    expect(names(holding)).toEqual(
      names(rows.filter((row) => ["Seat 4", "Queue 5", "Queue 6", "Queue 7", "Queue 8"].includes(row.applicantName))),
    );
    expect(
      rows
        .filter((row) => row.status === "waitlisted")
        .map((row) => row.applicantName)
        .sort(),
    ).toEqual(["Queue 10", "Queue 11", "Queue 9"]);
  });
});

import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHECK_INS_CHANGED_EVENT, eventFormChannel } from "#schemas/realtime.ts";
import { eventApplications, eventCheckIns } from "#api/db/events-schema.ts";
import { insertEventForm, ownerWithForm, sendApplication } from "#api/testing/application-fixtures.ts";
import { registered } from "#api/testing/fixtures.ts";
import { z } from "zod";
import { createApi } from "#api/app.ts";
import { readBody } from "#api/lib/body.ts";
import { limits } from "#api/lib/limits.ts";
import { validate } from "#api/lib/validation.ts";
import { BroadcastQueue } from "#api/realtime/broadcaster.ts";
import { currentUser } from "../auth/middleware.ts";
import { checkIn } from "./service.ts";
import { TestClient, type TestApi } from "#api/testing/harness.ts";
import { createRecordingTestApi, type RecordingBroadcaster } from "#api/testing/recording-broadcaster.ts";

let t: TestApi;
let broadcaster: RecordingBroadcaster;
beforeAll(async () => {
  ({ t, broadcaster } = await createRecordingTestApi());
});
afterAll(() => t.close());

/** Someone who applied to the form, with their ticket as the applicant's page shows it. */
async function ticketHolder(formId: number, name = "Tia Ticket") {
  const person = await registered(t, name);
  const sent = await sendApplication(person.client, formId, { full_name: name, email: person.email });
  expect(sent.status).toBe(201);
  const page = await person.client.get(`/api/v1/site/event_forms/${formId}`);
  return { ...person, applicationId: sent.body.event_application.id as number, ticket: page.body.my_ticket };
}

const scan = (client: ReturnType<TestApi["client"]>, formId: number, code: string) =>
  client.post(`/api/v1/admin/event_forms/${formId}/check_ins`, { code });

describe("tickets", () => {
  it("are given on submission: a short code and a signed QR text, shown to the applicant only while it admits them", async () => {
    const { owner, form } = await ownerWithForm(t);
    const holder = await ticketHolder(form.id);
    expect(holder.ticket.code).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
    expect(holder.ticket.token).toMatch(new RegExp(`^${holder.ticket.code}\\.[A-Za-z0-9_-]{43}$`));
    expect(holder.ticket.checked_in_at).toBeNull();

    const draft = await registered(t, "Drafty");
    await sendApplication(draft.client, form.id, { full_name: "Drafty", email: draft.email }, "draft");
    expect((await draft.client.get(`/api/v1/site/event_forms/${form.id}`)).body.my_ticket).toBeNull();

    await owner.client.put(`/api/v1/admin/event_applications/${holder.applicationId}/status`, { status: "rejected" });
    expect((await holder.client.get(`/api/v1/site/event_forms/${form.id}`)).body.my_ticket).toBeNull();
  });
});

describe("POST /api/v1/admin/event_forms/{id}/check_ins", () => {
  it("checks a ticket in by its QR text or its typed code, tells the second scan when and by whom, and undoes", async () => {
    const { owner, form } = await ownerWithForm(t, { timezone: "UTC" });
    const first = await ticketHolder(form.id, "Ada Door");
    const second = await ticketHolder(form.id, "Bo Door");
    broadcaster.clear();

    const scanned = await scan(owner.client, form.id, first.ticket.token);
    expect(scanned.status).toBe(201);
    expect(scanned.body).toMatchObject({
      outcome: "checked_in",
      message: "Checked in.",
      ticket: { application_id: first.applicationId, name: "Ada Door", ticket_code: first.ticket.code, checked_in_by: "Owner" },
      counts: { checked_in: 1, expected: 2 },
    });
    const [message] = broadcaster.take(CHECK_INS_CHANGED_EVENT, eventFormChannel(form.id));
    expect(message.data).toEqual({ event_form_id: form.id, checked_in: 1, expected: 2 });
    expect(message.socketId).toBeUndefined();

    const again = await scan(owner.client, form.id, first.ticket.code);
    expect(again.status).toBe(409);
    expect(again.body.outcome).toBe("already_checked_in");
    expect(again.body.message).toMatch(/^Already checked in at \w{3}, \d{1,2} \w{3} \d{4}, \d{2}:\d{2} \(UTC\) by Owner$/);

    const typed = `${second.ticket.code.slice(0, 4).toLowerCase()}-${second.ticket.code.slice(4)}`;
    expect((await scan(owner.client, form.id, typed)).body.counts).toEqual({ checked_in: 2, expected: 2 });
    expect((await first.client.get(`/api/v1/site/event_forms/${form.id}`)).body.my_ticket.checked_in_at).not.toBeNull();

    // The door that undoes it names its socket (X-Socket-ID): everyone is told but that socket.
    broadcaster.clear();
    const undone = await owner.client.request("DELETE", `/api/v1/admin/event_forms/${form.id}/check_ins/${second.ticket.code}`, undefined, {
      "X-Socket-ID": "1234.5678",
    });
    expect(undone.status).toBe(200);
    expect(broadcaster.take(CHECK_INS_CHANGED_EVENT).map((m) => m.socketId)).toEqual(["1234.5678"]);
    expect(undone.body).toEqual({ message: "Check-in undone.", counts: { checked_in: 1, expected: 2 } });
    const undoAgain = await owner.client.delete(`/api/v1/admin/event_forms/${form.id}/check_ins/${second.ticket.code}`);
    expect(undoAgain.status).toBe(404);
    expect(undoAgain.body.message).toBe("This ticket is not checked in.");
    const rescanned = await owner.client.request(
      "POST",
      `/api/v1/admin/event_forms/${form.id}/check_ins`,
      { code: second.ticket.code },
      {
        "X-Socket-ID": "not a socket",
      },
    );
    expect(rescanned.status).toBe(201);
    expect(broadcaster.take(CHECK_INS_CHANGED_EVENT).map((m) => m.socketId)).toEqual([undefined]);
  });

  it("tells a cancelled, a rejected, a waitlisted, another event's and an unknown ticket apart, and refuses a forged QR text", async () => {
    const { owner, form } = await ownerWithForm(t);
    const other = await insertEventForm(t, owner.startup.id, { title: "The Other Night" });
    const elsewhere = await ticketHolder(other.id, "Elsa Where");
    const cancelled = await ticketHolder(form.id, "Cal Cancelled");
    await cancelled.client.put(`/api/v1/admin/event_applications/${cancelled.applicationId}/cancel_apply`, {});
    const rejected = await ticketHolder(form.id, "Rex Rejected");
    await owner.client.put(`/api/v1/admin/event_applications/${rejected.applicationId}/status`, { status: "rejected" });
    const waiting = await ticketHolder(form.id, "Wes Waiting");
    await owner.client.put(`/api/v1/admin/event_applications/${waiting.applicationId}/status`, { status: "waitlisted" });
    const valid = await ticketHolder(form.id, "Val Valid");

    const outcomes = [
      [elsewhere.ticket.code, 409, "another_event", "This ticket is for another event: The Other Night."],
      [cancelled.ticket.code, 409, "cancelled", "This ticket was cancelled."],
      [rejected.ticket.code, 409, "cancelled", "This ticket's application was rejected."],
      [waiting.ticket.code, 409, "cancelled", "This ticket's application is on the waitlist: it holds no place yet."],
      ["ZZZZZZZZ", 404, "not_found", "Ticket not found"],
      [`${valid.ticket.code}.forged-signature`, 404, "not_found", "Ticket not found"],
    ] as const;
    for (const [code, status, outcome, message] of outcomes) {
      const res = await scan(owner.client, form.id, code);
      expect(res.status, code).toBe(status);
      expect(res.body, code).toMatchObject({ outcome, message });
    }
    expect((await t.database.db.select().from(eventCheckIns).where(eq(eventCheckIns.eventFormId, form.id))).length).toBe(0);
    // The door's list says which tickets let nobody in, so it offers no check-in for them.
    const list = await owner.client.get(`/api/v1/admin/event_forms/${form.id}/check_ins`);
    const admits = Object.fromEntries(list.body.data.map((ticket: { name: string; admits: boolean }) => [ticket.name, ticket.admits]));
    expect(admits).toEqual({ "Cal Cancelled": false, "Rex Rejected": false, "Val Valid": true, "Wes Waiting": false });
  });

  it("is the owner's alone: another startup's form is a 404, and its tickets are unknown to other doors", async () => {
    const { form } = await ownerWithForm(t);
    const holder = await ticketHolder(form.id);
    const stranger = await ownerWithForm(t);
    const refused = await scan(stranger.owner.client, form.id, holder.ticket.code);
    expect(refused.status).toBe(404);
    expect(refused.body).toEqual({ message: "Event Form not found" });
    const atOwnDoor = await scan(stranger.owner.client, stranger.form.id, holder.ticket.code);
    expect(atOwnDoor.status).toBe(404);
    expect(atOwnDoor.body.outcome).toBe("not_found");
    expect((await holder.client.post(`/api/v1/admin/event_forms/${form.id}/check_ins`, { code: holder.ticket.code })).status).toBe(403);
    const blank = await scan(stranger.owner.client, stranger.form.id, "  ");
    expect(blank.status).toBe(422);
    expect(blank.body.errors).toEqual({ code: ["The code field is required."] });
  });

  it("lets one ticket in once when two doors scan it at the same moment (20 at once → 1 check-in)", async () => {
    const { owner, form } = await ownerWithForm(t);
    const holder = await ticketHolder(form.id);
    const answers = await Promise.all(Array.from({ length: 20 }, () => scan(owner.client, form.id, holder.ticket.code)));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409 && a.body.outcome === "already_checked_in")).toHaveLength(19);
    // Every door's answer counts that one check-in, the ones that lost the race included.
    expect(answers.map((a) => a.body.counts)).toEqual(answers.map(() => ({ checked_in: 1, expected: 1 })));
    const rows = await t.database.db.select().from(eventCheckIns).where(eq(eventCheckIns.eventApplicationId, holder.applicationId));
    expect(rows).toHaveLength(1);
  });

  it("takes a check-in back once when two doors undo it at the same moment (10 at once → 1 undone)", async () => {
    const { owner, form } = await ownerWithForm(t);
    const holder = await ticketHolder(form.id);
    expect((await scan(owner.client, form.id, holder.ticket.code)).status).toBe(201);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => owner.client.delete(`/api/v1/admin/event_forms/${form.id}/check_ins/${holder.ticket.code}`)),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 404 && a.body.message === "This ticket is not checked in.")).toHaveLength(9);
    expect((await owner.client.get(`/api/v1/admin/event_forms/${form.id}/check_ins`)).body.counts).toEqual({ checked_in: 0, expected: 1 });
  });

  it("checks 12 different tickets in at once, each once, and the figures add up", async () => {
    const { owner, form } = await ownerWithForm(t);
    const holders = await Promise.all(Array.from({ length: 12 }, (_, i) => ticketHolder(form.id, `Guest ${i}`)));
    const answers = await Promise.all(holders.map((h) => scan(owner.client, form.id, h.ticket.token)));
    expect(answers.map((a) => a.status)).toEqual(Array(12).fill(201));
    const list = await owner.client.get(`/api/v1/admin/event_forms/${form.id}/check_ins`);
    expect(list.body.counts).toEqual({ checked_in: 12, expected: 12 });
    expect(list.body.data.every((ticket: { checked_in_at: string | null }) => ticket.checked_in_at !== null)).toBe(true);
  });
});

describe("GET /api/v1/admin/event_forms/{id}/check_ins", () => {
  it("lists the event's tickets by name, searchable by name, email or code, with the door's figures", async () => {
    const { owner, form } = await ownerWithForm(t);
    const zed = await ticketHolder(form.id, "Zed Last");
    await ticketHolder(form.id, "Amy First");
    const all = await owner.client.get(`/api/v1/admin/event_forms/${form.id}/check_ins`);
    expect(all.status).toBe(200);
    expect(all.body.data.map((ticket: { name: string }) => ticket.name)).toEqual(["Amy First", "Zed Last"]);
    expect(all.body.counts).toEqual({ checked_in: 0, expected: 2 });
    expect(all.body.event_form).toMatchObject({ id: form.id, title: form.title });
    const byCode = await owner.client.get(`/api/v1/admin/event_forms/${form.id}/check_ins?search=${zed.ticket.code}`);
    expect(byCode.body.data.map((ticket: { name: string }) => ticket.name)).toEqual(["Zed Last"]);
    const [row] = await t.database.db.select().from(eventApplications).where(eq(eventApplications.id, zed.applicationId));
    expect(row.ticketCode).toBe(zed.ticket.code);
  });
});

describe("the dashboard's events under way", () => {
  it("count the tickets checked in, and keep an event that has started until it ends", async () => {
    const now = Date.now();
    const { owner, form } = await ownerWithForm(t, { startsAt: new Date(now - 3_600_000), endsAt: new Date(now + 3_600_000) });
    const holder = await ticketHolder(form.id);
    await scan(owner.client, form.id, holder.ticket.code);
    const { body } = await owner.client.get("/api/v1/admin/dashboard/upcoming-events");
    expect(body.data.events).toEqual([expect.objectContaining({ id: form.id, places_taken: 1, checked_in: 1 })]);
  });
});

describe("what a check-in empties", () => {
  /** The API with its caches on, a door (the owner, through it) and the dashboard's figure for the event. */
  async function cachingDoor() {
    const pages = { emptied: 0, invalidate: () => void pages.emptied++ };
    const cached = createApi({
      db: t.database.db,
      config: { ...t.config, callerCacheMs: 60_000, dashboardCacheMs: 60_000 },
      log: () => {},
      dependentCaches: [pages],
    });
    const { owner, form } = await ownerWithForm(t);
    const holder = await ticketHolder(form.id, "Cy Cached");
    const door = new TestClient(cached, "203.0.113.21");
    for (const [name, value] of owner.client.cookies) door.cookies.set(name, value);
    const checkedIn = async () =>
      ((await door.get("/api/v1/admin/dashboard/upcoming-events")).body.data.events as { id: number; checked_in: number }[]).find(
        (event) => event.id === form.id,
      )?.checked_in;
    return { cached, pages, form, holder, door, checkedIn };
  }

  it("only the caches that count check-ins: the dashboard shows it at once, who is calling and the public pages stay", async () => {
    const { pages, form, holder, door, checkedIn } = await cachingDoor();
    expect(await checkedIn()).toBe(0);
    expect((await scan(door, form.id, holder.ticket.code)).status).toBe(201);
    expect(await checkedIn()).toBe(1);
    expect((await door.delete(`/api/v1/admin/event_forms/${form.id}/check_ins/${holder.ticket.code}`)).status).toBe(200);
    expect(await checkedIn()).toBe(0);
    expect(pages.emptied).toBe(0);
    // Any other write empties them all.
    await door.put(`/api/v1/admin/event_applications/${holder.applicationId}/status`, { status: "rejected" });
    expect(pages.emptied).toBeGreaterThan(0);
  });

  it("is said by the check-in itself, not by the address it came to: through another route it empties the same caches", async () => {
    const { cached, pages, form, holder, door, checkedIn } = await cachingDoor();
    const scanSchema = z.object({ code: z.string() });
    cached.post("/api/v1/admin/another-door/:id", async (c) => {
      const { code } = validate(scanSchema, await readBody(c));
      const { status, answer } = await checkIn(
        c.get("db"),
        currentUser(c),
        Number(c.req.param("id")),
        code,
        new BroadcastQueue(),
        limits(c.get("config")).checkInScan,
      );
      return c.json(answer, status);
    });
    expect(await checkedIn()).toBe(0);
    door.checksContract = false;
    expect((await door.post(`/api/v1/admin/another-door/${form.id}`, { code: holder.ticket.code })).status).toBe(201);
    expect(await checkedIn()).toBe(1);
    expect(pages.emptied).toBe(0);
  });

  it("nor does a refused scan empty the others: a malformed code, or a code of no ticket", async () => {
    const { pages, form, door } = await cachingDoor();
    expect((await scan(door, form.id, "")).status).toBe(422);
    expect((await scan(door, form.id, "NOPE-NOPE")).status).toBe(404);
    expect(pages.emptied).toBe(0);
  });
});

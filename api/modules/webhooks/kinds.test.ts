/**
 * The record's kinds as the webhooks' (readers.ts): each change a receiver may hear of sent under its webhook
 * kind, with `activity` as the record keeps it and `data` the object exactly as the API answers it.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applicationView } from "#schemas/applications.ts";
import { eventBillingView } from "#schemas/billing.ts";
import { ticketView } from "#schemas/check-ins.ts";
import { eventFormView } from "#schemas/event-form-views.ts";
import { teamMemberView } from "#schemas/team.ts";
import { eventApplications } from "#api/db/events-schema.ts";
import { BroadcastQueue } from "#api/realtime/broadcaster.ts";
import { insertEventForm, sendApplication } from "#api/testing/application-fixtures.ts";
import { ownerWithCollection, publishedEventForm, validEventFormFields } from "#api/testing/event-fixtures.ts";
import { createBilling, paidThroughSandbox } from "#api/testing/billing-fixtures.ts";
import { registered } from "#api/testing/fixtures.ts";
import { createTestApi, type TestApi } from "#api/testing/harness.ts";
import { joinedMember, TEAM_MEMBERS } from "#api/testing/team-fixtures.ts";
import { addWebhook, deliverUntil, expectApiShape, ownerWithWebhook, startReceiver, TEST_WEBHOOKS } from "#api/testing/webhook-fixtures.ts";
import { passLapsedOffers } from "../applications/waitlist.ts";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi({ webhooks: TEST_WEBHOOKS });
});
afterAll(() => t.close());

describe("webhook kinds", () => {
  it("reads the record's kinds as the webhooks': a status change, the applicant's cancelling, a member joining and removed", async () => {
    const receiver = await startReceiver();
    try {
      const { owner } = await ownerWithWebhook(t, receiver.url, [
        "application.status_changed",
        "application.cancelled",
        "member.joined",
        "member.removed",
      ]);
      const form = await insertEventForm(t, owner.startup.id);
      const person = await registered(t, "Cam Cancel");
      const sent = await sendApplication(person.client, form.id, { full_name: "Cam Cancel", email: person.email });
      const id = sent.body.event_application.id as number;
      expect((await owner.client.put(`/api/v1/admin/event_applications/${id}/status`, { status: "accepted" })).status).toBe(200);
      expect((await person.client.put(`/api/v1/admin/event_applications/${id}/cancel_apply`)).status).toBe(200);
      const member = await joinedMember(t, owner.client, "door");
      expect((await owner.client.delete(`${TEAM_MEMBERS}/${member.id}`)).status).toBe(200);
      await deliverUntil(t, () => receiver.calls.length >= 4);
      const events = receiver.calls.map((call) => JSON.parse(call.body));
      expect(events.map((event) => event.type)).toEqual([
        "application.status_changed",
        "application.cancelled",
        "member.joined",
        "member.removed",
      ]);
      expect(events[0].activity).toMatchObject({
        subject: { id },
        changes: { status: { to: "accepted" } },
        details: { status: "accepted" },
      });
      expect(events[1].activity).toMatchObject({ subject: { id, label: "Cam Cancel" }, actor: { id: person.id } });
      expect(events[2].activity.subject).toMatchObject({ type: "member" });
      // Each `data` is the object as the API answers it, read when the event is first sent.
      for (const event of events.slice(0, 2)) expectApiShape(applicationView, event.data);
      expect(events[1].data).toMatchObject({ id, status: "cancelled" });
      expect(expectApiShape(teamMemberView, events[2].data)).toMatchObject({ user_id: member.id });
      // A member removed is gone: the activity still names them.
      expect(events[3].data).toBeNull();
      expect(events[3].activity.subject).toMatchObject({ id: member.id });
    } finally {
      await receiver.close();
    }
  });

  it("sends an application withdrawn on the organization's side as application.cancelled: its payment refunded in full, or its offer lapsed", async () => {
    const receiver = await startReceiver();
    try {
      const { owner } = await ownerWithWebhook(t, receiver.url, ["application.cancelled"]);
      const form = await insertEventForm(t, owner.startup.id, {
        typeOfEvent: "paid",
        paidEventInformation: { price: "50.00", currency: "USD", includes: null },
        capacity: 1,
        waitlistEnabled: true,
      });
      const holder = await registered(t, "Hana Holder");
      const { event_billing, payment_url } = await createBilling(holder.client, form.id);
      await paidThroughSandbox(t, holder.client, payment_url!);
      const held = await sendApplication(holder.client, form.id, { full_name: "Hana Holder", email: holder.email });
      const waiter = await registered(t, "Wale Waiting");
      const waiting = await sendApplication(waiter.client, form.id, { full_name: "Wale Waiting", email: waiter.email });
      expect(waiting.body.event_application.status).toBe("waitlisted");

      // Refunded in full, the holder's application gives its place up, and the place is offered to the one waiting.
      const refund = { amount: "50", reason: "Cannot come" };
      expect((await owner.client.post(`/api/v1/admin/event_billings/${event_billing.id}/refund`, refund)).status).toBe(201);
      const waiterId = waiting.body.event_application.id as number;
      const [offered] = await t.database.db.select().from(eventApplications).where(eq(eventApplications.id, waiterId));
      expect(offered.offerExpiresAt).not.toBeNull();
      // The offer lapses unpaid.
      await t.database.db
        .update(eventApplications)
        .set({ offerExpiresAt: new Date(Date.now() - 1_000) })
        .where(eq(eventApplications.id, waiterId));
      expect(await passLapsedOffers(t.database.db, new BroadcastQueue())).toBe(1);

      await deliverUntil(t, () => receiver.calls.length >= 2);
      const events = receiver.calls.map((call) => JSON.parse(call.body));
      expect(events.map((event) => event.type)).toEqual(["application.cancelled", "application.cancelled"]);
      const holderId = held.body.event_application.id as number;
      expect(events.map((event) => event.activity.subject.id)).toEqual([holderId, waiterId]);
      for (const event of events) expect(expectApiShape(applicationView, event.data)).toMatchObject({ status: "cancelled" });
      expect(events[0].activity).toMatchObject({ actor: null, changes: { status: { from: "pending", to: "cancelled" } } });
    } finally {
      await receiver.close();
    }
  });

  it("sends a member who left on their own as member.removed, with them as the actor", async () => {
    const receiver = await startReceiver();
    try {
      const { owner } = await ownerWithWebhook(t, receiver.url, ["member.removed"]);
      const member = await joinedMember(t, owner.client, "door");
      expect((await member.client.post("/api/v1/team/leave")).status).toBe(200);
      await deliverUntil(t, () => receiver.calls.length >= 1);
      const [event] = receiver.calls.map((call) => JSON.parse(call.body));
      expect(event.type).toBe("member.removed");
      // The member is the actor, where a removal names whoever removed them.
      expect(event.activity).toMatchObject({ subject: { type: "member", id: member.id }, actor: { id: member.id } });
      expect(event.data).toBeNull();
    } finally {
      await receiver.close();
    }
  });

  it("tells of a payment, its refund, a check-in at the door and its undoing", async () => {
    const receiver = await startReceiver();
    try {
      const { owner } = await ownerWithWebhook(t, receiver.url, [
        "billing.paid",
        "billing.refunded",
        "check_in.created",
        "check_in.undone",
      ]);
      const form = await insertEventForm(t, owner.startup.id, {
        typeOfEvent: "paid",
        paidEventInformation: { price: "50.00", currency: "USD", includes: null },
      });
      const guest = await registered(t, "Pat Payer");
      const { event_billing, payment_url } = await createBilling(guest.client, form.id);
      await paidThroughSandbox(t, guest.client, payment_url!);
      const applied = await sendApplication(guest.client, form.id, { full_name: "Pat Payer", email: guest.email });
      expect(applied.status).toBe(201);
      const refunded = await owner.client.post(`/api/v1/admin/event_billings/${event_billing.id}/refund`, {
        amount: "10",
        reason: "Goodwill",
      });
      expect(refunded.status, JSON.stringify(refunded.body)).toBe(201);
      const { code } = (await guest.client.get(`/api/v1/site/event_forms/${form.id}`)).body.my_ticket as { code: string };
      const checkIns = `/api/v1/admin/event_forms/${form.id}/check_ins`;
      expect((await owner.client.post(checkIns, { code })).status).toBe(201);
      expect((await owner.client.delete(`${checkIns}/${code}`)).status).toBe(200);

      await deliverUntil(t, () => receiver.calls.length >= 4);
      const events = receiver.calls.map((call) => JSON.parse(call.body));
      expect(events.map((event) => event.type)).toEqual(["billing.paid", "billing.refunded", "check_in.created", "check_in.undone"]);
      expect(events[0].activity.subject).toMatchObject({ type: "billing", id: event_billing.id });
      expect(events[1].activity.subject).toMatchObject({ type: "billing", id: event_billing.id });
      for (const event of events.slice(0, 2)) expect(expectApiShape(eventBillingView, event.data)).toMatchObject({ id: event_billing.id });
      const applicationId = applied.body.event_application.id as number;
      expect(events[2].activity).toMatchObject({ subject: { id: applicationId, label: "Pat Payer" }, event_form_id: form.id });
      expect(events[3].activity).toMatchObject({ subject: { id: applicationId }, event_form_id: form.id });
      for (const event of events.slice(2))
        expect(expectApiShape(ticketView, event.data)).toMatchObject({ application_id: applicationId, ticket_code: code });
    } finally {
      await receiver.close();
    }
  });

  it("tells of an event form published and then edited", async () => {
    const receiver = await startReceiver();
    try {
      const owner = await ownerWithCollection(t);
      await addWebhook(owner.client, receiver.url, ["event_form.published", "event_form.updated"]);
      const form = await publishedEventForm(owner.client, owner.collection.id);
      const edited = await owner.client.put(
        `/api/v1/admin/event_forms/${form.id}`,
        validEventFormFields(owner.collection.id, { title: "Renamed" }),
      );
      expect(edited.status, JSON.stringify(edited.body)).toBe(200);
      await deliverUntil(t, () => receiver.calls.length >= 2);
      const events = receiver.calls.map((call) => JSON.parse(call.body));
      expect(events.map((event) => event.type)).toEqual(["event_form.published", "event_form.updated"]);
      expect(events[1].activity).toMatchObject({ subject: { type: "event_form", id: form.id, label: "Renamed" }, event_form_id: form.id });
      // Each as the change left it: published under its first title, then renamed.
      expect(expectApiShape(eventFormView, events[0].data)).toMatchObject({ id: form.id, title: form.title, status: "published" });
      expect(expectApiShape(eventFormView, events[1].data)).toMatchObject({ id: form.id, title: "Renamed" });
    } finally {
      await receiver.close();
    }
  });
});

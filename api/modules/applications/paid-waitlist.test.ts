/**
 * A paid event's waitlist: joining the line costs nothing; a freed place is offered to the first in line,
 * held for the form's offer hours while they pay; paying makes it theirs, and an offer that lapses passes
 * to the next. Places offered at once go to exactly as many people, in line order.
 */
import { and, eq, isNotNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { eventBillings, payments } from "#api/db/billing-schema.ts";
import { eventApplications, eventForms } from "#api/db/events-schema.ts";
import { notifications } from "#api/db/realtime-schema.ts";
import { ownerWithForm, sendApplication } from "#api/testing/application-fixtures.ts";
import { createBilling, paidThroughSandbox, takenBySandbox } from "#api/testing/billing-fixtures.ts";
import { createEventForm, ownerWithCollection, validEventFormFields } from "#api/testing/event-fixtures.ts";
import { registered } from "#api/testing/fixtures.ts";
import type { TestApi, TestClient } from "#api/testing/harness.ts";
import { createRecordingTestApi } from "#api/testing/recording-broadcaster.ts";
import { BroadcastQueue } from "#api/realtime/broadcaster.ts";
import { EVENT_FILLED, JOIN_THE_LINE, RECORDED_FOR_REFUND } from "../billing/messages.ts";
import { passLapsedOffers } from "./waitlist.ts";

let t: TestApi;
beforeAll(async () => {
  ({ t } = await createRecordingTestApi());
});
afterAll(() => t.close());

const PAID = { typeOfEvent: "paid" as const, paidEventInformation: { price: "30.00", currency: "USD", includes: null } };
const siteForm = (client: TestClient, formId: number) => client.get(`/api/v1/site/event_forms/${formId}`);
const cancel = (client: TestClient, id: number) => client.put(`/api/v1/admin/event_applications/${id}/cancel_apply`, {});
const row = async (id: number) => (await t.database.db.select().from(eventApplications).where(eq(eventApplications.id, id)))[0];
const titlesOf = async (userId: number) =>
  (await t.database.db.select({ title: notifications.title }).from(notifications).where(eq(notifications.userId, userId))).map(
    (n) => n.title,
  );

/** Someone who applies: paying first when the event still has room, joining the line (unpaid) when it is full. */
async function applicant(formId: number, name: string, pay: boolean) {
  const person = await registered(t, name);
  if (pay) {
    const { payment_url } = await createBilling(person.client, formId);
    await paidThroughSandbox(t, person.client, payment_url!);
  }
  const sent = await sendApplication(person.client, formId, { full_name: name, email: person.email });
  expect(sent.status, JSON.stringify(sent.body)).toBe(201);
  return { ...person, applicationId: sent.body.event_application.id as number, status: sent.body.event_application.status as string };
}

/**
 * A full paid event (one place) whose place was offered to the first in line, who opened a checkout while
 * the offer was live; the offer has lapsed since, with the next one still waiting.
 */
async function offerLapsedAtTheCheckout() {
  const { owner, form } = await ownerWithForm(t, { ...PAID, capacity: 1, waitlistEnabled: true });
  const holder = await applicant(form.id, "Lola Holder", true);
  const late = await applicant(form.id, "Tunde Late", false);
  const next = await applicant(form.id, "Ngozi Next", false);
  await cancel(holder.client, holder.applicationId);
  const { event_billing, payment_url } = await createBilling(late.client, form.id);
  await t.database.db
    .update(eventApplications)
    .set({ offerExpiresAt: new Date(Date.now() - 1_000) })
    .where(eq(eventApplications.id, late.applicationId));
  return { owner, form, late, next, event_billing, payment_url };
}

describe("a paid event's waitlist", () => {
  it("joins unpaid, offers a freed place to pay for, gives it once paid, and passes a lapsed offer on", async () => {
    const { form } = await ownerWithForm(t, { ...PAID, capacity: 1, waitlistEnabled: true, waitlistOfferHours: 2 });
    const holder = await applicant(form.id, "Hana Holder", true);
    const first = await applicant(form.id, "Femi First", false);
    const second = await applicant(form.id, "Sade Second", false);
    expect([holder.status, first.status, second.status]).toEqual(["pending", "waitlisted", "waitlisted"]);
    // Nobody may buy a place of a full event past the line.
    const jumper = await registered(t, "Jo Jumper");
    const refused = await jumper.client.post("/api/v1/admin/event_billings", {
      event_form_id: form.id,
      name: "Jo Jumper",
      email: jumper.email,
      phone: "+234 801 234 5678",
      address: "1 Marina Road",
      country: "Nigeria",
      city: "Lagos",
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.event_form_id).toEqual([JOIN_THE_LINE]);

    // The holder withdraws: the place is offered to the first in line, held for two hours.
    expect((await cancel(holder.client, holder.applicationId)).status).toBe(200);
    const offered = await row(first.applicationId);
    expect(offered.status).toBe("waitlisted");
    const hours = (offered.offerExpiresAt!.getTime() - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(1.9);
    expect(hours).toBeLessThanOrEqual(2);
    const firstView = (await siteForm(first.client, form.id)).body;
    expect(firstView.my_offer_expires_at).toBe(offered.offerExpiresAt!.toISOString());
    expect(firstView.places_left).toBe(0);
    expect((await siteForm(second.client, form.id)).body).toMatchObject({ my_offer_expires_at: null, my_waitlist_position: 2 });
    expect((await titlesOf(first.id)).some((title) => title.startsWith("Your application to Demo day is offered a place: pay by "))).toBe(
      true,
    );

    // Paying makes the place theirs, with a ticket.
    const { payment_url } = await createBilling(first.client, form.id);
    await paidThroughSandbox(t, first.client, payment_url!);
    const taken = await row(first.applicationId);
    expect(taken).toMatchObject({ status: "pending", offerExpiresAt: null });
    expect(taken.ticketCode).not.toBeNull();
    expect(await titlesOf(first.id)).toContain("Your application to Demo day is in: a place opened for you");

    // They withdraw too: the next one is offered the place, and lets the offer lapse.
    await cancel(first.client, first.applicationId);
    expect((await row(second.applicationId)).offerExpiresAt).not.toBeNull();
    await t.database.db
      .update(eventApplications)
      .set({ offerExpiresAt: new Date(Date.now() - 1_000) })
      .where(eq(eventApplications.id, second.applicationId));
    // Lapsed, the place is no longer held, even before the sweep runs.
    expect((await siteForm(jumper.client, form.id)).body.places_left).toBe(1);
    // Every serving process sweeps: three sweeps at once pass the lapsed offer on once.
    const sweeps = await Promise.all([1, 2, 3].map(() => passLapsedOffers(t.database.db, new BroadcastQueue())));
    expect(sweeps.reduce((sum, n) => sum + n, 0)).toBe(1);
    expect(await row(second.applicationId)).toMatchObject({ status: "cancelled", offerExpiresAt: null });
    expect(await titlesOf(second.id)).toContain(
      "Your application to Demo day is off the waitlist: the place offered to you was not paid for in time",
    );
    expect(await passLapsedOffers(t.database.db, new BroadcastQueue())).toBe(0);
  });

  it("a payment that comes in after the offer lapsed buys nothing: refused, kept for a refund, the place stays with the next one", async () => {
    const { form, late, next, event_billing, payment_url } = await offerLapsedAtTheCheckout();
    expect(await passLapsedOffers(t.database.db, new BroadcastQueue())).toBe(1);
    expect((await row(next.applicationId)).offerExpiresAt).not.toBeNull();

    const id = await takenBySandbox(t, late.client, payment_url!);
    const verified = await late.client.post("/api/v1/admin/event_billings/verify_payment", { connect_pay_id: id });
    expect(verified.body).toMatchObject({ payment_status: "Failed", message: `${EVENT_FILLED} ${RECORDED_FOR_REFUND}` });

    const [billing] = await t.database.db.select().from(eventBillings).where(eq(eventBillings.id, event_billing.id));
    expect(billing.paymentStatus).not.toBe("Successful");
    const kept = await t.database.db.select().from(payments).where(eq(payments.eventBillingId, event_billing.id));
    expect(kept.map((p) => p.refusedReason)).toEqual([EVENT_FILLED]);
    expect(await row(late.applicationId)).toMatchObject({ status: "cancelled", ticketCode: null });
    expect((await row(next.applicationId)).status).toBe("waitlisted");
    expect((await siteForm(next.client, form.id)).body.my_offer_expires_at).not.toBeNull();
  });

  it("the late payment and the sweeps at the same moment: the offer passes on once and the payment buys nothing", async () => {
    const { late, next, event_billing, payment_url } = await offerLapsedAtTheCheckout();
    const id = await takenBySandbox(t, late.client, payment_url!);
    const verify = () => late.client.post("/api/v1/admin/event_billings/verify_payment", { connect_pay_id: id });
    const sweep = () => passLapsedOffers(t.database.db, new BroadcastQueue());
    const [firstSweep, firstVerify, secondSweep, secondVerify] = await Promise.all([sweep(), verify(), sweep(), verify()]);
    expect(firstSweep + secondSweep).toBe(1);
    for (const answer of [firstVerify, secondVerify]) expect(answer.body.payment_status).toBe("Failed");
    const kept = await t.database.db.select().from(payments).where(eq(payments.eventBillingId, event_billing.id));
    expect(kept.map((p) => p.refusedReason)).toEqual([EVENT_FILLED]);
    expect(await row(late.applicationId)).toMatchObject({ status: "cancelled", ticketCode: null });
    expect((await row(next.applicationId)).offerExpiresAt).not.toBeNull();
  });

  it("five places freed at once with eight waiting: exactly the first five are offered one, none twice", async () => {
    const { owner, form } = await ownerWithForm(t, { ...PAID, capacity: 5, waitlistEnabled: true });
    const holders = [];
    for (let i = 0; i < 5; i++) holders.push(await applicant(form.id, `Holder ${i}`, true));
    const waiting = [];
    for (let i = 0; i < 8; i++) waiting.push(await applicant(form.id, `Waiting ${i}`, false));
    const answers = await Promise.all(
      holders.map((h) => owner.client.put(`/api/v1/admin/event_applications/${h.applicationId}/status`, { status: "rejected" })),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    const offers = await t.database.db
      .select({ id: eventApplications.id })
      .from(eventApplications)
      .where(and(eq(eventApplications.eventFormId, form.id), isNotNull(eventApplications.offerExpiresAt)));
    expect(offers.map((o) => o.id).sort((a, b) => a - b)).toEqual(waiting.slice(0, 5).map((w) => w.applicationId));
    for (const w of waiting.slice(0, 5)) {
      const told = (await titlesOf(w.id)).filter((title) => title.includes("offered a place"));
      expect(told, w.email).toHaveLength(1);
    }
    expect((await siteForm(owner.client, form.id)).body.places_left).toBe(0);
  });

  it("takes the hours to pay per form: 24 unless set, from 1 to 168", async () => {
    const owner = await ownerWithCollection(t);
    expect((await createEventForm(owner.client, owner.collection.id)).waitlist_offer_hours).toBe(24);
    expect((await createEventForm(owner.client, owner.collection.id, { waitlist_offer_hours: "48" })).waitlist_offer_hours).toBe(48);
    const refused = await owner.client.post(
      "/api/v1/admin/event_forms",
      validEventFormFields(owner.collection.id, { waitlist_offer_hours: "0" }),
    );
    expect(refused.status).toBe(422);
    expect(refused.body.errors.waitlist_offer_hours).toEqual(["The hours to pay must be a whole number from 1 to 168."]);
  });
});

if (process.env.TEST_DATABASE_URL)
  describe("a refund and a change of the same billing at the same moment, on PostgreSQL", () => {
    /** Sessions of this test's database that wait for a row another transaction holds. */
    const waitingForLocks = async () => {
      const answer = await t.database.db.execute(
        sql`select count(*)::int as waiting from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
      );
      return (answer as unknown as { rows: { waiting: number }[] }).rows[0].waiting;
    };

    it("both finish: the refund of the unapplied payment and the owner marking the billing paid queue, never deadlock", async () => {
      const { owner, form, late, event_billing, payment_url } = await offerLapsedAtTheCheckout();
      expect(await passLapsedOffers(t.database.db, new BroadcastQueue())).toBe(1);
      const payId = await takenBySandbox(t, late.client, payment_url!);
      await late.client.post("/api/v1/admin/event_billings/verify_payment", { connect_pay_id: payId });
      const [payment] = await t.database.db.select().from(payments).where(eq(payments.providerPaymentId, payId));

      // Someone else holds the form (an application, say) while both arrive; each then waits its turn.
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      let formHeld = () => {};
      const holding = new Promise<void>((resolve) => (formHeld = resolve));
      const holder = t.database.db.transaction(async (tx) => {
        await tx.select().from(eventForms).where(eq(eventForms.id, form.id)).for("update");
        formHeld();
        await held;
      });
      await holding;
      const billingUrl = `/api/v1/admin/event_billings/${event_billing.id}`;
      const refund = owner.client.post(`${billingUrl}/refund`, { payment_id: payment.id, reason: "The event filled up" });
      await vi.waitFor(async () => expect(await waitingForLocks()).toBe(1), { timeout: 5_000 });
      const marked = owner.client.put(`${billingUrl}/change_status`, { status: "Successful" });
      await vi.waitFor(async () => expect(await waitingForLocks()).toBe(2), { timeout: 5_000 });
      release();
      await holder;

      const [refunded, changed] = await Promise.all([refund, marked]);
      expect([refunded.status, changed.status]).toEqual([201, 200]);
      expect(refunded.body.refund.status).toBe("succeeded");
      expect(changed.body.event_billing.payment_status).toBe("Successful");
    });
  });

import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notifications } from "#api/db/realtime-schema.ts";
import { organizationMembers } from "#api/db/organization-schema.ts";
import { joinOrganization } from "#api/testing/callers.ts";
import type { OrganizationRole } from "#schemas/organization-roles.ts";
import { ownerWithForm, sendApplication } from "#api/testing/application-fixtures.ts";
import { createBilling, paidEventForm, payer, takenBySandbox } from "#api/testing/billing-fixtures.ts";
import { registered } from "#api/testing/fixtures.ts";
import type { TestApi, TestClient } from "#api/testing/harness.ts";
import { coFounderWith, startupOwner } from "#api/testing/co-founder-fixtures.ts";
import { userChannel } from "#schemas/realtime.ts";
import { createRecordingTestApi, failCommitsWriting, type RecordingBroadcaster } from "#api/testing/recording-broadcaster.ts";

let t: TestApi;
let broadcaster: RecordingBroadcaster;
beforeAll(async () => {
  ({ t, broadcaster } = await createRecordingTestApi());
});
afterAll(() => t.close());

const notificationsOf = (userId: number) => t.database.db.select().from(notifications).where(eq(notifications.userId, userId));

/** Runs `act` while every transaction writing `table` fails at commit; expects it refused, with nothing left behind. */
async function failingOn(table: string, act: () => Promise<{ status: number }>, recipients: number[]) {
  const undo = await failCommitsWriting(t, table);
  broadcaster.clear();
  try {
    expect((await act()).status).toBe(500);
  } finally {
    await undo();
  }
  for (const id of recipients) expect(await notificationsOf(id)).toEqual([]);
  expect(broadcaster.take()).toEqual([]);
}

describe("co-founder invitations", () => {
  const BASE = "/api/v1/admin/co_founder_invitations";

  it("the invited person hears of it, the startup hears the answer", async () => {
    const startup = await startupOwner(t);
    const person = await coFounderWith(t, { name: "Grace" });
    broadcaster.clear();
    const sent = await startup.client.post(BASE, { co_founder_id: person.profile.id, message: "Join us" });
    expect(sent.status).toBe(201);
    expect(await notificationsOf(person.id)).toMatchObject([
      {
        type: "invitation_received",
        title: `${startup.startup.name} invited you to join their team`,
        body: "Join us",
        url: "/co-founder-invitations?box=received",
      },
    ]);
    expect(broadcaster.take("App.Events.NotificationCreated").map((m) => m.channels)).toEqual([[userChannel(person.id)]]);

    const accepted = await person.client.post(`${BASE}/${sent.body.invitation.id}/accept`, { response_message: "Gladly" });
    expect(accepted.status).toBe(200);
    expect(await notificationsOf(startup.id)).toMatchObject([
      { type: "invitation_accepted", title: "Grace accepted your invitation", body: "Gladly", url: "/co-founder-invitations?box=sent" },
    ]);

    const other = await startupOwner(t);
    const second = await other.client.post(BASE, { co_founder_id: person.profile.id });
    await person.client.post(`${BASE}/${second.body.invitation.id}/decline`, {});
    expect(await notificationsOf(other.id)).toMatchObject([{ type: "invitation_declined", title: "Grace declined your invitation" }]);
  });

  it("an invitation or an answer that fails at commit notifies nobody", async () => {
    const startup = await startupOwner(t);
    const person = await coFounderWith(t);
    await failingOn("co_founder_invitations", () => startup.client.post(BASE, { co_founder_id: person.profile.id }), [person.id]);
    const sent = await startup.client.post(BASE, { co_founder_id: person.profile.id });
    await forget(person.id);
    await failingOn("team_members", () => person.client.post(`${BASE}/${sent.body.invitation.id}/accept`, {}), [startup.id]);
  });
});

/** Deletes the user's notifications and what was published, so a test can look at what comes next. */
async function forget(userId: number) {
  await t.database.db.delete(notifications).where(eq(notifications.userId, userId));
  broadcaster.clear();
}

describe("applications", () => {
  it("tells the members who may read the form's responses, within the forms they are limited to, and nobody else", async () => {
    const { owner, form } = await ownerWithForm(t);
    const organizationId = owner.startup.id;
    const member = async (role: OrganizationRole, eventFormIds: number[] | null = null) => {
      const account = await registered(t, `A ${role}`);
      await joinOrganization(t, account.id, organizationId, role);
      if (eventFormIds)
        await t.database.db.update(organizationMembers).set({ eventFormIds }).where(eq(organizationMembers.userId, account.id));
      return account.id;
    };
    const told = [await member("admin"), await member("reviewer"), await member("reviewer", [form.id])];
    const untold = [await member("door"), await member("finance"), await member("reviewer", [form.id + 100_000])];
    const applicant = await registered(t, "Applicant");
    expect((await sendApplication(applicant.client, form.id, { full_name: "Ann Applicant", email: "ann@example.com" })).status).toBe(201);
    for (const id of [owner.id, ...told]) expect(await notificationsOf(id), `user ${id}`).toMatchObject([{ type: "application_received" }]);
    for (const id of untold) expect(await notificationsOf(id), `user ${id}`).toEqual([]);
  });

  it("a submission notifies the form's owners and reaches the form's channel; a draft does not", async () => {
    const { owner, form } = await ownerWithForm(t);
    const applicant = await registered(t, "Applicant");
    broadcaster.clear();
    await sendApplication(applicant.client, form.id, { full_name: "Ann Applicant" }, "draft");
    expect(await notificationsOf(owner.id)).toEqual([]);
    const res = await sendApplication(applicant.client, form.id, { full_name: "Ann Applicant", email: "ann@example.com" });
    expect(res.status).toBe(200);
    const id = res.body.event_application.id;
    expect(await notificationsOf(owner.id)).toMatchObject([
      {
        type: "application_received",
        title: "New application to Demo day",
        body: "Ann Applicant applied.",
        url: `/event-responses/${form.id}/form/${id}`,
      },
    ]);
    expect(broadcaster.take("App.Events.ApplicationSubmitted")).toEqual([
      {
        channels: [`private-event-form.${form.id}`],
        event: "App.Events.ApplicationSubmitted",
        data: {
          application: { id, event_form_id: form.id, status: "pending", submitted_at: expect.any(String) },
        },
      },
    ]);

    const review = await owner.client.put(`/api/v1/admin/event_applications/${id}/status`, { status: "accepted" });
    expect(review.status).toBe(200);
    expect(await notificationsOf(applicant.id)).toMatchObject([
      { type: "review_status_changed", title: "Your application to Demo day is accepted", url: "/event-applications" },
    ]);
    // The same status again is no change.
    await owner.client.put(`/api/v1/admin/event_applications/${id}/status`, { status: "accepted" });
    expect(await notificationsOf(applicant.id)).toHaveLength(1);
  });

  it("a submission or a review that fails at commit notifies nobody", async () => {
    const { owner, form } = await ownerWithForm(t);
    const applicant = await registered(t);
    const answers = { full_name: "Ann", email: "ann@example.com" };
    await failingOn("event_applications", () => sendApplication(applicant.client, form.id, answers), [owner.id]);
    const res = await sendApplication(applicant.client, form.id, answers);
    expect(res.status).toBe(201);
    await failingOn(
      "event_applications",
      () => owner.client.put(`/api/v1/admin/event_applications/${res.body.event_application.id}/status`, { status: "rejected" }),
      [applicant.id],
    );
  });
});

describe("payments", () => {
  /** Pays the billing through the sandbox checkout and the return page's verify call. */
  async function pay(client: TestClient, paymentUrl: string, connectPayId: string) {
    await takenBySandbox(t, client, paymentUrl);
    return client.post("/api/v1/admin/event_billings/verify_payment", { connect_pay_id: connectPayId });
  }

  it("a payment notifies the payer and the owners, and its status reaches both channels", async () => {
    const { owner, form } = await paidEventForm(t);
    const p = await payer(t, "Pat Payer");
    const { event_billing, payment_url } = await createBilling(p.client, form.id);
    broadcaster.clear();
    const verified = await pay(p.client, payment_url!, event_billing.connect_pay_id!);
    expect(verified.body.payment_status).toBe("Successful");
    const data = { billing_id: event_billing.id, event_form_id: form.id, payment_status: "Successful" };
    expect(broadcaster.take("App.Events.PaymentStatusChanged")).toEqual([
      { channels: [userChannel(p.id), `private-event-form.${form.id}`], event: "App.Events.PaymentStatusChanged", data },
    ]);
    expect(await notificationsOf(p.id)).toMatchObject([
      {
        type: "payment_status_changed",
        title: "Your payment for Paid summit was successful",
        url: `/form-submission?form_id=${form.id}`,
        data,
      },
    ]);
    const ownerId = (await owner.client.get("/api/user")).body.id;
    expect(await notificationsOf(ownerId)).toMatchObject([
      {
        type: "payment_status_changed",
        title: "Pat Payer's payment for Paid summit is now Successful",
        url: `/event-forms/payments/${form.id}`,
      },
    ]);

    // The owner refunds it: the payer hears, the owner (who did it) gets nothing more.
    const refund = await owner.client.put(`/api/v1/admin/event_billings/${event_billing.id}/change_status`, { status: "Refunded" });
    expect(refund.status).toBe(200);
    expect((await notificationsOf(p.id)).map((n) => n.title)).toContain("Your payment for Paid summit was refunded");
    expect(await notificationsOf(ownerId)).toHaveLength(1);
    expect(broadcaster.take("App.Events.PaymentStatusChanged").map((m) => m.data.payment_status)).toEqual(["Refunded"]);
  });

  it("a status change or a payment that fails at commit notifies nobody", async () => {
    const { owner, form } = await paidEventForm(t);
    const p = await payer(t);
    const { event_billing, payment_url } = await createBilling(p.client, form.id);
    const ownerId = (await owner.client.get("/api/user")).body.id;
    await failingOn(
      "billing_status_changes",
      () => owner.client.put(`/api/v1/admin/event_billings/${event_billing.id}/change_status`, { status: "Cancelled" }),
      [p.id, ownerId],
    );
    await failingOn("payments", () => pay(p.client, payment_url!, event_billing.connect_pay_id!), [p.id, ownerId]);
  });
});

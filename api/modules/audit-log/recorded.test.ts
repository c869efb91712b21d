/**
 * Every change an organization makes is in its audit log, with who made it, what it was about and what
 * changed; a change that is refused, or whose transaction fails, leaves no entry.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { couponCodes } from "#api/db/billing-schema.ts";
import { auditLog, newest } from "#api/testing/audit-fixtures.ts";
import { ownerWithForm, sendApplication } from "#api/testing/application-fixtures.ts";
import { createBilling, createCoupon, paidThroughSandbox } from "#api/testing/billing-fixtures.ts";
import {
  createEventForm,
  insertApplication,
  ownerWithCollection,
  publishedEventForm,
  validEventFormFields,
} from "#api/testing/event-fixtures.ts";
import { registered } from "#api/testing/fixtures.ts";
import { createTestApi, type TestApi } from "#api/testing/harness.ts";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

const FORMS = "/api/v1/admin/event_forms";

describe("event forms", () => {
  it("records a form's creation, its edited fields before and after, publishing, closing, going back to draft and deletion", async () => {
    const owner = await ownerWithCollection(t);
    const actor = { id: owner.id, name: "Event Owner" };
    const created = await owner.client.post(FORMS, validEventFormFields(owner.collection.id));
    expect(created.status).toBe(201);
    const form = created.body.event_form;
    expect(await newest(owner.client, "event_form.created")).toMatchObject({
      actor,
      subject: { type: "event_form", id: form.id, label: "Founders meetup" },
      changes: {},
    });

    // The questions are sent back with their ids, as the editor does: only what was edited changes.
    const edited = await owner.client.put(`${FORMS}/${form.id}`, {
      ...validEventFormFields(owner.collection.id, { title: "Founders night", capacity: 80, starts_at: "2035-06-01T19:00" }),
      custom_questions: form.custom_questions,
    });
    expect(edited.status).toBe(200);
    const update = await newest(owner.client, "event_form.updated");
    expect(update).toMatchObject({ actor, subject: { type: "event_form", id: form.id, label: "Founders night" } });
    expect(update.changes).toEqual({
      title: { from: "Founders meetup", to: "Founders night" },
      capacity: { from: 120, to: 80 },
      // Lagos is an hour ahead of UTC.
      starts_at: { from: "2035-06-01T17:00:00.000Z", to: "2035-06-01T18:00:00.000Z" },
    });

    const status = (to: string) => owner.client.put(`/api/v1/admin/event_form_statuses/${form.id}`, { status: to });
    expect((await status("published")).status).toBe(200);
    expect(await newest(owner.client, "event_form.published")).toMatchObject({
      actor,
      changes: { status: { from: "draft", to: "published" } },
    });
    const before = (await auditLog(owner.client)).meta.total;
    // The same status again is no change.
    expect((await status("published")).status).toBe(200);
    expect((await auditLog(owner.client)).meta.total).toBe(before);
    expect((await status("closed")).status).toBe(200);
    expect(await newest(owner.client, "event_form.closed")).toMatchObject({ changes: { status: { from: "published", to: "closed" } } });
    expect((await status("draft")).status).toBe(200);
    expect(await newest(owner.client, "event_form.updated")).toMatchObject({ changes: { status: { from: "closed", to: "draft" } } });

    expect((await owner.client.delete(`${FORMS}/${form.id}`)).status).toBe(200);
    expect(await newest(owner.client, "event_form.deleted")).toMatchObject({
      actor,
      subject: { type: "event_form", id: form.id, label: "Founders night" },
    });
    // Every entry is the form's, newest first.
    const ofForm = await auditLog(owner.client, `event_form_id=${form.id}`);
    expect(ofForm.data.map((e) => e.kind)).toEqual([
      "event_form.deleted",
      "event_form.updated",
      "event_form.closed",
      "event_form.published",
      "event_form.updated",
      "event_form.created",
    ]);
  });

  it("records nothing for a refused edit, nor for a delete its transaction refuses", async () => {
    const owner = await ownerWithCollection(t);
    const form = await publishedEventForm(owner.client, owner.collection.id);
    const before = (await auditLog(owner.client)).meta.total;
    const invalid = await owner.client.put(`${FORMS}/${form.id}`, validEventFormFields(owner.collection.id, { title: "" }));
    expect(invalid.status).toBe(422);
    // Refused inside the delete's transaction, after the form was locked: someone has applied.
    await insertApplication(t, form.id, "pending");
    const refused = await owner.client.delete(`${FORMS}/${form.id}`);
    expect(refused.status).toBe(422);
    expect((await auditLog(owner.client)).meta.total).toBe(before);
  });
});

describe("collections", () => {
  it("records a collection created, renamed and deleted, and nothing for a name already taken", async () => {
    const owner = await ownerWithCollection(t, "Season one");
    const created = await owner.client.post("/api/v1/admin/collections", { name: "Season two" });
    const id = created.body.collection.id;
    expect(await newest(owner.client, "collection.created")).toMatchObject({
      actor: { id: owner.id, name: "Event Owner" },
      subject: { type: "collection", id, label: "Season two" },
    });
    const before = (await auditLog(owner.client)).meta.total;
    expect((await owner.client.put(`/api/v1/admin/collections/${id}`, { name: "season ONE" })).status).toBe(422);
    expect((await auditLog(owner.client)).meta.total).toBe(before);

    expect((await owner.client.put(`/api/v1/admin/collections/${id}`, { name: "Season three" })).status).toBe(200);
    expect(await newest(owner.client, "collection.updated")).toMatchObject({
      subject: { id, label: "Season three" },
      changes: { name: { from: "Season two", to: "Season three" } },
    });
    expect((await owner.client.delete(`/api/v1/admin/collections/${id}`)).status).toBe(200);
    expect(await newest(owner.client, "collection.deleted")).toMatchObject({ subject: { type: "collection", id, label: "Season three" } });
  });

  it("records the forms a deleted collection moves to another, and those it deletes with it", async () => {
    const owner = await ownerWithCollection(t);
    const target = (await owner.client.post("/api/v1/admin/collections", { name: "Kept" })).body.collection;
    const moved = await createEventForm(owner.client, owner.collection.id, { title: "Moved" });
    const moving = `/api/v1/admin/collections/${owner.collection.id}?forms_action=move&target_collection_id=${target.id}`;
    expect((await owner.client.delete(moving)).status).toBe(200);
    expect(await newest(owner.client, "event_form.updated")).toMatchObject({
      subject: { type: "event_form", id: moved.id, label: "Moved" },
      changes: { collection_id: { from: owner.collection.id, to: target.id } },
    });

    const gone = await createEventForm(owner.client, target.id, { title: "Gone" });
    expect((await owner.client.delete(`/api/v1/admin/collections/${target.id}?forms_action=delete`)).status).toBe(200);
    const kinds = (await auditLog(owner.client, "per_page=3")).data.map((e) => [e.kind, e.subject.label]);
    expect(kinds).toEqual([
      ["collection.deleted", "Kept"],
      ["event_form.deleted", "Gone"],
      ["event_form.deleted", "Moved"],
    ]);
    expect(gone.id).toBeGreaterThan(moved.id);
  });
});

describe("applications", () => {
  it("records a review status change with the applicant's name, and nothing when the status stays", async () => {
    const owner = await ownerWithCollection(t);
    const form = await publishedEventForm(owner.client, owner.collection.id);
    const application = await insertApplication(t, form.id, "pending");
    const review = (status: string) => owner.client.put(`/api/v1/admin/event_applications/${application.id}/status`, { status });
    expect((await review("accepted")).status).toBe(200);
    expect(await newest(owner.client, "application.status_changed")).toMatchObject({
      actor: { id: owner.id, name: "Event Owner" },
      subject: { type: "application", id: application.id, label: "Applicant" },
      changes: { status: { from: "pending", to: "accepted" } },
    });
    const before = (await auditLog(owner.client)).meta.total;
    expect((await review("accepted")).status).toBe(200);
    expect((await auditLog(owner.client)).meta.total).toBe(before);
    expect((await auditLog(owner.client, `event_form_id=${form.id}&kind=application.status_changed`)).data).toHaveLength(1);
  });
});

describe("billing", () => {
  it("records a refund's amount and currency, and a status changed by hand", async () => {
    const paid = { typeOfEvent: "paid" as const, paidEventInformation: { price: "50.00", currency: "USD", includes: null } };
    const { owner, form } = await ownerWithForm(t, paid);
    const payer = await registered(t, "Refund Payer");
    const { event_billing, payment_url } = await createBilling(payer.client, form.id);
    await paidThroughSandbox(t, payer.client, payment_url!);
    expect((await sendApplication(payer.client, form.id, { full_name: "Refund Payer", email: "payer@example.com" })).status).toBe(201);

    const BASE = `/api/v1/admin/event_billings/${event_billing.id}`;
    const refunded = await owner.client.post(`${BASE}/refund`, { amount: "20", reason: "Missed a day", idempotency_key: "audit-1" });
    expect(refunded.status).toBe(201);
    expect(await newest(owner.client, "billing.refunded")).toMatchObject({
      actor: { id: owner.id, name: "Owner" },
      subject: { type: "billing", id: event_billing.id, label: "Ada Lovelace" },
      changes: { amount: { from: null, to: "20.00" }, currency: { from: null, to: "USD" } },
    });
    // Too much is refused before anything is asked of the provider.
    const before = (await auditLog(owner.client)).meta.total;
    expect((await owner.client.post(`${BASE}/refund`, { amount: "31", reason: "Too much", idempotency_key: "audit-2" })).status).toBe(422);
    expect((await auditLog(owner.client)).meta.total).toBe(before);

    expect((await owner.client.put(`${BASE}/change_status`, { status: "Cancelled" })).status).toBe(200);
    expect(await newest(owner.client, "billing.status_changed")).toMatchObject({
      subject: { type: "billing", id: event_billing.id, label: "Ada Lovelace" },
      changes: { payment_status: { from: "Partially refunded", to: "Cancelled" } },
    });
    const entries = (await auditLog(owner.client, `event_form_id=${form.id}`)).data;
    expect(entries.map((e) => e.kind)).toEqual(["billing.status_changed", "billing.refunded", "billing.status_changed"]);
    // The payment itself was the provider's doing, recorded as nobody's.
    expect(entries[2]).toMatchObject({
      actor: { id: null, name: null },
      changes: { payment_status: { from: "Pending", to: "Successful" } },
    });
  });
});

describe("coupons", () => {
  it("records a coupon created, edited, switched off and deleted; a refused edit records nothing", async () => {
    const owner = await ownerWithCollection(t);
    const coupon = await createCoupon(owner.client, { value: 10 });
    expect(await newest(owner.client, "coupon.created")).toMatchObject({
      actor: { id: owner.id, name: "Event Owner" },
      subject: { type: "coupon", id: coupon.id, label: coupon.code },
    });
    const url = `/api/v1/admin/coupon_codes/${coupon.id}`;
    const edit = (fields: Record<string, unknown>) =>
      owner.client.put(url, { code: coupon.code, discount_type: "percentage", value: 10, ...fields });
    expect((await edit({ value: 20, max_uses: 5 })).status).toBe(200);
    const edited = await newest(owner.client, "coupon.updated");
    expect(Object.keys(edited.changes).sort()).toEqual(["max_uses", "value"]);
    expect(edited.changes.max_uses).toEqual({ from: null, to: 5 });
    expect(Number(edited.changes.value.to)).toBe(20);

    expect((await owner.client.put(`${url}/status`, { is_active: false })).status).toBe(200);
    expect(await newest(owner.client, "coupon.updated")).toMatchObject({ changes: { is_active: { from: true, to: false } } });

    // A used coupon's discount is refused inside the edit's transaction.
    await t.database.db.update(couponCodes).set({ usesCount: 1 }).where(eq(couponCodes.id, coupon.id));
    const before = (await auditLog(owner.client)).meta.total;
    expect((await edit({ value: 30, max_uses: 5, is_active: false })).status).toBe(422);
    expect((await auditLog(owner.client)).meta.total).toBe(before);

    await t.database.db.update(couponCodes).set({ usesCount: 0 }).where(eq(couponCodes.id, coupon.id));
    expect((await owner.client.delete(url)).status).toBe(200);
    expect(await newest(owner.client, "coupon.deleted")).toMatchObject({ subject: { type: "coupon", id: coupon.id, label: coupon.code } });
  });

  it("keeps no change whose entry could not be written: the two stand or fall together", async () => {
    const owner = await ownerWithCollection(t);
    const organizationId = owner.startup.id as number;
    // The record refuses this organization's entries for a moment: the change must go with its entry.
    await t.database.db.execute(
      sql.raw(`create function refuse_entry() returns trigger language plpgsql as
      $$ begin raise exception 'no entry'; end $$`),
    );
    await t.database.db.execute(
      sql.raw(`create trigger refuse_entry before insert on activities for each row
        when (new.organization_id = ${organizationId}) execute function refuse_entry()`),
    );
    try {
      const res = await owner.client.post("/api/v1/admin/coupon_codes", { code: "NEVER-KEPT", discount_type: "percentage", value: 10 });
      expect(res.status).toBe(500);
    } finally {
      await t.database.db.execute(sql.raw("drop trigger refuse_entry on activities"));
      await t.database.db.execute(sql.raw("drop function refuse_entry()"));
    }
    const kept = await t.database.db.select().from(couponCodes).where(eq(couponCodes.startupId, organizationId));
    expect(kept).toEqual([]);
  });
});

describe("announcements", () => {
  it("records an announcement sent, by its subject", async () => {
    const owner = await ownerWithCollection(t);
    const form = await publishedEventForm(owner.client, owner.collection.id);
    await insertApplication(t, form.id, "accepted");
    const sent = await owner.client.post(`${FORMS}/${form.id}/announcements`, {
      audience: "confirmed",
      subject: "Doors at six",
      message: "See you there.",
    });
    expect(sent.status).toBe(201);
    expect(await newest(owner.client, "announcement.sent")).toMatchObject({
      actor: { id: owner.id, name: "Event Owner" },
      subject: { type: "announcement", id: sent.body.announcement.id, label: "Doors at six" },
      changes: { audience: { from: null, to: "confirmed" }, recipients: { from: null, to: 1 } },
    });
  });
});

import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventApplications } from "#api/db/events-schema.ts";
import { eventBillings } from "#api/db/billing-schema.ts";
import { ownerWithForm, sendApplication } from "#api/testing/application-fixtures.ts";
import { billingFields, createBilling, paidThroughSandbox } from "#api/testing/billing-fixtures.ts";
import { registered } from "#api/testing/fixtures.ts";
import { createTestApi, type TestApi, type TestClient } from "#api/testing/harness.ts";
import { PAY_FIRST } from "./messages.ts";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

const VALID = { full_name: "Ada Lovelace", email: "ada@example.com" };
const PAID = { typeOfEvent: "paid" as const, paidEventInformation: { price: "25.00", currency: "USD", includes: null } };
const site = (client: TestClient, formId: number) => client.get(`/api/v1/site/event_forms/${formId}`);
const paySandbox = (client: TestClient, paymentUrl: string) => paidThroughSandbox(t, client, paymentUrl);

describe("paid forms: the site answer shows the caller's billing", () => {
  it("is null before a billing, then the caller's own billing as it changes; never someone else's", async () => {
    const { form } = await ownerWithForm(t, PAID);
    const applicant = await registered(t, "Applicant");
    const other = await registered(t, "Other");
    expect((await site(applicant.client, form.id)).body).toMatchObject({ can_apply: true, my_billing: null });

    const { event_billing, payment_url } = await createBilling(applicant.client, form.id);
    expect((await site(applicant.client, form.id)).body.my_billing).toEqual({
      id: event_billing.id,
      payment_status: "Pending",
      total: "25.00",
      currency: "USD",
      payment_url,
    });
    expect((await site(other.client, form.id)).body.my_billing).toBeNull();

    await paySandbox(applicant.client, payment_url!);
    expect((await site(applicant.client, form.id)).body.my_billing).toEqual({
      id: event_billing.id,
      payment_status: "Successful",
      total: "25.00",
      currency: "USD",
      payment_url: null,
    });
  });

  it("is null for a free form", async () => {
    const { form } = await ownerWithForm(t);
    const applicant = await registered(t, "Applicant");
    const res = await site(applicant.client, form.id);
    expect(res.status).toBe(200);
    expect(res.body.my_billing).toBeNull();
  });
});

describe("paid forms: applying needs a Successful billing", () => {
  it("refuses a draft and a submission without a billing, or with one not yet paid", async () => {
    const { owner, form } = await ownerWithForm(t, PAID);
    const applicant = await registered(t, "Applicant");
    for (const intent of ["draft", "submit"] as const) {
      const res = await sendApplication(applicant.client, form.id, VALID, intent);
      expect(res.status, intent).toBe(422);
      expect(res.body).toEqual({ message: PAY_FIRST, errors: { application: [PAY_FIRST] } });
    }
    const { event_billing } = await createBilling(applicant.client, form.id);
    for (const status of ["Pending", "Failed", "Cancelled", "Refunded"]) {
      await t.database.db
        .update(eventBillings)
        .set({ paymentStatus: status as "Pending" })
        .where(eq(eventBillings.id, event_billing.id));
      const res = await sendApplication(applicant.client, form.id, VALID, status === "Failed" ? "draft" : "submit");
      expect(res.status, status).toBe(422);
      expect(res.body.errors).toEqual({ application: [PAY_FIRST] });
    }
    // Owning the form is no exemption.
    expect((await sendApplication(owner.client, form.id, VALID)).body.errors).toEqual({ application: [PAY_FIRST] });
    expect(await t.database.db.select().from(eventApplications).where(eq(eventApplications.eventFormId, form.id))).toHaveLength(0);
  });

  it("takes a draft and then the submission once the caller has paid", async () => {
    const { form } = await ownerWithForm(t, PAID);
    const applicant = await registered(t, "Applicant");
    const { payment_url } = await createBilling(applicant.client, form.id);
    await paySandbox(applicant.client, payment_url!);
    const draft = await sendApplication(applicant.client, form.id, VALID, "draft");
    expect(draft.status).toBe(201);
    const sent = await sendApplication(applicant.client, form.id, VALID, "submit");
    expect(sent.status).toBe(200);
    expect(sent.body.event_application.status).toBe("pending");
    // Someone else's payment does not count for a different user.
    const other = await registered(t, "Other");
    expect((await sendApplication(other.client, form.id, VALID)).body.errors).toEqual({ application: [PAY_FIRST] });
  });

  it("a billing made free by a 100% coupon counts as paid", async () => {
    const { owner, form } = await ownerWithForm(t, PAID);
    const coupon = await owner.client.post("/api/v1/admin/coupon_codes", {
      code: `FREE-${Date.now().toString(36)}`,
      discount_type: "percentage",
      value: 100,
    });
    expect(coupon.status).toBe(201);
    const applicant = await registered(t, "Applicant");
    const res = await applicant.client.post(
      "/api/v1/admin/event_billings",
      billingFields(form.id, { coupon_code: coupon.body.coupon_code.code }),
    );
    expect(res.body.event_billing.payment_status).toBe("Successful");
    expect((await sendApplication(applicant.client, form.id, VALID)).status).toBe(201);
  });

  it("a closed paid form still answers with why it is closed first", async () => {
    const { form } = await ownerWithForm(t, { ...PAID, status: "closed" });
    const applicant = await registered(t, "Applicant");
    const res = await sendApplication(applicant.client, form.id, VALID);
    expect(res.body.errors).toEqual({ application: ["This event is not open for applications."] });
  });
});

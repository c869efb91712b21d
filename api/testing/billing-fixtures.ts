import { eq } from "drizzle-orm";
import { couponCodes } from "../db/billing-schema.ts";
import { COUPON_REFUSALS } from "../modules/coupons/service.ts";
import { registered } from "./fixtures.ts";
import { createEventForm, ownerWithCollection, setEventFormStatus } from "./event-fixtures.ts";
import type { TestApi, TestClient } from "./harness.ts";

/** An owner with a published paid form (price and currency as given). */
export async function paidEventForm(t: TestApi, price = "50", currency = "USD", status: "draft" | "published" | "closed" = "published") {
  const owner = await ownerWithCollection(t);
  const draft = await createEventForm(owner.client, owner.collection.id, {
    title: "Paid summit",
    type_of_event: "paid",
    paid_event_information: { price, currency },
  });
  const form = status === "draft" ? draft : await setEventFormStatus(owner.client, draft.id, status);
  return { owner, form };
}

/** A valid billing body for a form; `overrides` replace fields one by one. */
export function billingFields(eventFormId: number, overrides: Record<string, unknown> = {}) {
  return {
    event_form_id: eventFormId,
    name: "Ada Lovelace",
    email: "ada@example.com",
    phone: "+234 801 234 5678",
    address: "1 Marina Road",
    country: "Nigeria",
    city: "Lagos",
    ...overrides,
  };
}

/** A logged-in payer. */
export async function payer(t: TestApi, name = "Paying Guest") {
  return registered(t, name);
}

/** Creates a billing and fails loudly when the API refuses. */
export async function createBilling(client: TestClient, eventFormId: number, overrides: Record<string, unknown> = {}) {
  const res = await client.post("/api/v1/admin/event_billings", billingFields(eventFormId, overrides));
  if (res.status !== 201) throw new Error(`create billing failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as {
    event_billing: { id: number; total: string; payment_status: string; connect_pay_id: string | null; payment_url: string | null };
    payment_url: string | null;
  };
}

let couponCounter = 0;

/** A coupon of the owner's (10 % unless told), with a unique code; fails loudly when the API refuses. */
export async function createCoupon(owner: TestClient, fields: Record<string, unknown> = {}) {
  const code = `C-${Date.now().toString(36)}-${++couponCounter}`;
  const res = await owner.post("/api/v1/admin/coupon_codes", { code, discount_type: "percentage", value: 10, ...fields });
  if (res.status !== 201) throw new Error(`coupon failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.coupon_code as { id: number; code: string };
}

/** A plain HTML form POST (the sandbox checkout's buttons), as a browser sends it: no XSRF header. */
export async function formPost(t: TestApi, path: string, fields: Record<string, string>) {
  const res = await t.api.fetch(
    new Request(`http://localhost${path}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields).toString(),
      redirect: "manual",
    }),
    { clientIp: "203.0.113.9" },
  );
  return { status: res.status, headers: res.headers, body: await res.text() };
}

/** The sandbox checkout's page, opened, and its Pay or Decline button pressed: the checkout's id and the answer. */
export async function pressSandboxButton(t: TestApi, client: TestClient, paymentUrl: string, button: "pay" | "decline") {
  const page = await client.get<string>(paymentUrl);
  const id = new URL(paymentUrl, "http://x").pathname.split("/").at(-1)!;
  const action = `/api/v1/payments/sandbox/${id}/${button}`;
  if (page.status !== 200 || !page.body.includes(`action="${action}"`)) throw new Error(`no ${button} button: ${page.status}`);
  const token = /name="token" value="([^"]+)"/.exec(page.body)![1];
  return { id, answer: await formPost(t, action, { token }) };
}

/**
 * The sandbox checkout's Pay button, pressed: the provider has the money, nothing is applied until the payer
 * is back (verify_payment). Answers the checkout's payment id.
 */
export async function takenBySandbox(t: TestApi, client: TestClient, paymentUrl: string): Promise<string> {
  const { id, answer } = await pressSandboxButton(t, client, paymentUrl, "pay");
  if (answer.status !== 303) throw new Error(`sandbox pay failed: ${answer.status}`);
  return id;
}

/** Pays a sandbox checkout as the payer would: the page, the Pay button, then the return page's verify call. */
export async function paidThroughSandbox(t: TestApi, client: TestClient, paymentUrl: string) {
  const id = await takenBySandbox(t, client, paymentUrl);
  const verified = await client.post("/api/v1/admin/event_billings/verify_payment", { connect_pay_id: id });
  if (verified.body.payment_status !== "Successful") throw new Error(`verify failed: ${JSON.stringify(verified.body)}`);
}

/**
 * A paid form and the owner's coupons a payer of it must be refused, each with the refusal it earns: an
 * expired one, an inactive one, one scoped to another form, and a code that does not exist.
 */
export async function formWithRefusedCoupons(t: TestApi) {
  const { owner, form } = await paidEventForm(t);
  const other = await createEventForm(owner.client, owner.collection.id, {
    title: "Other",
    type_of_event: "paid",
    paid_event_information: { price: "5", currency: "USD" },
  });
  const expired = await createCoupon(owner.client, {});
  await t.database.db
    .update(couponCodes)
    .set({ validUntil: new Date(Date.now() - 60_000) })
    .where(eq(couponCodes.id, expired.id));
  const inactive = await createCoupon(owner.client, { is_active: false });
  const scoped = await createCoupon(owner.client, { event_form_id: other.id });
  const refused: [code: string, message: string][] = [
    [expired.code, COUPON_REFUSALS.expired],
    [inactive.code, COUPON_REFUSALS.inactive],
    [scoped.code, COUPON_REFUSALS.outOfScope],
    ["NOPE-NOT-A-CODE", COUPON_REFUSALS.unknown],
  ];
  return { owner, form, refused };
}

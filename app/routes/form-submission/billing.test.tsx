import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  billingFields,
  coFounder,
  createBilling,
  createCoupon,
  createEventForm,
  createRouteHarness,
  formFields,
  paidEventForm,
  renderPage,
  setEventFormStatus,
  type RouteHarness,
} from "~/testing/route-harness";
import { INVALID_FIELDS } from "./billing-form";
import * as editBilling from "./billing-edit";
import * as newBilling from "./billing-new";

let h: RouteHarness;
let paid: Awaited<ReturnType<typeof paidEventForm>>;
/** Someone who looks and is refused but never saves a billing, so the new-billing page stays theirs. */
let visitor: Awaited<ReturnType<typeof coFounder>>;
beforeAll(async () => {
  h = await createRouteHarness();
  paid = await paidEventForm(h.t, "50", "USD");
  visitor = await coFounder(h.t);
});
afterAll(() => h.close());

const billingPath = () => `/form-submission/billing?form_id=${paid.form.id}`;
/** The billing step's fields as the page posts them ("pay" unless told). */
const payForm = (overrides: Record<string, unknown> = {}) => formFields({ intent: "pay", ...billingFields(paid.form.id, overrides) });

describe("/form-submission/billing", () => {
  it("sends someone without a form, or with one nobody pays for, away", async () => {
    const { client } = visitor;
    for (const query of ["", "?form_id=abc", "?form_id=999999"]) {
      const answer = await h.run(newBilling.loader, { as: client, path: `/form-submission/billing${query}` });
      expect(answer, query).toMatchObject({
        thrown: true,
        status: 302,
        location: "/",
        toast: { type: "error", message: "No event found" },
      });
    }
    const free = await createEventForm(paid.owner.client, paid.owner.collection.id, { title: "Free meetup" });
    await setEventFormStatus(paid.owner.client, free.id, "published");
    const answer = await h.run(newBilling.loader, { as: client, path: `/form-submission/billing?form_id=${free.id}` });
    expect(answer).toMatchObject({ thrown: true, status: 302, location: `/form-submission?form_id=${free.id}` });
  });

  it("shows the server's price and starts from the account's name and email", async () => {
    const page = await h.run(newBilling.loader, { as: visitor.client, path: billingPath() });
    expect(page.data.quote).toMatchObject({ amount: "50.00", discount: "0.00", total: "50.00", currency: "USD" });
    expect(page.data.defaults).toMatchObject({ event_form_id: String(paid.form.id), name: "Co Founder", email: visitor.email, phone: "" });
    const html = renderPage(newBilling.default, { path: billingPath(), loaderData: page.data });
    expect(html).toContain("Paid summit");
    expect(html).toContain(`value="${visitor.email}"`);
  });

  it("shows what is being paid for beside the order: when, where, who hosts it and the places left", async () => {
    const page = await h.run(newBilling.loader, { as: visitor.client, path: billingPath() });
    expect(page.data.placesLeft).toBe(120);
    const html = renderPage(newBilling.default, { path: billingPath(), loaderData: page.data });
    const summary = html.slice(html.indexOf('data-testid="event-summary"'), html.indexOf("Order summary"));
    expect(summary).toContain("Fri, 1 Jun 2035, 18:00 – 21:00 (Africa/Lagos)");
    expect(summary).toContain("Yaba Tech Hub, Lagos, and online");
    expect(summary).toContain(`Hosted by <!-- -->${paid.form.startup.name}`);
    expect(summary).toContain("120 places left");
    expect(summary).toContain(`href="${paid.form.public_url}"`);
  });

  it("answers 422 with each field's error and the page's summary, and saves nothing", async () => {
    const { client } = visitor;
    const refused = await h.run(newBilling.action, {
      as: client,
      path: billingPath(),
      form: payForm({ email: "not-an-email", phone: "" }),
    });
    expect(refused).toMatchObject({ thrown: false, status: 422, data: { message: INVALID_FIELDS, checkout: null } });
    expect(Object.keys(refused.data.result.error).sort()).toEqual(["email", "phone"]);
    // Still no billing: the page is the new-billing page, not a redirect to an existing one.
    expect(await h.run(newBilling.loader, { as: client, path: billingPath() })).toMatchObject({ thrown: false, status: 200 });
  });

  it("prices a coupon, and puts a refused one on the coupon field", async () => {
    const { client } = visitor;
    const coupon = await createCoupon(paid.owner.client, { value: 10 });
    const priced = await h.run(newBilling.action, { as: client, path: billingPath(), form: { intent: "quote", coupon_code: coupon.code } });
    expect(priced).toMatchObject({ status: 200, data: { quote: { total: "45.00", discount: "5.00" }, message: null } });
    const refused = await h.run(newBilling.action, {
      as: client,
      path: billingPath(),
      form: { intent: "quote", coupon_code: "NOPE-NOT-A-CODE" },
    });
    expect(refused).toMatchObject({ thrown: false, status: 422, data: { quote: null } });
    expect(refused.data.result.error).toEqual({ coupon_code: ["This coupon code is not valid."] });
  });

  it("saves the billing and sends the browser to the checkout; back on the page, it is the saved billing", async () => {
    const { client } = await coFounder(h.t);
    const paying = await h.run(newBilling.action, { as: client, path: billingPath(), form: payForm() });
    expect(paying).toMatchObject({ thrown: true, status: 302 });
    expect(paying.location).toMatch(/^\/api\/v1\/payments\/sandbox\/sbx_[^?]+\?token=/);
    const again = await h.run(newBilling.loader, { as: client, path: billingPath() });
    expect(again).toMatchObject({ thrown: true, status: 302 });
    expect(again.location).toMatch(/^\/form-submission\/billing\/edit\/\d+$/);
  });

  it("with JavaScript, answers the checkout for the page to open in a tab", async () => {
    const { client } = await coFounder(h.t);
    const paying = await h.run(newBilling.action, { as: client, path: billingPath(), form: { ...payForm(), js: "1" } });
    expect(paying).toMatchObject({ thrown: false, status: 200, data: { message: null, quote: { total: "50.00" } } });
    expect(paying.data.checkout.payment_url).toMatch(/^\/api\/v1\/payments\/sandbox\//);
    expect(paying.data.checkout.connect_pay_id).toMatch(/^sbx_/);
  });
});

describe("/form-submission/billing/edit/:id", () => {
  it("is the payer's own billing: anyone else (the form's owner too), or an id that names none, gets 404", async () => {
    const payer = await coFounder(h.t);
    const { event_billing: billing } = await createBilling(payer.client, paid.form.id);
    const path = `/form-submission/billing/edit/${billing.id}`;
    const own = await h.run(editBilling.loader, { as: payer.client, path, params: { id: String(billing.id) } });
    expect(own.data).toMatchObject({ billing: { id: billing.id }, defaults: { name: "Ada Lovelace", city: "Lagos" }, closedReason: null });

    // The API shows the billing to the form's owner as well; this page is only the payer's.
    for (const [who, id] of [
      [paid.owner, String(billing.id)],
      [visitor, String(billing.id)],
      [visitor, "abc"],
      [visitor, "999999"],
    ] as const) {
      const answer = await h.run(editBilling.loader, { as: who.client, path: `/form-submission/billing/edit/${id}`, params: { id } });
      expect(answer, `${who.email} ${id}`).toMatchObject({ thrown: true, status: 404, data: "Event billing not found" });
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createCoupon,
  createEventForm,
  createRouteHarness,
  paidEventForm,
  setEventFormStatus,
  type RouteHarness,
} from "~/testing/route-harness";
import { loader } from "./coupon-codes";

let h: RouteHarness;
beforeAll(async () => {
  h = await createRouteHarness();
});
afterAll(() => h.close());

describe("/coupon-codes", () => {
  it("offers only published paid events for a coupon, and keeps the event of a coupon being edited", async () => {
    const { owner, form: paid } = await paidEventForm(h.t);
    const paidFields = { type_of_event: "paid", paid_event_information: { price: "20", currency: "USD" } };
    const draft = await createEventForm(owner.client, owner.collection.id, { title: "Paid draft", ...paidFields });
    const closed = await createEventForm(owner.client, owner.collection.id, { title: "Paid and over", ...paidFields });
    await setEventFormStatus(owner.client, closed.id, "published");
    const free = await createEventForm(owner.client, owner.collection.id, { title: "Free meetup" });
    await setEventFormStatus(owner.client, free.id, "published");

    const page = await h.run(loader, { as: owner.client, path: "/coupon-codes" });
    expect(page.data.forms).toEqual([
      { value: String(closed.id), label: "Paid and over" },
      { value: String(paid.id), label: "Paid summit" },
    ]);
    expect(page.data.forms.map((f: { value: string }) => f.value)).not.toContain(String(draft.id));

    // A coupon for an event that has closed since keeps its event while it is edited.
    const coupon = await createCoupon(owner.client, { event_form_id: closed.id });
    await setEventFormStatus(owner.client, closed.id, "closed");
    const editing = await h.run(loader, { as: owner.client, path: `/coupon-codes?edit=${coupon.id}` });
    expect(editing.data.forms).toEqual([
      { value: String(paid.id), label: "Paid summit" },
      { value: String(closed.id), label: "Paid and over" },
    ]);
  });
});

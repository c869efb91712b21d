import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  coFounder,
  createEventForm,
  createRouteHarness,
  ownerWithCollection,
  renderPage,
  setEventFormStatus,
  type RouteHarness,
} from "~/testing/route-harness";
import Apply, { loader } from "./apply";

let h: RouteHarness;
beforeAll(async () => {
  h = await createRouteHarness();
});
afterAll(() => h.close());

describe("/form-submission", () => {
  it("starts the name and email questions from the account's, as the billing step does", async () => {
    const owner = await ownerWithCollection(h.t);
    const form = await createEventForm(owner.client, owner.collection.id, {
      questions: { full_name: { enabled: true, required: true }, email: { enabled: true, required: true } },
    });
    await setEventFormStatus(owner.client, form.id, "published");
    const applicant = await coFounder(h.t);
    const path = `/form-submission?form_id=${form.id}`;
    const page = await h.run(loader, { as: applicant.client, path });
    expect(page.data.prefill).toEqual({ full_name: "Co Founder", email: applicant.email });
    const html = renderPage(Apply, { path, loaderData: page.data });
    expect(html).toMatch(/name="answers\[full_name\]"[^>]*value="Co Founder"|value="Co Founder"[^>]*name="answers\[full_name\]"/);
    expect(html).toContain(`value="${applicant.email}"`);
  });
});

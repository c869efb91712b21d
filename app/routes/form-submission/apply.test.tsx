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

  it("links My applications under an application, and offers no cancelling of a cancelled one", async () => {
    const owner = await ownerWithCollection(h.t);
    const form = await createEventForm(owner.client, owner.collection.id, { custom_questions: [] });
    await setEventFormStatus(owner.client, form.id, "published");
    const applicant = await coFounder(h.t);
    const sent = await applicant.client.post(`/api/v1/admin/event_forms/${form.id}/applications`, {
      intent: "submit",
      answers: { full_name: "Co Founder", email: applicant.email },
    });
    expect(sent.status).toBe(201);
    const path = `/form-submission?form_id=${form.id}`;
    const note = async () => {
      const html = renderPage(Apply, { path, loaderData: (await h.run(loader, { as: applicant.client, path })).data });
      return html.match(/data-testid="my-applications-note">(.*?)<\/p>/)![1];
    };
    expect(await note()).toMatch(/^You can follow it, or cancel it, on .*<a [^>]*href="\/event-applications"[^>]*>My applications<\/a>/);
    await applicant.client.put(`/api/v1/admin/event_applications/${sent.body.event_application.id}/cancel_apply`);
    const cancelled = await note();
    expect(cancelled).toMatch(/^It stays on .*>My applications<\/a>/);
    expect(cancelled).not.toContain("cancel it");
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { datesFor } from "~/lib/dates";
import {
  createEventForm,
  createRouteHarness,
  insertApplication,
  ownerWithCollection,
  renderPage,
  type RouteHarness,
} from "~/testing/route-harness";
import * as detail from "./detail";
import * as list from "./list";

let h: RouteHarness;
beforeAll(async () => {
  h = await createRouteHarness();
});
afterAll(() => h.close());

const IN_UTC = { timeZone: "UTC", dateFormat: "medium" } as const;
const IN_LAGOS = { timeZone: "Africa/Lagos", dateFormat: "medium" } as const;

describe("/event-responses/{id} and a single response", () => {
  it("say when each application came on the reader's clock, with the event's beside it only where its zone is another", async () => {
    const owner = await ownerWithCollection(h.t);
    const form = await createEventForm(owner.client, owner.collection.id, { title: "Lagos Night", timezone: "Africa/Lagos" });
    await insertApplication(h.t, form.id, "pending");

    const listPath = `/event-responses/${form.id}`;
    const page = await h.run(list.loader, { as: owner.client, path: listPath, params: { event_form_id: String(form.id) } });
    const application = page.data.responses.data[0];
    const submitted = application.submitted_at as string;
    const besideLagos = datesFor(IN_UTC).dayTimeBesideEvent(submitted, "Africa/Lagos");
    expect(besideLagos).toMatch(/ UTC \((.+, )?\d\d:\d\d in Africa\/Lagos\)$/);
    expect(renderPage(list.default, { path: listPath, loaderData: page.data, dates: IN_UTC })).toContain(besideLagos);
    const listedInLagos = renderPage(list.default, { path: listPath, loaderData: page.data, dates: IN_LAGOS });
    expect(listedInLagos).toContain(datesFor(IN_LAGOS).dayTime(submitted));
    expect(listedInLagos).not.toContain("in Africa/Lagos");

    const detailPath = `${listPath}/form/${application.id}`;
    const single = await h.run(detail.loader, {
      as: owner.client,
      path: detailPath,
      params: { event_form_id: String(form.id), event_application_id: String(application.id) },
    });
    expect(renderPage(detail.default, { path: detailPath, loaderData: single.data, dates: IN_UTC })).toContain(
      `submitted<!-- --> <!-- -->${besideLagos}`,
    );
  });
});

describe("a response read blind", () => {
  it("says who applied is hidden until the reviewer's review is in, and shows no identifying answers", async () => {
    const owner = await ownerWithCollection(h.t);
    const form = await createEventForm(owner.client, owner.collection.id);
    const application = await insertApplication(h.t, form.id, "pending");
    const path = `/event-responses/${form.id}/form/${application.id}`;
    const single = await h.run(detail.loader, {
      as: owner.client,
      path,
      params: { event_form_id: String(form.id), event_application_id: String(application.id) },
    });
    const blind = {
      ...single.data,
      blind: true,
      hidden_questions: ["full_name", "email"],
      event_application: { ...single.data.event_application, applicant_name: "Applicant 1", applicant_email: "" },
    };
    const shown = renderPage(detail.default, { path, loaderData: blind, dates: IN_UTC });
    expect(shown).toContain("Blind review: who applied stays hidden until you have submitted your review of this application.");
    expect(shown).not.toContain("Full name");
    expect(renderPage(detail.default, { path, loaderData: single.data, dates: IN_UTC })).not.toContain("Blind review");
  });
});

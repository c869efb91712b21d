import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  coFounder,
  createEventForm,
  createRouteHarness,
  formFields,
  ownerWithCollection,
  renderPage,
  validEventFormFields,
  type RouteHarness,
} from "~/testing/route-harness";
import { DEFAULT_SETTINGS } from "#schemas/settings";
import * as create from "./create";
import * as edit from "./edit";

let h: RouteHarness;
let owner: Awaited<ReturnType<typeof ownerWithCollection>>;
beforeAll(async () => {
  h = await createRouteHarness();
  owner = await ownerWithCollection(h.t);
});
afterAll(() => h.close());

const createPath = () => `/event-forms/create?collection_id=${owner.collection.id}`;
const builderForm = (overrides: Record<string, unknown> = {}) => formFields(validEventFormFields(owner.collection.id, overrides));

describe("/event-forms/create", () => {
  it("needs a collection in the address, and one that exists", async () => {
    const missing = await h.run(create.loader, { as: owner.client, path: "/event-forms/create" });
    expect(missing).toMatchObject({ thrown: true, status: 404, data: "No Collection Specified" });
    for (const collection of ["abc", "999999"]) {
      const unknown = await h.run(create.loader, { as: owner.client, path: `/event-forms/create?collection_id=${collection}` });
      expect(unknown).toMatchObject({ thrown: true, status: 404, data: "Collection Not Found" });
    }
  });

  it("is forbidden to an account without the event form permission, new and existing forms alike", async () => {
    const { client } = await coFounder(h.t);
    expect(await h.run(create.loader, { as: client, path: createPath() })).toMatchObject({
      thrown: true,
      status: 403,
      data: "Access Forbidden",
    });
    expect(await h.run(create.action, { as: client, path: createPath(), form: builderForm() })).toMatchObject({
      thrown: true,
      status: 403,
    });
    const form = await createEventForm(owner.client, owner.collection.id);
    const editing = { as: client, path: `/event-forms/edit/${form.id}`, params: { id: String(form.id) } };
    expect(await h.run(edit.loader, editing)).toMatchObject({ thrown: true, status: 403, data: "Access Forbidden" });
    expect(await h.run(edit.action, { ...editing, form: { intent: "status", status: "published" } })).toMatchObject({
      thrown: true,
      status: 403,
    });
  });

  it("offers the owner's collections, and answers a form it cannot accept with 422 naming the fields", async () => {
    const page = await h.run(create.loader, { as: owner.client, path: createPath() });
    expect(page.data.collection).toMatchObject({ id: owner.collection.id, name: owner.collection.name });
    expect(page.data.collections).toEqual([{ id: owner.collection.id, name: owner.collection.name }]);

    const refused = await h.run(create.action, { as: owner.client, path: createPath(), form: builderForm({ title: "", capacity: "0" }) });
    expect(refused).toMatchObject({ thrown: false, status: 422, data: { failure: "Validation fails for title, capacity" } });
    expect(refused.data.result.error).toMatchObject({
      title: ["The title field is required."],
      capacity: ["The capacity must be at least 1."],
    });
    const html = renderPage(create.default, { path: createPath(), loaderData: page.data, actionData: refused.data });
    expect(html).toContain("Validation fails for title, capacity");
    expect(html).toContain("The capacity must be at least 1.");
  });

  it("refuses a title with a line break on its field, as the title becomes the subject of the event's mail", async () => {
    const page = await h.run(create.loader, { as: owner.client, path: createPath() });
    const refused = await h.run(create.action, { as: owner.client, path: createPath(), form: builderForm({ title: "Demo\r\nday" }) });
    expect(refused).toMatchObject({ thrown: false, status: 422 });
    expect(refused.data.result.error).toEqual({ title: ["The title may not contain a line break."] });
    const html = renderPage(create.default, { path: createPath(), loaderData: page.data, actionData: refused.data });
    expect(html).toContain("The title may not contain a line break.");
  });

  it("starts the time zone on the owner's city's (Lagos), before the one of their own settings", async () => {
    const lagos = await ownerWithCollection(h.t);
    const path = `/event-forms/create?collection_id=${lagos.collection.id}`;
    const tokyo = await lagos.client.put("/api/v1/admin/settings", { ...DEFAULT_SETTINGS, time_zone: "Asia/Tokyo" });
    expect(tokyo.status).toBe(200);
    const page = await h.run(create.loader, { as: lagos.client, path: path });
    expect(page.data.timeZone).toBe("Africa/Lagos");
    expect(renderPage(create.default, { path, loaderData: page.data })).toContain('<option selected="">Africa/Lagos</option>');
  });

  it("shows the API's refusal on its field: a city the venue's country does not have", async () => {
    const refused = await h.run(create.action, { as: owner.client, path: createPath(), form: builderForm({ venue_city: "Atlantis" }) });
    expect(refused).toMatchObject({ thrown: false, status: 422, data: { failure: "Validation fails for venue city" } });
    expect(refused.data.result.error.venue_city[0]).toMatch(/Atlantis|city/i);
  });

  it("creates the form and opens it for editing with a toast", async () => {
    const created = await h.run(create.action, { as: owner.client, path: createPath(), form: builderForm({ title: "Launch night" }) });
    expect(created).toMatchObject({ status: 302, toast: { type: "success", message: "Event form created." } });
    const id = created.location?.match(/^\/event-forms\/edit\/(\d+)$/)?.[1];
    expect(id).toBeDefined();
    const page = await h.run(edit.loader, { as: owner.client, path: created.location!, params: { id: id! } });
    expect(page.data.eventForm).toMatchObject({ title: "Launch night", status: "draft", collection_id: owner.collection.id });
    expect(page.data.eventForm.custom_questions.map((q: { label: string }) => q.label)).toEqual([
      "What are you building?",
      "How did you hear about us?",
    ]);
  });
});

describe("/event-forms/edit/:id", () => {
  it("is a 404 for an address that names no form", async () => {
    for (const id of ["abc", "0", "999999"]) {
      const answer = await h.run(edit.loader, { as: owner.client, path: `/event-forms/edit/${id}`, params: { id } });
      expect(answer, id).toMatchObject({ thrown: true, status: 404, data: "Event Form not found" });
    }
  });

  it("saves changes with a toast, and refuses bad ones with 422 without saving them", async () => {
    const form = await createEventForm(owner.client, owner.collection.id, { title: "Before" });
    const path = `/event-forms/edit/${form.id}`;
    const call = { as: owner.client, path, params: { id: String(form.id) } };

    const refused = await h.run(edit.action, { ...call, form: builderForm({ title: "After", ends_at: "2035-06-01T17:00" }) });
    expect(refused).toMatchObject({ thrown: false, status: 422, data: { failure: "Validation fails for ends" } });
    expect(refused.data.result.error).toEqual({ ends_at: ["The end must be after the start."] });
    expect((await h.run(edit.loader, call)).data.eventForm.title).toBe("Before");

    const saved = await h.run(edit.action, { ...call, form: builderForm({ title: "After" }) });
    expect(saved).toMatchObject({ status: 302, location: path, toast: { type: "success", message: "Event form updated." } });
    const page = await h.run(edit.loader, call);
    expect(page.data.eventForm.title).toBe("After");
    expect(renderPage(edit.default, { path, loaderData: page.data })).toContain('value="After"');
  });

  it("changes the status with a toast, and says why a status is refused", async () => {
    const form = await createEventForm(owner.client, owner.collection.id);
    const call = { as: owner.client, path: `/event-forms/edit/${form.id}`, params: { id: String(form.id) } };
    const published = await h.run(edit.action, { ...call, form: { intent: "status", status: "published" } });
    expect(published).toMatchObject({ status: 302, location: call.path, toast: { type: "success", message: "Status updated." } });
    const page = await h.run(edit.loader, call);
    expect(page.data.eventForm.status).toBe("published");
    // Once published, the owner is given the event's public page to share.
    const html = renderPage(edit.default, { path: call.path, loaderData: page.data });
    expect(html).toContain(`href="${page.data.eventForm.public_url}"`);
    expect(page.data.eventForm.public_url).toMatch(new RegExp(`^http://localhost:3000/e/[a-z0-9-]+-${form.id}$`));

    const refused = await h.run(edit.action, { ...call, form: { intent: "status", status: "archived" } });
    expect(refused).toMatchObject({ thrown: false, status: 422, data: { statusError: "The selected status is invalid." } });
  });
});

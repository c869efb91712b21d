import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRouteHarness, formFields, ownerWithCollection, validEventFormFields, type RouteHarness } from "~/testing/route-harness";
import * as create from "./create";
import * as edit from "./edit";
import * as library from "./question-library";

let h: RouteHarness;
let owner: Awaited<ReturnType<typeof ownerWithCollection>>;
beforeAll(async () => {
  h = await createRouteHarness();
  owner = await ownerWithCollection(h.t);
});
afterAll(() => h.close());

const createPath = () => `/event-forms/create?collection_id=${owner.collection.id}`;

/** The builder's plain-form fields: options and a rule's answers one per line, the rule naming its question by label. */
const ruled = (values: string) =>
  formFields(
    validEventFormFields(owner.collection.id, {
      custom_questions: [
        { label: "Track", type: "dropdown", required: true, options: "Design\nEngineering" },
        { label: "Portfolio link", type: "url", required: true, show_if: { question: "Track", values } },
      ],
    }),
  );

describe("the builder's 'Show only when'", () => {
  it("refuses a value that is no option on the rule's field, then saves the rule by the question's id", async () => {
    const refused = await h.run(create.action, { as: owner.client, path: createPath(), form: ruled("Design\nMarketing") });
    expect(refused).toMatchObject({ thrown: false, status: 422, data: { failure: "Validation fails for questions" } });
    expect(JSON.stringify(refused.data)).toContain("“Marketing” is not one of the options of “Track”: Design, Engineering.");

    const created = await h.run(create.action, { as: owner.client, path: createPath(), form: ruled("Design") });
    expect(created).toMatchObject({ status: 302, toast: { type: "success", message: "Event form created." } });
    const id = created.location!.split("/").pop()!;
    const page = await h.run(edit.loader, { as: owner.client, path: created.location!, params: { id } });
    const [track, link] = page.data.eventForm.custom_questions;
    expect(link.show_if).toEqual({ question_id: track.id, values: ["Design"] });

    // "Save to library" keeps the question as the form saved it; the builder then offers it to every form.
    const saved = await h.run(edit.action, {
      as: owner.client,
      path: created.location!,
      params: { id },
      form: { intent: "library-save", question_id: track.id },
    });
    expect(saved).toMatchObject({ status: 302, toast: { type: "success", message: "Question saved to the library." } });
    const builder = await h.run(create.loader, { as: owner.client, path: createPath() });
    expect(builder.data.library).toEqual([
      expect.objectContaining({ label: "Track", type: "dropdown", options: ["Design", "Engineering"] }),
    ]);

    // The library screen lists it and deletes it; a tampered id is not found.
    const listed = await h.run(library.loader, { as: owner.client, path: "/event-forms/question-library" });
    const savedId = listed.data.library.data[0].id;
    const tampered = await h.run(library.action, {
      as: owner.client,
      path: "/event-forms/question-library",
      form: { intent: "delete", id: "abc" },
    });
    expect(tampered).toMatchObject({ status: 404, data: { error: "Saved question not found" } });
    const deleted = await h.run(library.action, {
      as: owner.client,
      path: "/event-forms/question-library",
      form: { intent: "delete", id: String(savedId) },
    });
    expect(deleted).toMatchObject({ status: 302, toast: { type: "success", message: "Saved question deleted." } });
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createEventForm,
  createRouteHarness,
  ownerWithCollection,
  registered,
  renderPage,
  setEventFormStatus,
  type RouteHarness,
} from "~/testing/route-harness";
import CheckIn, { action, loader } from "./check-in";

let h: RouteHarness;
beforeAll(async () => {
  h = await createRouteHarness();
});
afterAll(() => h.close());

/** A published event with one applicant, and that applicant's ticket code. */
async function eventWithTicket() {
  const owner = await ownerWithCollection(h.t);
  const draft = await createEventForm(owner.client, owner.collection.id, { title: "Door Night" });
  const form = await setEventFormStatus(owner.client, draft.id, "published");
  const guest = await registered(h.t, "Gus Guest");
  const sent = await guest.client.post(`/api/v1/admin/event_forms/${form.id}/applications`, {
    intent: "submit",
    answers: { full_name: "Gus Guest", email: guest.email, [form.custom_questions[0].id]: "Robots" },
  });
  expect(sent.status).toBe(201);
  const code = (await guest.client.get(`/api/v1/site/event_forms/${form.id}`)).body.my_ticket.code as string;
  return { owner, form, code, path: `/event-forms/check-in/${form.id}` };
}

describe("/event-forms/check-in/{id}", () => {
  it("lists the tickets with the door's figures, checks one in by its typed code and says so, then says already", async () => {
    const { owner, form, code, path } = await eventWithTicket();
    const page = await h.run(loader, { as: owner.client, path, params: { id: String(form.id) } });
    expect(page.data.door.counts).toEqual({ checked_in: 0, expected: 1 });
    const html = renderPage(CheckIn, { path, loaderData: page.data });
    expect(html).toContain("Check-in: Door Night");
    expect(html).toContain(`${code.slice(0, 4)}-${code.slice(4)}`);
    expect(html).toContain(`data-testid="door-counts">0<!-- --> / <!-- -->1`);

    const typed = `${code.slice(0, 4).toLowerCase()} ${code.slice(4)}`;
    const first = await h.run(action, {
      as: owner.client,
      path,
      params: { id: String(form.id) },
      form: { intent: "check_in", code: typed },
    });
    expect(first.status).toBe(201);
    expect(first.data.answer).toMatchObject({ outcome: "checked_in", message: "Checked in.", counts: { checked_in: 1, expected: 1 } });
    expect(renderPage(CheckIn, { path, loaderData: page.data, actionData: first.data })).toContain("Gus Guest<!-- --> · ");

    const second = await h.run(action, { as: owner.client, path, params: { id: String(form.id) }, form: { intent: "check_in", code } });
    expect(second.status).toBe(409);
    expect(second.data.answer.message).toMatch(/^Already checked in at .+ by Event Owner$/);
    // The list says the same moment on the reader's clock, and on the event's beside it, as the door's answer does.
    const at = second.data.answer.message.match(/^Already checked in at .+, (\d\d:\d\d) \(Africa\/Lagos\) by Event Owner$/)[1];
    const listed = await h.run(loader, { as: owner.client, path, params: { id: String(form.id) } });
    const inNewYork = renderPage(CheckIn, { path, loaderData: listed.data, dates: { timeZone: "America/New_York", dateFormat: "medium" } });
    expect(inNewYork).toMatch(new RegExp(`\\d\\d:\\d\\d GMT-[45] \\((?:[^)]*, )?${at} in Africa/Lagos\\) by Event Owner`));
    const inLagos = renderPage(CheckIn, { path, loaderData: listed.data, dates: { timeZone: "Africa/Lagos", dateFormat: "medium" } });
    expect(inLagos).toContain(`${at} GMT+1 by Event Owner`);

    const undone = await h.run(action, { as: owner.client, path, params: { id: String(form.id) }, form: { intent: "undo", code } });
    expect(undone.data.undone).toBe("Check-in undone.");
  });

  it("puts a blank code on its field, and an unknown one in the answer", async () => {
    const { owner, form, path } = await eventWithTicket();
    const blank = await h.run(action, { as: owner.client, path, params: { id: String(form.id) }, form: { intent: "check_in", code: "" } });
    expect(blank.status).toBe(422);
    expect(blank.data.errors).toEqual(["The code field is required."]);
    const unknown = await h.run(action, {
      as: owner.client,
      path,
      params: { id: String(form.id) },
      form: { intent: "check_in", code: "ZZZZ-ZZZZ" },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.data.answer).toMatchObject({ outcome: "not_found", message: "Ticket not found" });
  });

  it("says under the code when the member has scanned too many tickets, and when to try again", async () => {
    const strict = await createRouteHarness({ checkInMaxPerMember: 2 });
    try {
      const owner = await ownerWithCollection(strict.t);
      const form = await createEventForm(owner.client, owner.collection.id, { title: "Busy Door" });
      const path = `/event-forms/check-in/${form.id}`;
      const scan = () =>
        strict.run(action, { as: owner.client, path, params: { id: String(form.id) }, form: { intent: "check_in", code: "ZZZZ-ZZZZ" } });
      expect((await scan()).status).toBe(404);
      expect((await scan()).status).toBe(404);
      const refused = await scan();
      expect(refused.status).toBe(429);
      expect(refused.data.errors).toEqual([
        expect.stringMatching(
          /^Too many tickets scanned: at most 2 tickets in 1 minute per member\. Please try again in (\d+ seconds?|1 minute)\.$/,
        ),
      ]);
      const page = await strict.run(loader, { as: owner.client, path, params: { id: String(form.id) } });
      expect(renderPage(CheckIn, { path, loaderData: page.data, actionData: refused.data })).toContain("Too many tickets scanned");
    } finally {
      await strict.close();
    }
  });

  it("is another startup's 404, and refused without the permission", async () => {
    const { form, path } = await eventWithTicket();
    const stranger = await ownerWithCollection(h.t);
    expect(await h.run(loader, { as: stranger.client, path, params: { id: String(form.id) } })).toMatchObject({
      thrown: true,
      status: 404,
      data: "Event Form not found",
    });
    const guest = await registered(h.t, "No Profile");
    const refused = await h.run(loader, { as: guest.client, path, params: { id: String(form.id) } });
    expect(refused.thrown).toBe(true);
  });
});

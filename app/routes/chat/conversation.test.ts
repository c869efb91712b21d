import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONVERSATION_NOT_FOUND, MESSAGE_BODY_INVALID } from "#schemas/conversations";
import { coFounder, createRouteHarness, type RouteHarness } from "~/testing/route-harness";
import { action, loader } from "./conversation";

type Account = Awaited<ReturnType<typeof coFounder>>;

let h: RouteHarness;
let ada: Account;
let bo: Account;
let id: number;
beforeAll(async () => {
  h = await createRouteHarness();
  ada = await coFounder(h.t);
  bo = await coFounder(h.t);
  const started = await ada.client.post("/api/v1/admin/conversations", { user_id: bo.id });
  id = started.body.data.id;
});
afterAll(() => h.close());

const at = (who: Account, conversation = String(id)) => ({
  as: who.client,
  path: `/chat/${conversation}`,
  params: { conversationId: conversation },
});

describe("/chat/:conversationId", () => {
  it("shows a participant the conversation with its messages, oldest first", async () => {
    await ada.client.post(`/api/v1/admin/conversations/${id}/messages`, { body: "First" });
    await ada.client.post(`/api/v1/admin/conversations/${id}/messages`, { body: "Second" });
    const page = await h.run(loader, at(bo));
    expect(page.data.conversation).toMatchObject({ id, other: { user_id: ada.id } });
    expect(page.data.messages.map((m: { body: string }) => m.body).slice(-2)).toEqual(["First", "Second"]);
    expect(page.data).toMatchObject({ hasMore: false, before: null, me: { id: bo.id } });
  });

  it("with ?after=, gives the messages after one (what the live screen loads when told of a new message's id)", async () => {
    const first = await ada.client.post(`/api/v1/admin/conversations/${id}/messages`, { body: "Before" });
    await ada.client.post(`/api/v1/admin/conversations/${id}/messages`, { body: "After one" });
    await ada.client.post(`/api/v1/admin/conversations/${id}/messages`, { body: "After two" });
    const page = await h.run(loader, { ...at(bo), path: `/chat/${id}?after=${first.body.data.id}` });
    expect(page.data.messages.map((m: { body: string }) => m.body)).toEqual(["After one", "After two"]);
    expect(page.data.hasMore).toBe(false);
  });

  it("is a 404 for anyone outside it and for an address that names none", async () => {
    const outsider = await coFounder(h.t);
    const answer = await h.run(loader, at(outsider));
    expect(answer).toMatchObject({ thrown: true, status: 404, data: CONVERSATION_NOT_FOUND });
    expect(await h.run(loader, at(ada, "abc"))).toMatchObject({ thrown: true, status: 404, data: CONVERSATION_NOT_FOUND });
    expect(await h.run(action, { ...at(outsider), form: { intent: "send", body: "Let me in" } })).toMatchObject({
      thrown: true,
      status: 404,
    });
  });

  it("sends a plain form's message, reads the conversation up to it and comes back to the latest", async () => {
    const sent = await h.run(action, { ...at(bo), form: { intent: "send", body: "Hello from a form" } });
    expect(sent).toMatchObject({ thrown: false, status: 302, location: `/chat/${id}#latest` });
    const mine = await h.run(loader, at(bo));
    const last = mine.data.messages.at(-1);
    expect(last).toMatchObject({ body: "Hello from a form", user_id: bo.id });
    expect(mine.data.conversation.last_read_message_id).toBe(last.id);
    expect((await h.run(loader, at(ada))).data.conversation.unread_count).toBeGreaterThan(0);
  });

  it("answers a fetcher's send with the message itself", async () => {
    const sent = await h.run(action, { ...at(ada), form: { intent: "send", via: "fetcher", body: "Live" } });
    expect(sent).toMatchObject({ status: 200, data: { ok: true, message: { body: "Live", user_id: ada.id, conversation_id: id } } });
  });

  it("gives a refused message back with its error and its text", async () => {
    const refused = await h.run(action, { ...at(ada), form: { intent: "send", body: "   " } });
    expect(refused).toMatchObject({ thrown: false, status: 422, data: { ok: false, status: 422, body: "   " } });
    expect(refused.data.errors).toEqual({ body: [MESSAGE_BODY_INVALID] });
  });

  it("refuses what it does not understand: an unknown intent, a read without a message", async () => {
    expect(await h.run(action, { ...at(ada), form: { intent: "shout" } })).toMatchObject({ thrown: true, status: 400 });
    expect(await h.run(action, { ...at(ada), form: { intent: "read", message_id: "x" } })).toMatchObject({
      status: 400,
      data: { ok: false },
    });
  });
});

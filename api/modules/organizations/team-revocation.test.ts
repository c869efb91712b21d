/**
 * A member's access ends on their sockets too: removed, given a role for other forms, or limited to other
 * forms, a member listening on a form's channel loses that subscription (403) within the bound of
 * every other revocation, and keeps the rest of the socket.
 */
import { serverSdk } from "../../testing/realtime-clients.ts";
import { afterAll, afterEach, beforeAll, expect, it } from "vitest";
import { APPLICATION_SUBMITTED_EVENT, eventFormChannel, NOTIFICATION_CREATED_EVENT, userChannel } from "#schemas/realtime.ts";
import { createEventForm } from "#api/testing/event-fixtures.ts";
import { setUpStartupProfile } from "#api/testing/fixtures.ts";
import { createTestApi, TestClient, type TestApi } from "#api/testing/harness.ts";
import { mailedToken } from "#api/testing/mail-fixtures.ts";
import { serveRealtime, type RealtimeTestServer } from "#api/testing/realtime-server.ts";
import {
  authOf,
  disconnectListeners,
  eventsSince,
  listen,
  register,
  REVOKED_WITHIN_MS,
  within,
  type Party,
  type ScenarioSetup,
} from "#api/testing/revocation-scenarios.ts";
import { TEAM_INVITATIONS, TEAM_MEMBERS } from "#api/testing/team-fixtures.ts";

let t: TestApi;
let server: RealtimeTestServer;
let setup: ScenarioSetup;

beforeAll(async () => {
  t = await createTestApi();
  server = await serveRealtime({ db: t.database.db, config: t.config });
  const sdk = serverSdk(server);
  setup = { browser: () => new TestClient(server.api, "203.0.113.30"), victimSite: server, peerSite: server, sdk };
}, 60_000);
afterEach(() => disconnectListeners());
afterAll(async () => {
  await server?.close();
  await t?.close();
});

/** An owner with two forms, and a reviewer of the first listening on its channel and their own. */
async function reviewerListening() {
  const owner = await register(setup, "Owner");
  await setUpStartupProfile(owner.client);
  const collection = await owner.client.post("/api/v1/admin/collections", { name: `Team ${owner.id}` });
  const form = await createEventForm(owner.client, collection.body.collection.id);
  const other = await createEventForm(owner.client, collection.body.collection.id);
  const reviewer = await register(setup, "Reviewer");
  expect((await owner.client.post(TEAM_INVITATIONS, { email: reviewer.email, role: "reviewer", event_form_ids: [form.id] })).status).toBe(
    201,
  );
  const token = await mailedToken(t.database.db, reviewer.email, "team_invitation", "/team/join/");
  expect((await reviewer.client.post(`/api/v1/team_invitations/${token}/accept`)).status).toBe(200);
  const formChannel = eventFormChannel(form.id);
  const onReviewer = await listen(setup.victimSite, authOf(reviewer), [userChannel(reviewer.id), formChannel]);
  await setup.sdk.trigger(formChannel, APPLICATION_SUBMITTED_EVENT, { n: "before" });
  await within(5_000, "the form's event reaches the reviewer", () => eventsSince(onReviewer, 0, formChannel).length === 1);
  return { owner, reviewer, other, formChannel, onReviewer };
}

async function expectFormRefused(reviewer: Party, scene: Awaited<ReturnType<typeof reviewerListening>>, changedAt: number) {
  const { onReviewer, formChannel } = scene;
  const refused = await within(REVOKED_WITHIN_MS, "the form's subscription is ended", () =>
    onReviewer.received.find((r) => r.channel === formChannel && r.event === "pusher:subscription_error"),
  );
  expect(refused.data).toMatchObject({ type: "AuthError", status: 403 });
  await setup.sdk.trigger(formChannel, APPLICATION_SUBMITTED_EVENT, { n: "after" });
  await setup.sdk.trigger(userChannel(reviewer.id), NOTIFICATION_CREATED_EVENT, { n: "after" });
  // Events reach a socket in the order they were published: once the second is here, the first would be.
  await within(
    5_000,
    "the reviewer's own channel still works",
    () => eventsSince(onReviewer, changedAt, userChannel(reviewer.id)).length === 1,
  );
  expect(eventsSince(onReviewer, changedAt, formChannel)).toEqual([]);
  expect(onReviewer.pusher.connection.state).toBe("connected");
}

it("removal ends the member's subscription to the organization's form", async () => {
  const scene = await reviewerListening();
  expect((await scene.owner.client.delete(`${TEAM_MEMBERS}/${scene.reviewer.id}`)).status).toBe(200);
  await expectFormRefused(scene.reviewer, scene, Date.now());
}, 60_000);

it("a new role for other forms ends it", async () => {
  const scene = await reviewerListening();
  const moved = await scene.owner.client.put(`${TEAM_MEMBERS}/${scene.reviewer.id}`, { role: "finance", event_form_ids: [scene.other.id] });
  expect(moved.status).toBe(200);
  await expectFormRefused(scene.reviewer, scene, Date.now());
}, 60_000);

it("being limited to other forms ends it", async () => {
  const scene = await reviewerListening();
  const res = await scene.owner.client.put(`${TEAM_MEMBERS}/${scene.reviewer.id}`, { role: "reviewer", event_form_ids: [scene.other.id] });
  expect(res.status).toBe(200);
  await expectFormRefused(scene.reviewer, scene, Date.now());
}, 60_000);

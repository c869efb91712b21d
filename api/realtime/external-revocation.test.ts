/**
 * Revocation when realtime is external (PUSHER_HOST): the API cannot reach the sockets, so a deactivation,
 * a logout, a password change or a role's removal ends every socket signed in as the user on the external
 * server (terminate_connections), within two seconds, and no one else's. A client that connects again
 * with a live session gets back what it may still hear; an ended login is refused. Against the loopback
 * fake of the Pusher service, and against our own server playing the external one.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { chatPresenceChannel, eventFormChannel, userChannel } from "#schemas/realtime.ts";
import { converse } from "../testing/crowd-fixtures.ts";
import { startFakePusherService, type FakePusherService } from "../../tests/fakes/pusher-service.ts";
import { createEventForm, ownerWithCollection } from "../testing/event-fixtures.ts";
import { PASSWORD, registered, superAdmin } from "../testing/fixtures.ts";
import { createTestApi, type TestApi } from "../testing/harness.ts";
import {
  serveApiWithExternalRealtime,
  serveRealtime,
  type ExternalRealtimeApi,
  type RealtimeTestServer,
} from "../testing/realtime-server.ts";
import { disconnectListeners, members, within } from "../testing/revocation-scenarios.ts";
import { recheckAfterCommit } from "./broadcaster.ts";
import { httpBroadcaster } from "./publisher.ts";
import { expectTerminated, reconnected, signedInListener, through, type ExternalSetup } from "../testing/external-revocation-scenarios.ts";

let t: TestApi;
/** The presence channel of a conversation between the two: where each sees the other online. */
const talking = async (a: { id: number }, b: { id: number }) =>
  chatPresenceChannel((await converse(t.database.db, [{ between: [a.id, b.id], at: new Date() }]))[0]);
const figures: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApi();
});
afterEach(() => disconnectListeners());
afterAll(async () => {
  await t.close();
  console.info("[external revocation figures, ms]", JSON.stringify(figures));
});

describe("the fake Pusher service as the external server", () => {
  let fake: FakePusherService;
  let app: ExternalRealtimeApi;
  let setup: ExternalSetup;

  beforeAll(async () => {
    fake = await startFakePusherService();
    app = await serveApiWithExternalRealtime({ db: t.database.db, config: t.config, external: fake });
    setup = { t, api: app.api, site: { baseUrl: app.baseUrl, port: fake.port, app: fake.app }, signedInSockets: fake.signedInSockets };
  });
  afterAll(async () => {
    await app?.close();
    await fake?.close();
  });

  it("deactivation: the user's socket closes within 2 s, an unrelated user's stays and sees them leave", async () => {
    const admin = through(setup, await superAdmin(t));
    const victim = await registered(t, "Victim");
    const bystander = await registered(t, "Bystander");
    const online = await talking(victim, bystander);
    const onBystander = await signedInListener(setup, bystander, [userChannel(bystander.id), online]);
    const onVictim = await signedInListener(setup, victim, [userChannel(victim.id), online]);
    await within(2_000, "the bystander sees the victim online", () => members(onBystander, online).includes(String(victim.id)));

    const startedAt = Date.now();
    expect((await admin.put(`/api/v1/admin/users/${victim.id}/status`, { is_active: false })).status).toBe(200);
    figures.deactivation = await expectTerminated(onVictim, startedAt);
    expect(fake.record.terminations.filter((entry) => entry.userId === String(victim.id))).toMatchObject([{ sockets: 1 }]);
    await within(2_000, "the bystander sees the victim leave", () => !members(onBystander, online).includes(String(victim.id)));
    expect(onBystander.pusher.connection.state).toBe("connected");
    expect(fake.signedInSockets(String(bystander.id))).toBe(1);

    // Connecting again does not bring anything back: the login is over.
    const again = await reconnected(onVictim);
    expect(again.user).toBeNull();
    expect(again.channels).toEqual({ [userChannel(victim.id)]: 401, [online]: 401 });
  });

  it("logout: every socket of the user closes; the other session's connects again and keeps its channels", async () => {
    const victim = await registered(t, "Logging Out");
    const elsewhere = { id: victim.id, client: t.client() };
    expect((await elsewhere.client.post("/api/login", { email: victim.email, password: PASSWORD })).status).toBe(200);
    const onLeaving = await signedInListener(setup, victim, [userChannel(victim.id)]);
    const online = await talking(victim, await registered(t, "Chat Partner"));
    const onOtherTab = await signedInListener(setup, elsewhere, [userChannel(victim.id), online]);

    const startedAt = Date.now();
    expect((await through(setup, victim).post("/api/logout")).status).toBe(204);
    figures.logout = await expectTerminated(onLeaving, startedAt);
    await expectTerminated(onOtherTab, startedAt);

    expect((await reconnected(onLeaving)).user).toBeNull();
    const otherTab = await reconnected(onOtherTab);
    expect(otherTab.user).toMatchObject({ id: String(victim.id) });
    expect(otherTab.channels).toEqual({ [userChannel(victim.id)]: "subscribed", [online]: "subscribed" });
  });

  it("password change: the other session's socket closes and stays out; the changer's own connects again", async () => {
    const changer = await registered(t, "Changer");
    const elsewhere = { id: changer.id, client: t.client() };
    expect((await elsewhere.client.post("/api/login", { email: changer.email, password: PASSWORD })).status).toBe(200);
    const onOwn = await signedInListener(setup, changer, [userChannel(changer.id)]);
    const onOther = await signedInListener(setup, elsewhere, [userChannel(changer.id)]);

    const startedAt = Date.now();
    const res = await through(setup, changer).put("/api/user/password", {
      current_password: PASSWORD,
      password: "a new password 123",
      password_confirmation: "a new password 123",
    });
    expect(res.status).toBe(200);
    figures.passwordChange = await expectTerminated(onOther, startedAt);
    await expectTerminated(onOwn, startedAt);
    expect(await reconnected(onOther)).toEqual({ user: null, channels: { [userChannel(changer.id)]: 401 } });
    expect(await reconnected(onOwn)).toEqual({
      user: { id: String(changer.id), user_info: { name: "Changer" } },
      channels: { [userChannel(changer.id)]: "subscribed" },
    });
  });

  it("role removal: the socket closes; connected again, the form's channel is refused (403) and the user's own is back", async () => {
    const admin = through(setup, await superAdmin(t));
    const owner = await ownerWithCollection(t);
    const form = await createEventForm(owner.client, owner.collection.id);
    const onOwner = await signedInListener(setup, owner, [userChannel(owner.id), eventFormChannel(form.id)]);

    const startedAt = Date.now();
    expect((await admin.put(`/api/v1/admin/users/${owner.id}/roles`, { roles: [] })).status).toBe(200);
    figures.roleRemoval = await expectTerminated(onOwner, startedAt);
    const again = await reconnected(onOwner);
    expect(again.user).toMatchObject({ id: String(owner.id) });
    expect(again.channels).toEqual({ [userChannel(owner.id)]: "subscribed", [eventFormChannel(form.id)]: 403 });
  });
});

describe("the external broadcaster's recheck", () => {
  it("calls terminate_connections once per user; a refused call is logged and never thrown to the change", async () => {
    const fake = await startFakePusherService();
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const broadcaster = httpBroadcaster({ app: fake.app, baseUrl: fake.url });
      await broadcaster.recheck!([11, 12, 11]);
      expect(fake.record.terminations.map((entry) => entry.userId).sort()).toEqual(["11", "12"]);

      const forged = httpBroadcaster({ app: { ...fake.app, secret: "not the secret" }, baseUrl: fake.url });
      await expect(forged.recheck!([13])).rejects.toThrow(AggregateError);
      await recheckAfterCommit(forged, [13]);
      expect(error).toHaveBeenCalledWith(expect.stringContaining("failed"), expect.any(AggregateError));
      expect(fake.record.terminations.some((entry) => entry.userId === "13")).toBe(false);
    } finally {
      error.mockRestore();
      await fake.close();
    }
  });
});

describe("our own server as the external one", () => {
  let external: RealtimeTestServer;
  let app: ExternalRealtimeApi;
  let setup: ExternalSetup;

  beforeAll(async () => {
    external = await serveRealtime({ db: t.database.db, config: t.config });
    app = await serveApiWithExternalRealtime({
      db: t.database.db,
      config: t.config,
      external: { app: external.app, host: "127.0.0.1", port: external.port },
    });
    setup = {
      t,
      api: app.api,
      site: { baseUrl: app.baseUrl, port: external.port, app: external.app },
      signedInSockets: (userId) => external.realtime.server.signedIn.socketsOf(userId),
    };
  });
  afterAll(async () => {
    await app?.close();
    await external?.close();
  });

  it("deactivation: the user's socket closes within 2 s, an unrelated user's stays", async () => {
    const admin = through(setup, await superAdmin(t));
    const victim = await registered(t, "Victim Elsewhere");
    const bystander = await registered(t, "Bystander Elsewhere");
    const online = await talking(victim, bystander);
    const onBystander = await signedInListener(setup, bystander, [userChannel(bystander.id), online]);
    const onVictim = await signedInListener(setup, victim, [userChannel(victim.id), online]);

    const startedAt = Date.now();
    expect((await admin.put(`/api/v1/admin/users/${victim.id}/status`, { is_active: false })).status).toBe(200);
    figures.deactivationOnOwnServer = await expectTerminated(onVictim, startedAt);
    await within(2_000, "the bystander sees the victim leave", () => !members(onBystander, online).includes(String(victim.id)));
    expect(onBystander.pusher.connection.state).toBe("connected");
    expect(setup.signedInSockets(String(bystander.id))).toBe(1);
    expect(setup.signedInSockets(String(victim.id))).toBe(0);
  });
});

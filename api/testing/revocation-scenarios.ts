/**
 * What the revocation tests do on one process, on a cluster and on two instances sharing PostgreSQL: real
 * pusher-js clients, authorised by POST /broadcasting/auth with a session cookie or a bearer token, in
 * private and presence channels; a change that ends a login or a right; and what each side sees after it.
 * The "victim" listens on one site and the "peer" on another (or the same), so a revocation made through
 * one process's API has to reach the sockets of the others.
 */
import type Pusher from "pusher";
import type PusherJs from "pusher-js";
import { expect } from "vitest";
import {
  APPLICATION_SUBMITTED_EVENT,
  chatChannel,
  chatPresenceChannel,
  CONVERSATION_UPDATED_EVENT,
  eventFormChannel,
  MESSAGE_SENT_EVENT,
  NOTIFICATION_CREATED_EVENT,
  TYPING_CLIENT_EVENT,
  userChannel,
} from "#schemas/realtime.ts";
import { PASSWORD, uniqueEmail } from "./fixtures.ts";
import type { TestClient } from "./harness.ts";
import { createEventForm } from "./event-fixtures.ts";
import { setUpStartupProfile } from "./fixtures.ts";
import { channelKind } from "../realtime/protocol.ts";
import { connected, pusherClient, subscribed, type Channel, type ClientAuth, type PresenceChannel, type Site } from "./realtime-clients.ts";

/** The bound a revocation must meet, everywhere: measured from the answer of the request that made the change. */
export const REVOKED_WITHIN_MS = 2_000;

export interface Party {
  client: TestClient;
  id: number;
  email: string;
  token?: string;
}

export interface ScenarioSetup {
  /** A new client of the API the changes are made through. */
  browser(): TestClient;
  victimSite: Site;
  peerSite: Site;
  /** The official SDK: publishes test events through the Pusher HTTP API. */
  sdk: Pusher;
}

export interface Received {
  channel: string;
  event: string;
  data: unknown;
  at: number;
}

/** A pusher-js client subscribed to `channels`, recording everything it receives. */
export interface Listener {
  pusher: PusherJs;
  received: Received[];
  channels: Map<string, Channel>;
  /** When each user left each presence channel, as this client saw it. */
  removed: { channel: string; userId: string; at: number }[];
  /** When this client's connection stopped (closed by the server), and the code it was told. */
  stopped: { at: number; code: number | null } | null;
}

const opened: Listener[] = [];

export async function register(setup: ScenarioSetup, name: string, options: { token?: boolean } = {}): Promise<Party> {
  const client = setup.browser();
  const email = uniqueEmail("revoke");
  const res = await client.post("/api/register", { name, email, password: PASSWORD, password_confirmation: PASSWORD });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${JSON.stringify(res.body)}`);
  const party: Party = { client, id: res.body.user.id, email };
  if (options.token) {
    const token = await setup.browser().post("/sanctum/token", { email, password: PASSWORD, device_name: "revocation test" });
    party.token = token.body.token;
    // Its API calls too: a token does not go idle, whatever the session idle time.
    client.bearer = party.token;
  }
  return party;
}

export const authOf = (party: Party): ClientAuth => (party.token ? { bearer: party.token } : { cookies: party.client.cookies });

export async function listen(site: Site, auth: ClientAuth, channelNames: string[]): Promise<Listener> {
  const pusher = pusherClient(site, auth);
  const listener: Listener = { pusher, received: [], channels: new Map(), removed: [], stopped: null };
  opened.push(listener);
  pusher.connection.bind("error", (error: { type: string; data?: { code: number | null }; error?: { data?: { code: number | null } } }) => {
    const code = error.data?.code ?? error.error?.data?.code ?? null;
    // Codes from 4300 are errors on a socket that stays open (a refused client event).
    if (code !== null && code < 4300) listener.stopped ??= { at: Date.now(), code };
  });
  pusher.connection.bind("state_change", ({ current }: { current: string }) => {
    if (current === "disconnected" || current === "unavailable" || current === "failed")
      listener.stopped ??= { at: Date.now(), code: null };
  });
  await connected(pusher);
  for (const name of channelNames) {
    const channel = pusher.subscribe(name);
    channel.bind_global((event: string, data: unknown) => listener.received.push({ channel: name, event, data, at: Date.now() }));
    if (channelKind(name) === "presence")
      channel.bind("pusher:member_removed", (member: { id: string }) =>
        listener.removed.push({ channel: name, userId: member.id, at: Date.now() }),
      );
    listener.channels.set(name, channel);
  }
  await Promise.all([...listener.channels.values()].map((channel) => subscribed(channel)));
  return listener;
}

export function members(listener: Listener, channel: string): string[] {
  const ids: string[] = [];
  (listener.channels.get(channel) as PresenceChannel).members.each((member) => ids.push(member.id));
  return ids.sort();
}

/** Polls until `check` holds, failing after `ms`. */
export async function within<T>(ms: number, what: string, check: () => T | undefined | false): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`not within ${ms} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Application events (not pusher:* ones) a listener received on a channel since `since`. */
export const eventsSince = (listener: Listener, since: number, channel?: string) =>
  listener.received.filter((r) => r.at >= since && !r.event.startsWith("pusher:") && (channel === undefined || r.channel === channel));

export interface Chat {
  victim: Party;
  peer: Party;
  conversationId: number;
  onVictim: Listener;
  onPeer: Listener;
}

const chatChannels = (userId: number, conversationId: number) => [
  userChannel(userId),
  chatChannel(conversationId),
  chatPresenceChannel(conversationId),
];

/**
 * A victim and a peer in one conversation, both listening on their own channel and the chat's two
 * channels, seeing each other online in its presence channel; the victim's typing reaches the peer and the peer's
 * message reaches the victim, so everything works before the change.
 */
export async function chatting(setup: ScenarioSetup, victim: Party, peer: Party): Promise<Chat> {
  const started = await peer.client.post("/api/v1/admin/conversations", { user_id: victim.id });
  expect(started.status).toBe(201);
  const conversationId: number = started.body.data.id;
  const onPeer = await listen(setup.peerSite, authOf(peer), chatChannels(peer.id, conversationId));
  const onVictim = await listen(setup.victimSite, authOf(victim), chatChannels(victim.id, conversationId));
  await within(5_000, "both members seen", () => members(onPeer, chatPresenceChannel(conversationId)).includes(String(victim.id)));
  const before = Date.now();
  onVictim.channels.get(chatPresenceChannel(conversationId))!.trigger(TYPING_CLIENT_EVENT, { typing: true });
  await within(5_000, "typing reaches the peer", () =>
    eventsSince(onPeer, before, chatPresenceChannel(conversationId)).some((r) => r.event === TYPING_CLIENT_EVENT),
  );
  expect((await peer.client.post(`/api/v1/admin/conversations/${conversationId}/messages`, { body: "before" })).status).toBe(201);
  await within(5_000, "the message reaches the victim", () =>
    eventsSince(onVictim, before, chatChannel(conversationId)).some((r) => r.event === MESSAGE_SENT_EVENT),
  );
  return { victim, peer, conversationId, onVictim, onPeer };
}

export interface LoginEndFigures {
  /** From the answer of the change (or the session's idle expiry) to the peer's member_removed on the chat's presence channel. */
  memberRemovedMs: number;
  /** From the same moment to the victim's connection being closed by the server. */
  closedMs: number;
  /** Application events the victim received after it: always 0. */
  eventsAfter: number;
  /** The last event the victim received before it. */
  lastEventBefore: string | undefined;
}

/**
 * After the victim's login ended at `endedAt`: its socket is closed with 4009 within the bound, the peer
 * sees it leave the chat's presence channel (offline), its typing no longer reaches the peer, and the peer's next message
 * (MessageSent on the chat, ConversationUpdated on both users' channels) reaches only the peer.
 */
export async function expectLoginEnded(chat: Chat, endedAt: number): Promise<LoginEndFigures> {
  const { onVictim, onPeer, conversationId, victim, peer } = chat;
  const id = String(victim.id);
  // A session's idle expiry may still be ahead: the bound counts from it.
  const bound = Math.max(0, endedAt - Date.now()) + REVOKED_WITHIN_MS;
  const removed = await within(bound, "the peer sees the victim leave the chat's presence", () =>
    onPeer.removed.find((r) => r.channel === chatPresenceChannel(conversationId) && r.userId === id),
  );
  const stopped = await within(bound, "the victim's socket is closed", () =>
    onVictim.pusher.connection.state === "disconnected" ? (onVictim.stopped ?? undefined) : undefined,
  );
  // 4009: "connection is unauthorized", after which pusher-js does not reconnect.
  expect(stopped.code).toBe(4009);
  expect(members(onPeer, chatPresenceChannel(conversationId))).not.toContain(id);

  const after = Date.now();
  onVictim.channels.get(chatPresenceChannel(conversationId))!.trigger(TYPING_CLIENT_EVENT, { typing: true });
  expect((await peer.client.post(`/api/v1/admin/conversations/${conversationId}/messages`, { body: "after" })).status).toBe(201);
  await within(5_000, "the peer gets its own message", () =>
    eventsSince(onPeer, after, chatChannel(conversationId)).some((r) => r.event === MESSAGE_SENT_EVENT),
  );
  await within(5_000, "the peer gets its ConversationUpdated", () =>
    eventsSince(onPeer, after, userChannel(peer.id)).some((r) => r.event === CONVERSATION_UPDATED_EVENT),
  );
  expect(eventsSince(onPeer, after, chatPresenceChannel(conversationId))).toEqual([]);
  const late = eventsSince(onVictim, endedAt);
  expect(late).toEqual([]);
  const before = onVictim.received.filter((r) => r.at < endedAt && !r.event.startsWith("pusher:"));
  return {
    memberRemovedMs: removed.at - endedAt,
    closedMs: stopped.at - endedAt,
    eventsAfter: late.length,
    lastEventBefore: before.at(-1)?.event,
  };
}

/** A second session of the same user (another browser). */
export async function loggedInAgain(setup: ScenarioSetup, party: Party): Promise<Party> {
  const client = setup.browser();
  const res = await client.post("/api/login", { email: party.email, password: PASSWORD });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { ...party, client, token: undefined };
}

export interface RightEndFigures {
  /** From the answer of the role change to the owner's pusher:subscription_error (403) on the form's channel. */
  refusedMs: number;
  /** Events on the form's channel the owner received after it: always 0. */
  eventsAfter: number;
}

/**
 * Somebody listening on an event form's channel (with their own channel and a conversation's presence
 * channel, where a peer sees them online) loses the right
 * to read it through `revoke`: the form's owner itself, or a member `prepare` made (it runs before anyone
 * listens, and answers who listens). That subscription alone ends with 403 within the bound, the form's next
 * event does not reach it while their own channel still does, a new authorisation is refused, and they stay
 * online.
 */
async function formRightEnded(
  setup: ScenarioSetup,
  prepare: (owner: Party) => Promise<Party>,
  revoke: (listener: Party, owner: Party) => Promise<void>,
): Promise<RightEndFigures> {
  const owner = await register(setup, "Form Owner");
  await setUpStartupProfile(owner.client);
  const collection = await owner.client.post("/api/v1/admin/collections", { name: `Revocation ${owner.id}` });
  expect(collection.status).toBe(201);
  const form = await createEventForm(owner.client, collection.body.collection.id);
  const victim = await prepare(owner);
  const formChannel = eventFormChannel(form.id);
  const ownChannel = userChannel(victim.id);
  const peer = await register(setup, "Watcher", { token: true });
  const started = await peer.client.post("/api/v1/admin/conversations", { user_id: victim.id });
  expect(started.status).toBe(201);
  const presence = chatPresenceChannel(started.body.data.id);
  const onPeer = await listen(setup.peerSite, authOf(peer), [presence]);
  const onVictim = await listen(setup.victimSite, authOf(victim), [ownChannel, formChannel, presence]);
  await within(5_000, "the peer sees the listener online", () => members(onPeer, presence).includes(String(victim.id)));
  await setup.sdk.trigger(formChannel, APPLICATION_SUBMITTED_EVENT, { n: "before" });
  await within(5_000, "the form's event reaches the listener", () =>
    onVictim.received.some((r) => r.channel === formChannel && r.event === APPLICATION_SUBMITTED_EVENT),
  );

  await revoke(victim, owner);
  const changedAt = Date.now();
  const refused = await within(REVOKED_WITHIN_MS, "the form's subscription is ended", () =>
    onVictim.received.find((r) => r.channel === formChannel && r.event === "pusher:subscription_error"),
  );
  expect(refused.data).toMatchObject({ type: "AuthError", status: 403 });

  await setup.sdk.trigger(formChannel, APPLICATION_SUBMITTED_EVENT, { n: "after" });
  await setup.sdk.trigger(ownChannel, NOTIFICATION_CREATED_EVENT, { n: "after" });
  // Events reach a socket in the order they were published: once the second is here, the first would be.
  await within(5_000, "the listener's own channel still works", () => eventsSince(onVictim, changedAt, ownChannel).length === 1);
  const late = eventsSince(onVictim, changedAt, formChannel);
  expect(late).toEqual([]);
  const again = await victim.client.post("/broadcasting/auth", {
    socket_id: onVictim.pusher.connection.socket_id,
    channel_name: formChannel,
  });
  expect(again.status).toBe(403);
  expect(onVictim.pusher.connection.state).toBe("connected");
  expect(members(onPeer, presence)).toContain(String(victim.id));
  return { refusedMs: refused.at - changedAt, eventsAfter: late.length };
}

/** The form's owner loses its roles. */
export function rolesRemoved(setup: ScenarioSetup, admin: TestClient): Promise<RightEndFigures> {
  return formRightEnded(
    setup,
    async (owner) => owner,
    async (owner) => {
      const res = await admin.put(`/api/v1/admin/users/${owner.id}/roles`, { roles: [] });
      expect(res.status).toBe(200);
    },
  );
}

/**
 * The form's owner holds a role of its own (so the shared built-in roles stay as they are for the other
 * tests), and `event response read` is taken off that role.
 */
export function rolePermissionTaken(setup: ScenarioSetup, admin: TestClient): Promise<RightEndFigures> {
  let role = { id: 0, name: "" };
  return formRightEnded(
    setup,
    async (owner) => {
      const created = await admin.post("/api/v1/admin/roles", {
        name: `Form reader ${owner.id}`,
        permissions: ["event form read", "event response read"],
      });
      expect(created.status).toBe(201);
      role = created.body.role;
      expect((await admin.put(`/api/v1/admin/users/${owner.id}/roles`, { roles: [role.id] })).status).toBe(200);
      return owner;
    },
    async () => {
      const res = await admin.put(`/api/v1/admin/roles/${role.id}`, { name: role.name, permissions: ["event form read"] });
      expect(res.status).toBe(200);
    },
  );
}

/**
 * A reviewer the owner invited (the invitation's link read by `tokenFor`, from wherever the site's mail
 * goes) is removed from the team by the owner.
 */
export function memberRemoved(setup: ScenarioSetup, tokenFor: (email: string) => Promise<string>): Promise<RightEndFigures> {
  return formRightEnded(
    setup,
    async (owner) => {
      const member = await register(setup, "Reviewer");
      expect((await owner.client.post("/api/v1/admin/team_invitations", { email: member.email, role: "reviewer" })).status).toBe(201);
      const joined = await member.client.post(`/api/v1/team_invitations/${await tokenFor(member.email)}/accept`);
      expect(joined.status).toBe(200);
      return member;
    },
    async (member, owner) => {
      expect((await owner.client.delete(`/api/v1/admin/team_members/${member.id}`)).status).toBe(200);
    },
  );
}

/** Disconnects every client the scenarios opened (after each test). */
export function disconnectListeners(): void {
  for (const listener of opened.splice(0)) listener.pusher.disconnect();
}

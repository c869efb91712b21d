/**
 * One client socket: what it may say (subscribe, unsubscribe, ping, client events) and what it is told.
 * The server (socket-server.ts) owns the sockets and the registry; this file is the protocol's rules.
 */
import type { WebSocket } from "ws";
import type { ChannelRegistry, Member, Subscriber } from "./channels.ts";
import { ERRORS, channelKind, errorFrame, frame, isChannelName, parseFrame, type ProtocolError } from "./protocol.ts";
import { checkClientEvent, type ClientEventRule } from "./client-events.ts";
import type { PublishedEvent } from "./http-api.ts";
import type { AppCredentials } from "./signing.ts";
import { verifySubscriptionAuth, type Grant } from "./grants.ts";
import type { SubscriptionGrants } from "./revocation.ts";
import type { SocketQuota } from "./limits.ts";
import { serverToUserChannel } from "#schemas/realtime.ts";
import { signedInUserId, type SignedInSocket, type SignedInUsers } from "./signed-in-users.ts";
import { verifyUserAuth } from "./signing.ts";

export interface ConnectionLimits {
  /** Sizes the frame cap (Pusher's 10 KB of data): ws cuts a frame over twice this before it is read; each client event's own cap is its rule's. */
  maxEventBytes: number;
  /** The client events passed on, where, and how large (client-events.ts). */
  clientEvents: readonly ClientEventRule[];
  /** Client events one socket may send per second (Pusher: 10). */
  clientEventsPerSecond: number;
  /** A socket whose unsent output grows past this is too slow to keep: it is dropped, and reconnects. */
  maxBufferedBytes: number;
}

export interface ConnectionContext {
  app: AppCredentials;
  registry: ChannelRegistry;
  limits: ConnectionLimits;
  /** Publishes a client event that passed the rules: to this instance's sockets and, when there are any, to other instances'. */
  relay(event: PublishedEvent): void;
  log: (message: string, error?: unknown) => void;
  /** Ties subscriptions to the logins that authorised them, so they end with them (revocation.ts). */
  grants?: SubscriptionGrants;
  /** This process's sockets signed in as users, which terminate_connections ends (signed-in-users.ts). */
  signedIn: SignedInUsers;
}

const text = (value: string) => Buffer.from(value);

export class Connection implements Subscriber, SignedInSocket {
  readonly channels = new Set<string>();
  /** The user this socket signed in as (pusher:signin), if it did. */
  userId: string | null = null;
  /** When the client last said anything: the activity check pings only silent sockets. */
  lastSeen = Date.now();
  pingSentAt: number | null = null;
  private windowStart = 0;
  private eventsInWindow = 0;

  constructor(
    readonly socketId: string,
    private readonly ws: WebSocket,
    private readonly context: ConnectionContext,
    /** What this socket may still subscribe to, within its own and its address's caps (limits.ts). */
    private readonly quota: SocketQuota,
  ) {}

  send(data: Buffer | string): void {
    if (this.ws.readyState !== this.ws.OPEN) return;
    if (this.ws.bufferedAmount > this.context.limits.maxBufferedBytes) {
      this.close(ERRORS.shuttingDown.code, "Too slow to keep up");
      return;
    }
    this.ws.send(data, { binary: false });
  }

  close(code: number, reason: string): void {
    if (this.ws.readyState === this.ws.OPEN || this.ws.readyState === this.ws.CONNECTING) this.ws.close(code, reason);
  }

  /** Tells the client the error, and closes with its code (codes below 4300 end the connection). */
  fail(error: ProtocolError): void {
    this.send(errorFrame(error));
    this.close(error.code, error.message);
  }

  private error(error: ProtocolError, channel?: string) {
    this.send(errorFrame(error, channel));
  }

  receive(raw: string): void {
    this.lastSeen = Date.now();
    this.pingSentAt = null;
    const message = parseFrame(raw);
    if (!message) return this.error({ code: 4200, message: "Invalid message format" });
    const data = (message.data ?? {}) as Record<string, unknown>;
    switch (message.event) {
      case "pusher:ping":
        return this.send(frame("pusher:pong", {}));
      case "pusher:pong":
        return;
      case "pusher:subscribe":
        return this.subscribe(data.channel, data.auth, data.channel_data);
      case "pusher:unsubscribe":
        if (typeof data.channel === "string") this.unsubscribe(data.channel);
        return;
      case "pusher:signin":
        return this.signin(data.auth, data.user_data);
    }
    // Other pusher:* events are not offered; the rest is not the client's to send.
    if (message.event.startsWith("client-")) this.clientEvent(message.event, message.channel, message.data);
  }

  subscriptionError(channel: unknown, type: string, error: string, status: number): void {
    this.send(frame("pusher:subscription_error", { type, error, status }, typeof channel === "string" ? channel : undefined));
  }

  /**
   * Pusher's user authentication: user_data signed for this socket by /broadcasting/user-auth. A socket
   * signs in as one user at a time; a bad signature ends the connection (4009), as Pusher ends it.
   */
  private signin(auth: unknown, userData: unknown): void {
    const userId = typeof userData === "string" ? signedInUserId(userData) : null;
    if (!verifyUserAuth(this.context.app, auth, this.socketId, userData) || userId === null) return this.fail(ERRORS.signinRefused);
    if (this.userId !== null) this.context.signedIn.remove(this.userId, this);
    this.userId = userId;
    this.context.signedIn.add(userId, this);
    this.send(frame("pusher:signin_success", { user_data: userData }));
  }

  /** terminate_connections named this socket's user: it leaves its channels at once, so presence members see it go even if the client never answers the close. */
  terminate(): void {
    this.fail(ERRORS.terminated);
    this.closed();
  }

  private subscribe(channel: unknown, auth: unknown, channelData: unknown): void {
    const { app, registry } = this.context;
    // pusher-js subscribes to its user's own channel once signed in. The app sends users nothing there, so
    // it is acknowledged for the signed-in user's sockets only and held nowhere.
    if (this.userId !== null && channel === serverToUserChannel(this.userId))
      return this.send(frame("pusher_internal:subscription_succeeded", {}, channel));
    if (!isChannelName(channel)) return this.subscriptionError(channel, "InvalidChannel", "Invalid channel name", 400);
    const kind = channelKind(channel);
    let member: Member | null = null;
    let grant: Grant | null = null;
    if (kind !== "public") {
      const presence = kind === "presence";
      // A presence subscription's signature covers its channel_data: without one there is nothing to check.
      if (presence && typeof channelData !== "string") return this.subscriptionError(channel, "AuthError", "Invalid signature", 401);
      const signedData = presence ? (channelData as string) : undefined;
      const verified = verifySubscriptionAuth(app, auth, this.socketId, channel, signedData);
      if (!verified.valid) return this.subscriptionError(channel, "AuthError", verified.reason, 401);
      grant = verified.grant;
      member = signedData === undefined ? null : parseMember(signedData);
      if (presence && !member) return this.subscriptionError(channel, "AuthError", "channel_data must name a user_id", 400);
    }
    if (!this.channels.has(channel)) {
      const refusal = this.quota.takeSubscription();
      if (refusal) return this.subscriptionError(channel, refusal.type, refusal.error, refusal.status);
    }
    const { newMember } = registry.subscribe(channel, this, member);
    this.channels.add(channel);
    this.context.grants?.track(this, channel, grant);
    if (kind !== "presence") return this.send(frame("pusher_internal:subscription_succeeded", {}, channel));
    this.send(frame("pusher_internal:subscription_succeeded", { presence: registry.presence(channel) }, channel));
    if (newMember && member) {
      registry.broadcast(channel, text(frame("pusher_internal:member_added", member, channel)), this.socketId);
    }
  }

  unsubscribe(channel: string): void {
    const { registry } = this.context;
    const { wasSubscribed, leftMember } = registry.unsubscribe(channel, this);
    if (this.channels.delete(channel)) this.quota.releaseSubscription();
    this.context.grants?.untrack(this, channel);
    if (wasSubscribed && leftMember) {
      registry.broadcast(channel, text(frame("pusher_internal:member_removed", { user_id: leftMember.user_id }, channel)));
    }
  }

  /** The socket is gone: it leaves every channel (presence members it was the last socket of are removed) and gives its address's share back. */
  closed(): void {
    for (const channel of [...this.channels]) this.unsubscribe(channel);
    if (this.userId !== null) this.context.signedIn.remove(this.userId, this);
    this.quota.release();
  }

  private clientEvent(event: string, channel: unknown, data: unknown): void {
    const { registry, limits } = this.context;
    const rejected = (message: string, code: number = ERRORS.unauthorised.code) =>
      this.error({ code, message: `Client event rejected - ${message}` }, typeof channel === "string" ? channel : undefined);
    if (typeof channel !== "string") return rejected("no channel named");
    if (!registry.isSubscribed(channel, this)) return rejected("not subscribed to the channel");
    if (event.length > 200) return rejected("event name too long (200 characters at most)", ERRORS.clientEventRejected.code);
    const verdict = checkClientEvent(limits.clientEvents, channel, event, data, registry.memberOf(channel, this));
    if (!verdict.accepted) return rejected(verdict.reason, verdict.oversized ? ERRORS.clientEventRejected.code : ERRORS.unauthorised.code);
    const now = Date.now();
    if (now - this.windowStart >= 1000) {
      this.windowStart = now;
      this.eventsInWindow = 0;
    }
    if (++this.eventsInWindow > limits.clientEventsPerSecond) {
      return rejected(`rate limit of ${limits.clientEventsPerSecond} per second exceeded`, ERRORS.clientEventRejected.code);
    }
    // The sender's user id and info come from its authorised presence membership, never from the event itself.
    this.context.relay({ channels: [channel], event, data: verdict.data, socketId: this.socketId, userId: verdict.userId });
  }
}

/** channel_data as /broadcasting/auth signed it: {user_id, user_info?}; user ids are compared as strings. */
function parseMember(channelData: string): Member | null {
  try {
    const value = JSON.parse(channelData) as { user_id?: unknown; user_info?: unknown };
    const id = value?.user_id;
    if ((typeof id !== "string" || id === "") && typeof id !== "number") return null;
    return { user_id: String(id), ...(value.user_info === undefined ? {} : { user_info: value.user_info }) };
  } catch {
    return null;
  }
}

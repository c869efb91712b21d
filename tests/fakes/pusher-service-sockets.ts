/**
 * The fake Pusher service's WebSocket side, as Pusher Channels protocol 7 describes it: the handshake at
 * /app/{key}?protocol=7, public, private and presence subscriptions (signatures checked with the app
 * secret), pusher:signin (user authentication), ping and pong, and client events on private and presence
 * channels. Presence channels hold at most `maxPresenceMembers` members: the next member's subscription is
 * refused with pusher:subscription_error and recorded.
 */
import type { WebSocket } from "ws";
import { verifyChannelAuth, verifyUserAuth, type AppCredentials } from "#api/realtime/signing.ts";
import { FakeChannels, frameOf, type FakeMember } from "./pusher-service-channels.ts";
import type { FakePusherRecorder } from "./pusher-service.ts";

export interface FakeSocketContext {
  app: AppCredentials;
  channels: FakeChannels;
  maxPresenceMembers: number;
  record: FakePusherRecorder;
}

/** Pusher's channel name rule; "#server-to-user-{id}" is the signed-in user's own. */
const CHANNEL_NAME = /^[A-Za-z0-9_\-=@,.;]{1,200}$/;
const SERVER_TO_USER = "#server-to-user-";

let counter = 0;

export class FakeSocket {
  readonly socketId = `${1000 + ++counter}.${Math.floor(Math.random() * 1e9)}`;
  userId: string | null = null;
  private readonly subscriptions = new Set<string>();

  constructor(
    private readonly ws: WebSocket,
    private readonly context: FakeSocketContext,
  ) {
    ws.on("message", (raw) => this.receive(raw.toString()));
    ws.on("close", () => this.leaveAll());
    ws.on("error", () => ws.terminate());
    this.send(frameOf("pusher:connection_established", { socket_id: this.socketId, activity_timeout: 120 }));
  }

  send(frame: string): void {
    if (this.ws.readyState === this.ws.OPEN) this.ws.send(frame);
  }

  /** Sends the error and closes with its code, as Pusher ends a connection. */
  fail(code: number, message: string): void {
    this.send(frameOf("pusher:error", { code, message }));
    if (this.ws.readyState === this.ws.OPEN) this.ws.close(code, message);
    this.leaveAll();
  }

  /** terminate_connections named this socket's user: 4009, after which pusher-js does not reconnect by itself. */
  terminate(): void {
    this.fail(4009, "You got disconnected by the app.");
  }

  private receive(text: string): void {
    let message: { event?: unknown; channel?: unknown; data?: unknown };
    try {
      message = JSON.parse(text) as typeof message;
    } catch {
      return this.send(frameOf("pusher:error", { code: 4200, message: "Invalid message format" }));
    }
    const data = (typeof message.data === "string" ? safeParse(message.data) : message.data) as Record<string, unknown> | undefined;
    switch (message.event) {
      case "pusher:ping":
        return this.send(frameOf("pusher:pong", {}));
      case "pusher:pong":
        return;
      case "pusher:subscribe":
        return this.subscribe(data?.channel, data?.auth, data?.channel_data);
      case "pusher:unsubscribe":
        if (typeof data?.channel === "string") this.leave(data.channel);
        return;
      case "pusher:signin":
        return this.signin(data?.auth, data?.user_data);
    }
    if (typeof message.event === "string" && message.event.startsWith("client-"))
      this.clientEvent(message.event, message.channel, message.data);
  }

  private signin(auth: unknown, userData: unknown): void {
    const parsed = typeof userData === "string" ? (safeParse(userData) as { id?: unknown } | undefined) : undefined;
    const id = parsed?.id;
    if (!verifyUserAuth(this.context.app, auth, this.socketId, userData) || typeof id !== "string" || id === "")
      return this.fail(4009, "Connection not authorized.");
    if (this.userId !== null) this.context.channels.signOut(this.userId, this);
    this.userId = id;
    this.context.channels.signIn(id, this);
    this.context.record.signin(id, this.socketId);
    this.send(frameOf("pusher:signin_success", { user_data: userData }));
  }

  private subscriptionError(channel: string, type: string, error: string, status: number): void {
    this.send(frameOf("pusher:subscription_error", { type, error, status }, channel));
  }

  private subscribe(channel: unknown, auth: unknown, channelData: unknown): void {
    if (typeof channel !== "string") return;
    const { app, channels, maxPresenceMembers, record } = this.context;
    if (channel.startsWith(SERVER_TO_USER)) {
      if (this.userId === null || channel !== `${SERVER_TO_USER}${this.userId}`)
        return this.subscriptionError(channel, "AuthError", "Not signed in as this user", 401);
      channels.subscribe(channel, this, null);
      this.subscriptions.add(channel);
      return this.send(frameOf("pusher_internal:subscription_succeeded", {}, channel));
    }
    if (!CHANNEL_NAME.test(channel)) return this.subscriptionError(channel, "InvalidChannel", "Invalid channel name", 400);
    const presence = channel.startsWith("presence-");
    const signed = presence || channel.startsWith("private-");
    let member: FakeMember | null = null;
    if (signed) {
      const text = presence && typeof channelData === "string" ? channelData : undefined;
      if ((presence && text === undefined) || !verifyChannelAuth(app, auth, this.socketId, channel, text))
        return this.subscriptionError(channel, "AuthError", "Invalid signature", 401);
      if (presence) {
        const parsed = safeParse(text!) as { user_id?: unknown; user_info?: unknown } | undefined;
        if (parsed?.user_id === undefined || parsed.user_id === "") return this.subscriptionError(channel, "AuthError", "No user_id", 400);
        member = { user_id: String(parsed.user_id), user_info: parsed.user_info };
        if (channels.isNewMember(channel, member.user_id) && channels.memberCount(channel) >= maxPresenceMembers) {
          record.refuse({ kind: "presence-full", channel, userId: member.user_id, members: channels.memberCount(channel) });
          return this.subscriptionError(
            channel,
            "LimitReached",
            `The maximum members per presence channel (${maxPresenceMembers}) was reached`,
            4100,
          );
        }
      }
    }
    const isNew = channels.subscribe(channel, this, member);
    this.subscriptions.add(channel);
    if (!presence) return this.send(frameOf("pusher_internal:subscription_succeeded", {}, channel));
    record.presenceMembers(channels.memberCount(channel));
    this.send(frameOf("pusher_internal:subscription_succeeded", channels.presence(channel), channel));
    if (isNew && member) channels.broadcast(channel, frameOf("pusher_internal:member_added", member, channel), this.socketId);
  }

  private leave(channel: string): void {
    if (!this.subscriptions.delete(channel)) return;
    const left = this.context.channels.unsubscribe(channel, this);
    if (left !== null) this.context.channels.broadcast(channel, frameOf("pusher_internal:member_removed", { user_id: left }, channel));
  }

  /** The socket is gone, or closed by the service: it leaves every channel and is no longer signed in. */
  private leaveAll(): void {
    for (const channel of [...this.subscriptions]) this.leave(channel);
    if (this.userId !== null) this.context.channels.signOut(this.userId, this);
  }

  private clientEvent(event: string, channel: unknown, data: unknown): void {
    const { channels } = this.context;
    if (typeof channel !== "string" || !(channel.startsWith("private-") || channel.startsWith("presence-")))
      return this.send(frameOf("pusher:error", { code: 4301, message: "Client events are for private and presence channels" }));
    if (!channels.isSubscribed(channel, this))
      return this.send(frameOf("pusher:error", { code: 4301, message: "Client event rejected - not subscribed" }));
    const member = channels.memberOf(channel, this);
    const frame = JSON.stringify({
      event,
      channel,
      data: typeof data === "string" ? data : JSON.stringify(data),
      ...(member ? { user_id: member.user_id } : {}),
    });
    channels.broadcast(channel, frame, this.socketId);
  }
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

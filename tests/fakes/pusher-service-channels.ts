/**
 * The fake Pusher service's state: which sockets are in which channel, presence members (one per user,
 * however many sockets), and which sockets are signed in as which user. Kept apart from the protocol
 * (pusher-service-sockets.ts) and the HTTP API (pusher-service-http.ts), which both read it.
 */

export interface FakeMember {
  user_id: string;
  user_info?: unknown;
}

/** A socket as the state sees it. */
export interface FakeSubscriber {
  readonly socketId: string;
  send(frame: string): void;
}

interface FakeChannel {
  sockets: Map<FakeSubscriber, FakeMember | null>;
  /** Presence channels: user id → the member and how many of its sockets are in. */
  members: Map<string, { member: FakeMember; sockets: number }>;
}

export const frameOf = (event: string, data: unknown, channel?: string) =>
  JSON.stringify({ event, ...(channel === undefined ? {} : { channel }), data: typeof data === "string" ? data : JSON.stringify(data) });

export class FakeChannels {
  private readonly channels = new Map<string, FakeChannel>();
  private readonly signedIn = new Map<string, Set<FakeSubscriber & { terminate(): void }>>();

  /** Whether the user would be a new member of the presence channel (not already there with another socket). */
  isNewMember(name: string, userId: string): boolean {
    return !this.channels.get(name)?.members.has(userId);
  }

  memberCount(name: string): number {
    return this.channels.get(name)?.members.size ?? 0;
  }

  /** Adds the socket; answers whether its member is new to the channel (the others are told). */
  subscribe(name: string, socket: FakeSubscriber, member: FakeMember | null): boolean {
    let channel = this.channels.get(name);
    if (!channel) this.channels.set(name, (channel = { sockets: new Map(), members: new Map() }));
    if (channel.sockets.has(socket)) return false;
    channel.sockets.set(socket, member);
    if (!member) return false;
    const held = channel.members.get(member.user_id);
    if (held) {
      held.sockets += 1;
      return false;
    }
    channel.members.set(member.user_id, { member, sockets: 1 });
    return true;
  }

  /** Removes the socket; answers the user id of a member whose last socket left. */
  unsubscribe(name: string, socket: FakeSubscriber): string | null {
    const channel = this.channels.get(name);
    if (!channel?.sockets.has(socket)) return null;
    const member = channel.sockets.get(socket);
    channel.sockets.delete(socket);
    let left: string | null = null;
    if (member) {
      const held = channel.members.get(member.user_id)!;
      if (--held.sockets === 0) {
        channel.members.delete(member.user_id);
        left = member.user_id;
      }
    }
    if (!channel.sockets.size) this.channels.delete(name);
    return left;
  }

  isSubscribed(name: string, socket: FakeSubscriber): boolean {
    return this.channels.get(name)?.sockets.has(socket) ?? false;
  }

  memberOf(name: string, socket: FakeSubscriber): FakeMember | null {
    return this.channels.get(name)?.sockets.get(socket) ?? null;
  }

  /** pusher_internal:subscription_succeeded's presence data. */
  presence(name: string) {
    const members = [...(this.channels.get(name)?.members.values() ?? [])].map((held) => held.member);
    return {
      presence: {
        ids: members.map((member) => member.user_id),
        hash: Object.fromEntries(members.map((member) => [member.user_id, member.user_info ?? null])),
        count: members.length,
      },
    };
  }

  members(name: string): string[] {
    return [...(this.channels.get(name)?.members.keys() ?? [])];
  }

  /** Sends a frame to every socket of the channel but `except`. */
  broadcast(name: string, frame: string, except?: string): void {
    for (const socket of this.channels.get(name)?.sockets.keys() ?? []) if (socket.socketId !== except) socket.send(frame);
  }

  occupied(prefix = ""): string[] {
    return [...this.channels.keys()].filter((name) => name.startsWith(prefix));
  }

  subscriptionCount(name: string): number {
    return this.channels.get(name)?.sockets.size ?? 0;
  }

  signIn(userId: string, socket: FakeSubscriber & { terminate(): void }): void {
    let sockets = this.signedIn.get(userId);
    if (!sockets) this.signedIn.set(userId, (sockets = new Set()));
    sockets.add(socket);
  }

  signOut(userId: string, socket: FakeSubscriber & { terminate(): void }): void {
    const sockets = this.signedIn.get(userId);
    if (!sockets?.delete(socket)) return;
    if (!sockets.size) this.signedIn.delete(userId);
  }

  /** Closes every socket signed in as the user; answers how many. */
  terminate(userId: string): number {
    const sockets = [...(this.signedIn.get(userId) ?? [])];
    this.signedIn.delete(userId);
    for (const socket of sockets) socket.terminate();
    return sockets.length;
  }

  signedInSockets(userId: string): number {
    return this.signedIn.get(userId)?.size ?? 0;
  }
}

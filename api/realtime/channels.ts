/**
 * Who is subscribed to what on this instance: channels with their sockets and, for presence channels,
 * their members. A user with several sockets in a presence channel is one member: added with the first
 * socket, removed with the last.
 */
import { channelKind } from "./protocol.ts";

/** A socket as the registry sees it. */
export interface Subscriber {
  readonly socketId: string;
  /** A ready frame: the same bytes go to every socket of a channel. */
  send(frame: Buffer): void;
}

export interface Member {
  user_id: string;
  user_info?: unknown;
}

interface Channel {
  sockets: Map<Subscriber, Member | null>;
  /** Presence channels only: user id → the member and how many of its sockets are in the channel. */
  members?: Map<string, { member: Member; sockets: number }>;
}

export interface PresenceSnapshot {
  ids: string[];
  hash: Record<string, unknown>;
  count: number;
}

export class ChannelRegistry {
  private readonly channels = new Map<string, Channel>();

  /**
   * Adds the socket; for a presence channel returns whether its user is a new member (others are told
   * with member_added). Subscribing twice is harmless.
   */
  subscribe(name: string, socket: Subscriber, member: Member | null = null): { newMember: boolean } {
    let channel = this.channels.get(name);
    if (!channel) {
      channel = { sockets: new Map(), members: channelKind(name) === "presence" ? new Map() : undefined };
      this.channels.set(name, channel);
    }
    if (channel.sockets.has(socket)) return { newMember: false };
    channel.sockets.set(socket, member);
    if (!channel.members || !member) return { newMember: false };
    const existing = channel.members.get(member.user_id);
    if (existing) {
      existing.sockets += 1;
      return { newMember: false };
    }
    channel.members.set(member.user_id, { member, sockets: 1 });
    return { newMember: true };
  }

  /** Removes the socket; returns the member that left the presence channel with it, if it was their last socket. */
  unsubscribe(name: string, socket: Subscriber): { wasSubscribed: boolean; leftMember: Member | null } {
    const channel = this.channels.get(name);
    if (!channel || !channel.sockets.has(socket)) return { wasSubscribed: false, leftMember: null };
    const member = channel.sockets.get(socket) ?? null;
    channel.sockets.delete(socket);
    let leftMember: Member | null = null;
    if (channel.members && member) {
      const entry = channel.members.get(member.user_id);
      if (entry && --entry.sockets === 0) {
        channel.members.delete(member.user_id);
        leftMember = entry.member;
      }
    }
    if (channel.sockets.size === 0) this.channels.delete(name);
    return { wasSubscribed: true, leftMember };
  }

  isSubscribed(name: string, socket: Subscriber): boolean {
    return this.channels.get(name)?.sockets.has(socket) ?? false;
  }

  /** The member a socket joined a presence channel as. */
  memberOf(name: string, socket: Subscriber): Member | null {
    return this.channels.get(name)?.sockets.get(socket) ?? null;
  }

  presence(name: string): PresenceSnapshot {
    const members = [...(this.channels.get(name)?.members?.values() ?? [])].map((entry) => entry.member);
    return {
      ids: members.map((m) => m.user_id),
      hash: Object.fromEntries(members.map((m) => [m.user_id, m.user_info ?? null])),
      count: members.length,
    };
  }

  /** Sends one frame to every socket of the channel but `except` (the publisher's own socket, if given). */
  broadcast(name: string, frame: Buffer, exceptSocketId?: string): number {
    const channel = this.channels.get(name);
    if (!channel) return 0;
    let sent = 0;
    for (const socket of channel.sockets.keys()) {
      if (socket.socketId === exceptSocketId) continue;
      socket.send(frame);
      sent++;
    }
    return sent;
  }

  subscriptionCount(name: string): number {
    return this.channels.get(name)?.sockets.size ?? 0;
  }

  userCount(name: string): number {
    return this.channels.get(name)?.members?.size ?? 0;
  }

  /** Occupied channels (at least one socket), optionally only those starting with `prefix`. */
  occupied(prefix = ""): string[] {
    return [...this.channels.keys()].filter((name) => name.startsWith(prefix));
  }

  presenceUsers(name: string): string[] {
    return [...(this.channels.get(name)?.members?.keys() ?? [])];
  }
}

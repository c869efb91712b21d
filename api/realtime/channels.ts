/**
 * Who is subscribed to what: this process's channels with their sockets and, for presence channels, their
 * members; and, when the server runs several processes (cluster workers on the embedded database), what
 * the other processes reported of theirs. A user with several sockets in a presence channel is one member,
 * wherever those sockets are: added with the first socket, removed with the last.
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

/**
 * What one process's sockets did to a channel: sockets added (negative: removed), and the users that
 * became members there (their first socket in it) or stopped being members there (their last one left).
 */
export interface OccupancyChange {
  channel: string;
  sockets: number;
  joined?: Member[];
  left?: string[];
}

interface Channel {
  sockets: Map<Subscriber, Member | null>;
  /** Presence channels only: user id → the member and how many of its sockets are in the channel. */
  members?: Map<string, { member: Member; sockets: number }>;
}

/** The other processes' share of a channel: their socket count and, per user, in how many processes they are members. */
interface RemoteChannel {
  sockets: number;
  members: Map<string, { member: Member; processes: number }>;
}

export interface PresenceSnapshot {
  ids: string[];
  hash: Record<string, unknown>;
  count: number;
}

export class ChannelRegistry {
  private readonly channels = new Map<string, Channel>();
  private readonly remote = new Map<string, RemoteChannel>();
  /** Set when other processes share the server: told of every change here, to pass on to them. */
  onLocalChange?: (change: OccupancyChange) => void;

  /**
   * Adds the socket; for a presence channel returns whether its user is a new member of the channel,
   * in any process (others are told with member_added). Subscribing twice is harmless.
   */
  subscribe(name: string, socket: Subscriber, member: Member | null = null): { newMember: boolean } {
    let channel = this.channels.get(name);
    if (!channel) {
      channel = { sockets: new Map(), members: channelKind(name) === "presence" ? new Map() : undefined };
      this.channels.set(name, channel);
    }
    if (channel.sockets.has(socket)) return { newMember: false };
    channel.sockets.set(socket, member);
    let joinedHere = false;
    if (channel.members && member) {
      const existing = channel.members.get(member.user_id);
      if (existing) existing.sockets += 1;
      else {
        channel.members.set(member.user_id, { member, sockets: 1 });
        joinedHere = true;
      }
    }
    this.onLocalChange?.({ channel: name, sockets: 1, ...(joinedHere && member ? { joined: [member] } : {}) });
    return { newMember: joinedHere && !this.remote.get(name)?.members.has(member!.user_id) };
  }

  /**
   * Removes the socket; returns the member that left the presence channel with it: their last socket here,
   * and none in another process.
   */
  unsubscribe(name: string, socket: Subscriber): { wasSubscribed: boolean; leftMember: Member | null } {
    const channel = this.channels.get(name);
    if (!channel || !channel.sockets.has(socket)) return { wasSubscribed: false, leftMember: null };
    const member = channel.sockets.get(socket) ?? null;
    channel.sockets.delete(socket);
    let leftHere: Member | null = null;
    if (channel.members && member) {
      const entry = channel.members.get(member.user_id);
      if (entry && --entry.sockets === 0) {
        channel.members.delete(member.user_id);
        leftHere = entry.member;
      }
    }
    if (channel.sockets.size === 0) this.channels.delete(name);
    this.onLocalChange?.({ channel: name, sockets: -1, ...(leftHere ? { left: [leftHere.user_id] } : {}) });
    const stillElsewhere = leftHere !== null && this.remote.get(name)?.members.has(leftHere.user_id);
    return { wasSubscribed: true, leftMember: stillElsewhere ? null : leftHere };
  }

  /**
   * Another process's change; returns the members that came or went for the server as a whole, which this
   * process's sockets in the channel are to be told of.
   */
  applyRemote(change: OccupancyChange): { added: Member[]; removed: string[] } {
    const added: Member[] = [];
    const removed: string[] = [];
    let remote = this.remote.get(change.channel);
    if (!remote) this.remote.set(change.channel, (remote = { sockets: 0, members: new Map() }));
    remote.sockets += change.sockets;
    const local = this.channels.get(change.channel)?.members;
    for (const member of change.joined ?? []) {
      const entry = remote.members.get(member.user_id);
      if (entry) entry.processes += 1;
      else {
        remote.members.set(member.user_id, { member, processes: 1 });
        if (!local?.has(member.user_id)) added.push(member);
      }
    }
    for (const userId of change.left ?? []) {
      const entry = remote.members.get(userId);
      if (!entry || --entry.processes > 0) continue;
      remote.members.delete(userId);
      if (!local?.has(userId)) removed.push(userId);
    }
    if (remote.sockets <= 0 && remote.members.size === 0) this.remote.delete(change.channel);
    return { added, removed };
  }

  isSubscribed(name: string, socket: Subscriber): boolean {
    return this.channels.get(name)?.sockets.has(socket) ?? false;
  }

  /** The member a socket joined a presence channel as. */
  memberOf(name: string, socket: Subscriber): Member | null {
    return this.channels.get(name)?.sockets.get(socket) ?? null;
  }

  /** The channel's members in every process: this process's first, then the others'. */
  private members(name: string): Map<string, Member> {
    const members = new Map<string, Member>();
    for (const [id, entry] of this.channels.get(name)?.members ?? []) members.set(id, entry.member);
    for (const [id, entry] of this.remote.get(name)?.members ?? []) if (!members.has(id)) members.set(id, entry.member);
    return members;
  }

  presence(name: string): PresenceSnapshot {
    const members = [...this.members(name).values()];
    return {
      ids: members.map((m) => m.user_id),
      hash: Object.fromEntries(members.map((m) => [m.user_id, m.user_info ?? null])),
      count: members.length,
    };
  }

  /** Sends one frame to every socket of the channel in this process but `except` (the publisher's own socket, if given). */
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

  /** Whether this process has a socket in the channel (what delivering an event here needs to know). */
  hasLocalSockets(name: string): boolean {
    return this.channels.has(name);
  }

  /** Sockets in the channel, in every process. */
  subscriptionCount(name: string): number {
    return (this.channels.get(name)?.sockets.size ?? 0) + Math.max(0, this.remote.get(name)?.sockets ?? 0);
  }

  userCount(name: string): number {
    return this.members(name).size;
  }

  /** Occupied channels (at least one socket in some process), optionally only those starting with `prefix`. */
  occupied(prefix = ""): string[] {
    const names = new Set(this.channels.keys());
    for (const [name, remote] of this.remote) if (remote.sockets > 0) names.add(name);
    return [...names].filter((name) => name.startsWith(prefix));
  }

  presenceUsers(name: string): string[] {
    return [...this.members(name).keys()];
  }

  /** Channels this registry keeps anything of, here or from other processes: none once nobody is subscribed. */
  get channelsKept(): number {
    return new Set([...this.channels.keys(), ...this.remote.keys()]).size;
  }
}

/**
 * A record of what each other process's sockets occupy: per process (a cluster worker, or an instance on
 * PostgreSQL), per channel, its socket count and its presence members. Processes report their changes;
 * this record lets one that starts later learn the others' state at once, lets a full state replace what
 * was known (only the difference is announced), and lets the others forget a process's sockets and
 * members when it is gone without saying goodbye. Kept by the cluster's primary (server/process-hub.ts)
 * and by each instance on PostgreSQL (instance-occupancy.ts).
 */
import type { Member, OccupancyChange } from "./channels.ts";

interface Share {
  sockets: number;
  members: Map<string, Member>;
}

export class OccupancyRelay<Process> {
  private readonly shares = new Map<Process, Map<string, Share>>();

  /**
   * Takes a process's report into its record; returns what it changed: members it did not have yet
   * joining, members it had leaving, and its socket count never below zero. A report that arrives before
   * the state it changes (an instance heard from before its full state came) changes nothing it cannot.
   */
  record(process: Process, changes: OccupancyChange[]): OccupancyChange[] {
    let channels = this.shares.get(process);
    if (!channels) this.shares.set(process, (channels = new Map()));
    const effective: OccupancyChange[] = [];
    for (const change of changes) {
      let share = channels.get(change.channel);
      if (!share) channels.set(change.channel, (share = { sockets: 0, members: new Map() }));
      const sockets = Math.max(-share.sockets, change.sockets);
      share.sockets += sockets;
      const joined = (change.joined ?? []).filter((member) => !share.members.has(member.user_id));
      for (const member of joined) share.members.set(member.user_id, member);
      const left = (change.left ?? []).filter((userId) => share.members.delete(userId));
      if (share.sockets === 0 && share.members.size === 0) channels.delete(change.channel);
      if (sockets || joined.length || left.length)
        effective.push({ channel: change.channel, sockets, ...(joined.length ? { joined } : {}), ...(left.length ? { left } : {}) });
    }
    return effective;
  }

  /** A process's current state, as the changes that build it from nothing. */
  stateOf(process: Process): OccupancyChange[] {
    return [...(this.shares.get(process) ?? [])].map(([channel, share]) => ({
      channel,
      sockets: share.sockets,
      joined: [...share.members.values()],
    }));
  }

  /** Every other process's current state: for a process that just started. */
  stateExcept(process: Process): OccupancyChange[] {
    return [...this.shares.keys()].filter((owner) => owner !== process).flatMap((owner) => this.stateOf(owner));
  }

  /**
   * Replaces what is known of a process with its full state (built as `stateOf` gives it); returns the
   * changes from the old record to the new one, so that nobody who stayed is announced again.
   */
  replace(process: Process, state: OccupancyChange[]): OccupancyChange[] {
    const before = this.shares.get(process) ?? new Map<string, Share>();
    this.shares.delete(process);
    this.record(process, state);
    const after = this.shares.get(process) ?? new Map<string, Share>();
    const differences: OccupancyChange[] = [];
    for (const channel of new Set([...before.keys(), ...after.keys()])) {
      const old = before.get(channel);
      const now = after.get(channel);
      const joined = [...(now?.members.values() ?? [])].filter((member) => !old?.members.has(member.user_id));
      const left = [...(old?.members.keys() ?? [])].filter((userId) => !now?.members.has(userId));
      const sockets = (now?.sockets ?? 0) - (old?.sockets ?? 0);
      if (sockets || joined.length || left.length)
        differences.push({ channel, sockets, ...(joined.length ? { joined } : {}), ...(left.length ? { left } : {}) });
    }
    return differences;
  }

  /** Drops a process's record; returns the changes that take its sockets and members out of the others' view. */
  forget(process: Process): OccupancyChange[] {
    const channels = this.shares.get(process);
    this.shares.delete(process);
    return [...(channels ?? [])].map(([channel, share]) => ({ channel, sockets: -share.sockets, left: [...share.members.keys()] }));
  }

  /** Channels recorded across every process: a channel is dropped with its last socket and member. */
  channelCount(): number {
    let count = 0;
    for (const channels of this.shares.values()) count += channels.size;
    return count;
  }

  /** The processes with a record. */
  known(): Process[] {
    return [...this.shares.keys()];
  }
}

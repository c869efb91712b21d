/**
 * The primary's record of what each cluster worker's sockets occupy (embedded database, WEB_CONCURRENCY > 1):
 * per worker, per channel, its socket count and its presence members. Workers report their changes and the
 * hub passes them on; this record lets a worker that starts later learn the others' state at once, and
 * lets the others forget a worker's sockets and members when it dies without saying goodbye.
 */
import type { Member, OccupancyChange } from "../api/realtime/channels.ts";

interface Share {
  sockets: number;
  members: Map<string, Member>;
}

export class OccupancyRelay<Process> {
  private readonly shares = new Map<Process, Map<string, Share>>();

  /** Takes a worker's report into its record. */
  record(process: Process, changes: OccupancyChange[]): void {
    let channels = this.shares.get(process);
    if (!channels) this.shares.set(process, (channels = new Map()));
    for (const change of changes) {
      let share = channels.get(change.channel);
      if (!share) channels.set(change.channel, (share = { sockets: 0, members: new Map() }));
      share.sockets += change.sockets;
      for (const member of change.joined ?? []) share.members.set(member.user_id, member);
      for (const userId of change.left ?? []) share.members.delete(userId);
      if (share.sockets <= 0 && share.members.size === 0) channels.delete(change.channel);
    }
  }

  /** Every other worker's current state, as the changes that build it from nothing: for a worker that just started. */
  stateExcept(process: Process): OccupancyChange[] {
    const changes: OccupancyChange[] = [];
    for (const [owner, channels] of this.shares) {
      if (owner === process) continue;
      for (const [channel, share] of channels) changes.push({ channel, sockets: share.sockets, joined: [...share.members.values()] });
    }
    return changes;
  }

  /** Drops a worker's record; returns the changes that take its sockets and members out of the others' view. */
  forget(process: Process): OccupancyChange[] {
    const channels = this.shares.get(process);
    this.shares.delete(process);
    return [...(channels ?? [])].map(([channel, share]) => ({ channel, sockets: -share.sockets, left: [...share.members.keys()] }));
  }
}

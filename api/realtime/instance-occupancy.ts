/**
 * Presence across instances on PostgreSQL (postgres-fanout.ts carries the messages): each instance tells
 * the others what its sockets do to their channels, repeats its whole state every heartbeat, answers a
 * starting instance's hello with it, and says goodbye with an empty state. An instance not heard from for
 * three heartbeats (killed, cut off) is forgotten, so its members leave. NOTIFY reaches only instances
 * listening at the time: the heartbeat's whole state mends whatever one of them missed.
 */
import type { OccupancyChange } from "./channels.ts";
import { OccupancyRelay } from "./occupancy-relay.ts";

export const PRESENCE_HEARTBEAT_MS = 15_000;
/** Heartbeats an instance may miss before it counts as gone. */
const MISSED_HEARTBEATS = 3;

/** What one instance's message says of its sockets. */
export interface OccupancyMessage {
  /** Changes since its last message. */
  p?: OccupancyChange[];
  /** Its whole state, replacing what was known of it. */
  s?: OccupancyChange[];
  /** It has just started listening and asks for everyone's whole state. */
  h?: true;
}

export class InstanceOccupancy {
  private readonly others = new OccupancyRelay<string>();
  private readonly mine = new OccupancyRelay<"mine">();
  private readonly lastHeard = new Map<string, number>();

  constructor(
    /** Applies the other instances' changes to this instance's registry (the socket server's). */
    private readonly apply: (changes: OccupancyChange[]) => void,
    private readonly heartbeatMs = PRESENCE_HEARTBEAT_MS,
  ) {}

  /** This instance's own changes, kept for its whole state. */
  local(changes: OccupancyChange[]): void {
    this.mine.record("mine", changes);
  }

  /** This instance's whole state, for a heartbeat or an answer. */
  state(): OccupancyChange[] {
    return this.mine.stateOf("mine");
  }

  /** Another instance's message; returns whether it asked for this instance's state. */
  heard(origin: string, message: OccupancyMessage, now = Date.now()): boolean {
    if (message.s) this.changed(this.others.replace(origin, message.s));
    if (message.p) this.changed(this.others.record(origin, message.p));
    // An instance with no sockets (or saying goodbye) has nothing to remember or to time out.
    if (this.others.stateOf(origin).length) this.lastHeard.set(origin, now);
    else {
      this.lastHeard.delete(origin);
      this.others.forget(origin);
    }
    return message.h === true;
  }

  /** Forgets the instances silent for longer than the heartbeats they may miss. */
  expire(now = Date.now()): void {
    for (const [origin, heard] of this.lastHeard) {
      if (now - heard <= this.heartbeatMs * MISSED_HEARTBEATS) continue;
      this.lastHeard.delete(origin);
      this.changed(this.others.forget(origin));
    }
  }

  /** Channels kept, of this instance and the others: none once nobody is subscribed anywhere. */
  get channelsKept(): number {
    return this.mine.channelCount() + this.others.channelCount();
  }

  private changed(changes: OccupancyChange[]) {
    if (changes.length) this.apply(changes);
  }
}

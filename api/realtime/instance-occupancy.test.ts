/**
 * Presence across instances on PostgreSQL, without the database: what one instance makes of the others'
 * messages (changes, whole states, hellos, goodbyes) and of their silence.
 */
import { describe, expect, it } from "vitest";
import type { OccupancyChange } from "./channels.ts";
import { InstanceOccupancy } from "./instance-occupancy.ts";

const CHANNEL = "presence-chat.1";
const ada = { user_id: "1" };
const bo = { user_id: "2" };

function instance() {
  const applied: OccupancyChange[] = [];
  const occupancy = new InstanceOccupancy((changes) => applied.push(...changes), 1_000);
  return { occupancy, applied };
}

describe("an instance's view of the others", () => {
  it("applies their changes and whole states, announcing only what differs, and answers a hello", () => {
    const { occupancy, applied } = instance();
    expect(occupancy.heard("b", { p: [{ channel: CHANNEL, sockets: 1, joined: [ada] }] }, 0)).toBe(false);
    // The heartbeat repeats what is known: nothing new to apply.
    occupancy.heard("b", { s: [{ channel: CHANNEL, sockets: 1, joined: [ada] }] }, 500);
    // A whole state mends a change that was missed (Bo joined while this instance was reconnecting).
    occupancy.heard("b", { s: [{ channel: CHANNEL, sockets: 2, joined: [ada, bo] }] }, 900);
    expect(applied).toEqual([
      { channel: CHANNEL, sockets: 1, joined: [ada] },
      { channel: CHANNEL, sockets: 1, joined: [bo] },
    ]);
    expect(occupancy.heard("c", { h: true, s: [] }, 1_000)).toBe(true);
    expect(applied).toHaveLength(2);
  });

  it("keeps its own state for heartbeats and answers", () => {
    const { occupancy } = instance();
    occupancy.local([{ channel: CHANNEL, sockets: 1, joined: [ada] }]);
    occupancy.local([{ channel: "private-startup.1", sockets: 1 }]);
    occupancy.local([{ channel: "private-startup.1", sockets: -1 }]);
    expect(occupancy.state()).toEqual([{ channel: CHANNEL, sockets: 1, joined: [ada] }]);
  });

  it("forgets an instance that says goodbye at once, and one that falls silent after three heartbeats", () => {
    const { occupancy, applied } = instance();
    occupancy.heard("b", { s: [{ channel: CHANNEL, sockets: 1, joined: [ada] }] }, 0);
    occupancy.heard("c", { s: [{ channel: CHANNEL, sockets: 1, joined: [bo] }] }, 0);
    occupancy.heard("b", { s: [] }, 100);
    expect(applied.at(-1)).toEqual({ channel: CHANNEL, sockets: -1, left: ["1"] });

    occupancy.heard("c", { s: [{ channel: CHANNEL, sockets: 1, joined: [bo] }] }, 1_000);
    occupancy.expire(3_900);
    expect(applied.at(-1)).toEqual({ channel: CHANNEL, sockets: -1, left: ["1"] });
    occupancy.expire(4_100);
    expect(applied.at(-1)).toEqual({ channel: CHANNEL, sockets: -1, left: ["2"] });
    expect(applied).toHaveLength(4);
  });

  it("keeps nothing of channels nobody is in anymore, its own or another instance's", () => {
    const { occupancy } = instance();
    const changes = (sockets: number) =>
      Array.from({ length: 5_000 }, (_, i) => ({
        channel: `presence-flood.${i}`,
        sockets,
        ...(sockets > 0 ? { joined: [ada] } : { left: [ada.user_id] }),
      }));
    occupancy.local(changes(1));
    occupancy.heard("b", { p: changes(1) }, 0);
    expect(occupancy.channelsKept).toBe(10_000);
    occupancy.local(changes(-1));
    occupancy.heard("b", { p: changes(-1) }, 1);
    expect(occupancy.channelsKept).toBe(0);
    expect(occupancy.state()).toEqual([]);
  });
});

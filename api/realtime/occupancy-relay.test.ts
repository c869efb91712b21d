/**
 * Presence across the processes of one server: each process's registry reports what its sockets do, the
 * primary's relay records it and passes it on, and every process then answers with the server's members
 * and counts, announcing a member only when they come to (or leave) the server as a whole.
 */
import { describe, expect, it } from "vitest";
import { ChannelRegistry, type Member, type OccupancyChange, type Subscriber } from "./channels.ts";
import { OccupancyRelay } from "./occupancy-relay.ts";

const CHANNEL = "presence-chat.1";
const alice: Member = { user_id: "1", user_info: { name: "Alice" } };
const bob: Member = { user_id: "2", user_info: { name: "Bob" } };
const socket = (socketId: string): Subscriber => ({ socketId, send: () => {} });

/** Processes joined as the hub joins them (synchronously here), with what each announced to its own sockets. */
function server() {
  const relay = new OccupancyRelay<Process>();
  const processes: Process[] = [];
  interface Process {
    registry: ChannelRegistry;
    announced: string[];
  }
  const deliver = (to: Process, changes: OccupancyChange[]) => {
    for (const change of changes) {
      const { added, removed } = to.registry.applyRemote(change);
      to.announced.push(...added.map((m) => `+${m.user_id}`), ...removed.map((id) => `-${id}`));
    }
  };
  const start = (): Process => {
    const process: Process = { registry: new ChannelRegistry(), announced: [] };
    process.registry.onLocalChange = (change) => {
      const effective = relay.record(process, [change]);
      for (const other of processes) if (other !== process) deliver(other, effective);
    };
    deliver(process, relay.stateExcept(process));
    processes.push(process);
    return process;
  };
  const die = (process: Process) => {
    processes.splice(processes.indexOf(process), 1);
    const gone = relay.forget(process);
    for (const other of processes) deliver(other, gone);
  };
  return { start, die, relay };
}

describe("presence across the processes of one server", () => {
  it("a member is announced once when they arrive anywhere, and removed when their last socket anywhere leaves", () => {
    const { start } = server();
    const a = start();
    const b = start();
    const [aliceOnA, bobOnB, aliceOnB] = [socket("a.1"), socket("b.1"), socket("b.2")];

    expect(a.registry.subscribe(CHANNEL, aliceOnA, alice)).toEqual({ newMember: true });
    expect(b.announced).toEqual(["+1"]);
    expect(b.registry.subscribe(CHANNEL, bobOnB, bob)).toEqual({ newMember: true });
    expect(a.announced).toEqual(["+2"]);
    // What a socket subscribing on either process is told: both members, its own process's first.
    expect(b.registry.presence(CHANNEL)).toEqual({ ids: ["2", "1"], hash: { "2": { name: "Bob" }, "1": { name: "Alice" } }, count: 2 });
    expect(a.registry.presenceUsers(CHANNEL)).toEqual(["1", "2"]);

    // Alice opens a second tab that lands on B: she is already here, nobody is told again.
    expect(b.registry.subscribe(CHANNEL, aliceOnB, alice)).toEqual({ newMember: false });
    expect(a.announced).toEqual(["+2"]);
    expect([a.registry.subscriptionCount(CHANNEL), b.registry.subscriptionCount(CHANNEL)]).toEqual([3, 3]);
    expect([a.registry.userCount(CHANNEL), b.registry.userCount(CHANNEL)]).toEqual([2, 2]);

    // Her first tab closes: she is still present through B.
    expect(a.registry.unsubscribe(CHANNEL, aliceOnA)).toEqual({ wasSubscribed: true, leftMember: null });
    expect(b.announced).toEqual(["+1"]);
    expect(a.registry.presenceUsers(CHANNEL)).toEqual(["2", "1"]);
    expect(a.registry.occupied("presence-")).toEqual([CHANNEL]);

    // Her last one closes: she has left the server, and both processes say so.
    expect(b.registry.unsubscribe(CHANNEL, aliceOnB)).toEqual({ wasSubscribed: true, leftMember: alice });
    expect(a.announced).toEqual(["+2", "-1"]);
    expect(a.registry.presenceUsers(CHANNEL)).toEqual(["2"]);
    expect(a.registry.subscriptionCount(CHANNEL)).toBe(1);
    expect(a.registry.hasLocalSockets(CHANNEL)).toBe(false);

    b.registry.unsubscribe(CHANNEL, bobOnB);
    expect(a.announced).toEqual(["+2", "-1", "-2"]);
    expect(a.registry.occupied()).toEqual([]);
    expect(a.registry.subscriptionCount(CHANNEL)).toBe(0);
  });

  it("a process that starts later learns the others' members; a process that dies takes its members with it", () => {
    const { start, die } = server();
    const a = start();
    const b = start();
    a.registry.subscribe(CHANNEL, socket("a.1"), alice);
    b.registry.subscribe(CHANNEL, socket("b.1"), bob);
    b.registry.subscribe("private-startup.1", socket("b.1"));

    const c = start();
    expect(c.announced).toEqual(["+1", "+2"]);
    expect(c.registry.presence(CHANNEL).count).toBe(2);
    expect(c.registry.occupied().sort()).toEqual([CHANNEL, "private-startup.1"]);
    expect(c.registry.subscriptionCount("private-startup.1")).toBe(1);

    die(b);
    expect(a.announced).toEqual(["+2", "-2"]);
    expect(c.announced).toEqual(["+1", "+2", "-2"]);
    expect(c.registry.presenceUsers(CHANNEL)).toEqual(["1"]);
    expect(c.registry.occupied()).toEqual([CHANNEL]);
  });

  it("a member present in two processes that dies in one stays present", () => {
    const { start, die } = server();
    const a = start();
    const b = start();
    const c = start();
    a.registry.subscribe(CHANNEL, socket("a.1"), alice);
    b.registry.subscribe(CHANNEL, socket("b.1"), alice);
    expect(c.announced).toEqual(["+1"]);
    die(a);
    expect(c.announced).toEqual(["+1"]);
    expect(c.registry.presenceUsers(CHANNEL)).toEqual(["1"]);
    die(b);
    expect(c.announced).toEqual(["+1", "-1"]);
  });
});

describe("memory", () => {
  it("nothing is kept of channels nobody is in anymore: 5,000 channels joined on two processes and left leave the relay and both registries empty", () => {
    const { start, relay } = server();
    const [a, b] = [start(), start()];
    const names = Array.from({ length: 5_000 }, (_, i) => (i % 2 ? `presence-flood.${i}` : `flood.${i}`));
    const [onA, onB] = [socket("a.1"), socket("b.1")];
    for (const name of names) {
      a.registry.subscribe(name, onA, name.startsWith("presence-") ? alice : null);
      b.registry.subscribe(name, onB, name.startsWith("presence-") ? bob : null);
    }
    expect([relay.channelCount(), a.registry.channelsKept, b.registry.channelsKept]).toEqual([10_000, 5_000, 5_000]);
    for (const name of names) {
      a.registry.unsubscribe(name, onA);
      b.registry.unsubscribe(name, onB);
    }
    expect([relay.channelCount(), a.registry.channelsKept, b.registry.channelsKept]).toEqual([0, 0, 0]);
  });
});

describe("the record of another process", () => {
  it("passes on only what a report changes: no member twice, no leaving member it never had, no sockets below zero", () => {
    const relay = new OccupancyRelay<string>();
    expect(relay.record("b", [{ channel: CHANNEL, sockets: 1, joined: [alice] }])).toEqual([
      { channel: CHANNEL, sockets: 1, joined: [alice] },
    ]);
    expect(relay.record("b", [{ channel: CHANNEL, sockets: 1, joined: [alice] }])).toEqual([{ channel: CHANNEL, sockets: 1 }]);
    expect(relay.record("b", [{ channel: CHANNEL, sockets: -1, left: [bob.user_id] }])).toEqual([{ channel: CHANNEL, sockets: -1 }]);
    expect(relay.record("b", [{ channel: CHANNEL, sockets: -3, left: [alice.user_id] }])).toEqual([
      { channel: CHANNEL, sockets: -1, left: [alice.user_id] },
    ]);
    expect(relay.stateOf("b")).toEqual([]);
  });

  it("replaced by a whole state, announces only the difference", () => {
    const relay = new OccupancyRelay<string>();
    relay.record("b", [
      { channel: CHANNEL, sockets: 2, joined: [alice, bob] },
      { channel: "private-startup.1", sockets: 1 },
    ]);
    const carol: Member = { user_id: "3" };
    const differences = relay.replace("b", [
      { channel: CHANNEL, sockets: 2, joined: [alice, carol] },
      { channel: "presence-chat.2", sockets: 1, joined: [carol] },
    ]);
    expect(differences).toEqual([
      { channel: CHANNEL, sockets: 0, joined: [carol], left: [bob.user_id] },
      { channel: "private-startup.1", sockets: -1 },
      { channel: "presence-chat.2", sockets: 1, joined: [carol] },
    ]);
    expect(relay.replace("b", relay.stateOf("b"))).toEqual([]);
    expect(relay.forget("b")).toEqual([
      { channel: CHANNEL, sockets: -2, left: [alice.user_id, carol.user_id] },
      { channel: "presence-chat.2", sockets: -1, left: [carol.user_id] },
    ]);
  });
});

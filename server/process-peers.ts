/**
 * A cluster worker's side of process-hub.ts (embedded database, WEB_CONCURRENCY > 1): emptying the other
 * workers' answer caches after a write, publishing realtime events to their sockets, and telling them what
 * this worker's sockets did to their channels (presence members, channel figures).
 */
import type { CachePeers, WriteScope } from "#api/lib/answer-caches.ts";
import type { OccupancyChange } from "#api/realtime/channels.ts";
import type { Fanout, FanoutReceiver } from "#api/realtime/embedded.ts";
import type { PublishedEvent } from "#api/realtime/http-api.ts";

type PeerMessage =
  | { kind: "invalidate"; id: number; scope: WriteScope }
  | { kind: "invalidated"; id: number }
  | { kind: "realtime"; events: PublishedEvent[] }
  | { kind: "occupancy"; changes: OccupancyChange[] }
  | { kind: "peers-ready" };

function channel() {
  if (!process.send) throw new Error("process peers: this process has no IPC channel to a primary");
  const send = process.send.bind(process);
  const listen = (listener: (message: PeerMessage) => void) =>
    process.on("message", (message: unknown) => {
      if (typeof message === "object" && message !== null && "kind" in message) listener(message as PeerMessage);
    });
  return { send, listen };
}

export function processCachePeers(): CachePeers {
  const { send, listen } = channel();
  const waiting = new Map<number, () => void>();
  let local: (scope: WriteScope) => void = () => {};
  let nextId = 1;
  listen((message) => {
    if (message.kind === "invalidate") {
      local(message.scope);
      send({ kind: "invalidated", id: message.id });
    } else if (message.kind === "invalidated") {
      waiting.get(message.id)?.();
      waiting.delete(message.id);
    }
  });
  // The primary gone, nobody answers: the process is ending anyway (server.ts exits on disconnect).
  process.on("disconnect", () => {
    for (const done of waiting.values()) done();
    waiting.clear();
  });
  return {
    onInvalidate(invalidate) {
      local = invalidate;
      // From now on this process has caches to empty: the primary counts it in every invalidation.
      send({ kind: "peers-ready" });
    },
    invalidate(scope) {
      if (!process.connected) return Promise.resolve();
      const id = nextId++;
      return new Promise<void>((resolve) => {
        waiting.set(id, resolve);
        send({ kind: "invalidate", id, scope });
      });
    },
  };
}

export function processFanout(receiver: FanoutReceiver): Fanout {
  const { send, listen } = channel();
  listen((message) => {
    if (message.kind === "realtime") receiver.deliver(message.events);
    else if (message.kind === "occupancy") receiver.applyOccupancy(message.changes);
  });
  return {
    async publish(events) {
      if (process.connected) send({ kind: "realtime", events });
    },
    reportOccupancy(changes) {
      if (process.connected) send({ kind: "occupancy", changes });
    },
    async close() {},
  };
}

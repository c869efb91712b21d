/**
 * How the API tells connected clients that something happened. Services collect messages while their
 * transaction runs and the route publishes them after it commits (`publishAfterCommit`), so nobody is
 * told about a row that was rolled back. Which server delivers them (the embedded one, several instances
 * through PostgreSQL, or an external Pusher-compatible server) is server.ts's choice, not the caller's.
 */
import type { RealtimeEvent, RealtimeEventName, RealtimePayloads } from "#schemas/realtime.ts";
import { OversizeEventError } from "./event-size.ts";
import { SOCKET_ID } from "./protocol.ts";

export interface BroadcastMessage {
  /** Channel names as clients subscribe to them (schemas/realtime.ts names them). */
  channels: string[];
  /** The event's full name, under the namespace Echo listens on (schemas/realtime.ts). */
  event: RealtimeEventName;
  data: Record<string, unknown>;
  /**
   * The socket of the browser whose request caused it, which is not told: its own request's answer already
   * shows the change (Pusher's socket_id exclusion, Laravel's `toOthers`).
   */
  socketId?: string;
}

/**
 * The socket a request says it comes from (`X-Socket-ID`, as Laravel Echo sends it), when it names one;
 * anything else is no socket, so everyone is told.
 */
export function senderSocket(header: string | undefined): string | undefined {
  return header !== undefined && SOCKET_ID.test(header) ? header : undefined;
}

/** One of the product's events with the payload it carries, as services queue it. */
export interface RealtimeMessage<Event extends RealtimeEvent> {
  channels: string[];
  event: Event;
  data: RealtimePayloads[Event];
}

export interface Broadcaster {
  publish(messages: readonly BroadcastMessage[]): Promise<void>;
  /**
   * After a commit that may end these users' right to listen (logins ended, account deactivated, roles
   * changed). The embedded server: every process's sockets check their subscriptions again. An external
   * Pusher-compatible server: every socket signed in as them is closed (terminate_connections), and the
   * panel connects again, with only what the user may still hear. The silent broadcaster has none.
   */
  recheck?(userIds: readonly number[]): Promise<void>;
}

/** No realtime server: messages are dropped (tests that do not listen, scripts). */
export const silentBroadcaster: Broadcaster = { publish: async () => {} };

/**
 * Collects a transaction's messages; hand `messages` to publishAfterCommit once it has committed. With
 * `exceptSocket` (`senderSocket`), every message leaves out the socket of the browser that asked.
 */
export class BroadcastQueue {
  readonly messages: BroadcastMessage[] = [];
  constructor(private readonly exceptSocket?: string) {}
  add<Event extends RealtimeEvent>(message: RealtimeMessage<Event>): void {
    // The payload was checked against its event's type above; the transport carries any JSON object.
    this.messages.push({ ...(message as BroadcastMessage), ...(this.exceptSocket ? { socketId: this.exceptSocket } : {}) });
  }
}

type Log = (message: string, error?: unknown) => void;

/**
 * Runs what follows a commit: a failure is logged, never thrown, as the change itself is saved. An event
 * over the size limit is thrown only where the publisher throws it (tests): there it is the code's mistake,
 * and the test that caused it must fail.
 */
async function afterCommit(what: string, run: () => Promise<void>, log: Log): Promise<void> {
  try {
    await run();
  } catch (error) {
    if (error instanceof OversizeEventError) throw error;
    log(`[realtime] ${what} failed`, error);
  }
}

/**
 * Publishes what a committed transaction queued. A failure is logged, never thrown: clients fetch what they
 * missed when they reconnect.
 */
export async function publishAfterCommit(
  broadcaster: Broadcaster,
  messages: readonly BroadcastMessage[],
  log: Log = console.error,
): Promise<void> {
  if (!messages.length) return;
  await afterCommit("publishing", () => broadcaster.publish(messages), log);
}

/**
 * After a commit that may end these users' right to listen, asks the realtime server to check their
 * sockets again (publisher.ts: a recheck on the embedded server, terminate_connections on an external one);
 * a failure is logged, never thrown. `users` may be a loader, which runs only when the broadcaster can
 * recheck (not the silent one).
 */
export async function recheckAfterCommit(
  broadcaster: Broadcaster,
  users: readonly number[] | (() => Promise<readonly number[]>),
): Promise<void> {
  if (!broadcaster.recheck) return;
  const userIds = typeof users === "function" ? await users() : users;
  if (!userIds.length) return;
  await afterCommit("asking the sockets to recheck their subscriptions", () => broadcaster.recheck!(userIds), console.error);
}

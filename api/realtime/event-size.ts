/**
 * Every event the app publishes fits Pusher's limit on one event's data (MAX_EVENT_DATA_BYTES), whichever
 * server delivers it: the embedded one would take more, a hosted service refuses the whole request. One
 * over it is the code's mistake (a payload that grew with someone's text), so it is refused before it
 * leaves: thrown where tests run, so the test that caused it fails; elsewhere logged with its event and
 * channels, and left out while the rest of the batch goes.
 */
import { MAX_EVENT_DATA_BYTES } from "#schemas/realtime.ts";
import type { PublishedEvent } from "./http-api.ts";

/** What the publishers do with an event over the limit: throw (tests), or log and leave it out. */
export type OversizeHandling = "throw" | "warn";

/** Tests (vitest sets NODE_ENV=test) throw; a running server warns and publishes the rest. */
export const defaultOversizeHandling = (env: NodeJS.ProcessEnv = process.env): OversizeHandling =>
  env.NODE_ENV === "test" ? "throw" : "warn";

export class OversizeEventError extends Error {
  constructor(
    readonly event: string,
    readonly channels: readonly string[],
    readonly bytes: number,
  ) {
    super(
      `[realtime] ${event} on ${channels.join(", ")} carries ${bytes} bytes, over the ${MAX_EVENT_DATA_BYTES} an event may carry: not published`,
    );
    this.name = "OversizeEventError";
  }
}

/** The size Pusher counts: the UTF-8 bytes of the event's JSON-encoded data. */
export const eventDataBytes = (data: string) => Buffer.byteLength(data, "utf8");

/** The events within the limit; one over it is thrown or, with "warn", logged and left out. */
export function withinEventLimit(
  events: readonly PublishedEvent[],
  handling: OversizeHandling,
  log: (message: string) => void = console.warn,
): PublishedEvent[] {
  return events.filter((event) => {
    const bytes = eventDataBytes(event.data);
    if (bytes <= MAX_EVENT_DATA_BYTES) return true;
    const refusal = new OversizeEventError(event.event, event.channels, bytes);
    if (handling === "throw") throw refusal;
    log(refusal.message);
    return false;
  });
}

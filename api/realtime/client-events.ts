/**
 * Which client events (`client-*`, sent by one browser to the others in a channel) the server passes on.
 * Only those the product uses: anything else is refused, so a channel every user joins cannot become a
 * way to push data at everyone. They are accepted only on presence channels, where the server knows the
 * sender: what it relays is the fields the rule lets through, plus the sender's user id and user info from
 * the membership that /broadcasting/auth signed, written over whatever the client put there, so nobody can
 * speak for another.
 */
import { chatPresenceChannel, TYPING_CLIENT_EVENT } from "#schemas/realtime.ts";
import type { Member } from "./channels.ts";
import { channelKind } from "./protocol.ts";

export interface ClientEventRule {
  /** The presence channels where these events are accepted. */
  channel: RegExp;
  events: readonly string[];
  /** The largest data the client may send with one, in bytes (JSON-encoded). */
  maxBytes: number;
  /** The fields of the client's data passed on; anything else it sent is dropped. */
  fields: readonly string[];
}

/**
 * The panel's one client event: "… is typing" in a chat's presence channel (who may join it is in
 * api/modules/broadcasting/channels.ts). It carries nothing but who is typing, which the server adds.
 */
export const PRODUCT_CLIENT_EVENTS: readonly ClientEventRule[] = [
  { channel: chatPresenceChannel.pattern, events: [TYPING_CLIENT_EVENT], maxBytes: 1024, fields: [] },
];

export type ClientEventVerdict =
  | { accepted: true; data: string; userId: string }
  /** `oversized`: the 4301 kind of refusal (Pusher's "client event rejected"); otherwise not allowed here (4009). */
  | { accepted: false; reason: string; oversized?: boolean };

/**
 * Whether `event` with `data` may go to the others in `channel` from a socket that joined it as `member`
 * (null: not a presence member), and the data that goes if so. Connection has already refused event names
 * over 200 characters, so a refusal can quote the name.
 */
export function checkClientEvent(
  rules: readonly ClientEventRule[],
  channel: string,
  event: string,
  data: unknown,
  member: Member | null,
): ClientEventVerdict {
  if (channelKind(channel) !== "presence")
    return { accepted: false, reason: "only supported on presence channels, where the sender is known" };
  const rule = rules.find((candidate) => candidate.channel.test(channel) && candidate.events.includes(event));
  if (!rule) return { accepted: false, reason: `${event} is not accepted on this channel` };
  if (!member) return { accepted: false, reason: "not subscribed to the channel" };
  const encoded = typeof data === "string" ? data : JSON.stringify(data ?? null);
  if (Buffer.byteLength(encoded) > rule.maxBytes) {
    return { accepted: false, oversized: true, reason: `the event data should be at most ${rule.maxBytes} bytes` };
  }
  const object = asObject(data);
  if (!object) return { accepted: false, reason: "the event data should be a JSON object" };
  const kept = Object.fromEntries(rule.fields.filter((field) => Object.hasOwn(object, field)).map((field) => [field, object[field]]));
  const withSender = { ...kept, user_id: member.user_id, user_info: member.user_info ?? null };
  return { accepted: true, data: JSON.stringify(withSender), userId: member.user_id };
}

/** pusher-js sends the data as an object; other clients may send it JSON-encoded. */
function asObject(data: unknown): Record<string, unknown> | null {
  let value = data;
  if (typeof data === "string") {
    try {
      value = JSON.parse(data);
    } catch {
      return null;
    }
  }
  return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

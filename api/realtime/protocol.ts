/**
 * Pusher Channels protocol 7: the frames the server sends, its error codes, and the shapes of names and
 * ids it accepts. https://pusher.com/docs/channels/library_auth_reference/pusher-websockets-protocol/
 */
import { randomInt } from "node:crypto";

export const PROTOCOL_VERSION = 7;
/** The oldest protocol whose frames are the ones this server speaks (pusher-js 8 sends 7). */
export const OLDEST_PROTOCOL = 5;

/**
 * Error codes (pusher:error, and the close code when the server closes). 4000–4099: do not reconnect;
 * 4100–4199: reconnect after a back-off; 4200–4299: reconnect at once; 4300–4399: an error, no close.
 */
export const ERRORS = {
  unknownApp: { code: 4001, message: "Application does not exist" },
  invalidVersion: { code: 4006, message: "Invalid version string format" },
  unsupportedVersion: { code: 4007, message: "Unsupported protocol version" },
  noVersion: { code: 4008, message: "No protocol version supplied" },
  unauthorised: { code: 4009, message: "Connection is unauthorized" },
  /** pusher:signin with a signature that is not the app's for this socket and user_data. */
  signinRefused: { code: 4009, message: "Connection is unauthorized: invalid user authentication signature" },
  /** The app ended the user's connections (terminate_connections): the same code, so clients do not reconnect by themselves. */
  terminated: { code: 4009, message: "The app ended this user's connections" },
  overCapacity: { code: 4100, message: "Over capacity" },
  shuttingDown: { code: 4200, message: "Server is restarting, please reconnect" },
  pongNotReceived: { code: 4201, message: "Pong reply not received" },
  clientEventRejected: { code: 4301, message: "Client event rejected" },
} as const;

export interface ProtocolError {
  code: number;
  message: string;
}

/** A frame as it travels: `data` is a JSON-encoded string, as the protocol (and pusher-js) expects. */
export interface Frame {
  event: string;
  channel?: string;
  data?: string;
  user_id?: string;
}

export const frame = (event: string, data?: unknown, channel?: string): string =>
  JSON.stringify({
    event,
    ...(channel === undefined ? {} : { channel }),
    ...(data === undefined ? {} : { data: typeof data === "string" ? data : JSON.stringify(data) }),
  });

export const errorFrame = (error: ProtocolError, channel?: string) =>
  frame("pusher:error", { code: error.code, message: error.message }, channel);

export { SOCKET_ID } from "#schemas/realtime.ts";
export const newSocketId = () => `${randomInt(1, 2 ** 47)}.${randomInt(1, 2 ** 47)}`;

/** Pusher's channel name rule, which the channel authorisation reads by too. */
export { isChannelName } from "#schemas/realtime.ts";

/** Public, private or presence, by the name's prefix: the panel reads channel names by the same rule. */
export { channelKind, type ChannelKind } from "#schemas/realtime.ts";

/** Event names the HTTP API accepts: at most 200 characters (Pusher's limit). */
export const isEventName = (name: unknown): name is string => typeof name === "string" && name.length >= 1 && name.length <= 200;

/**
 * Reads an incoming frame. pusher-js sends `data` as an object for pusher:* events and for client events
 * alike; some clients send it as a JSON string. Anything that is not an object with a string `event` is null.
 */
export function parseFrame(text: string): { event: string; channel?: unknown; data?: unknown } | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!value || typeof value !== "object" || Array.isArray(value)) return null;
  const { event, channel, data } = value as Record<string, unknown>;
  if (typeof event !== "string") return null;
  let parsedData = data;
  if (typeof data === "string" && event.startsWith("pusher:")) {
    try {
      parsedData = JSON.parse(data);
    } catch {
      /* a plain string: left as it is */
    }
  }
  return { event, channel, data: parsedData };
}

/** The protocol version a client asks for in its upgrade URL (`?protocol=7`), or the error that refuses it. */
export function checkProtocol(value: string | null): ProtocolError | null {
  if (value === null || value === "") return ERRORS.noVersion;
  if (!/^\d+$/.test(value)) return ERRORS.invalidVersion;
  const version = Number(value);
  return version >= OLDEST_PROTOCOL && version <= PROTOCOL_VERSION ? null : ERRORS.unsupportedVersion;
}

/** A path segment decoded, or undefined when it is missing or not valid percent-encoding ("%E0%A4%A"). */
export function decodedOrUndefined(segment: string | undefined): string | undefined {
  if (segment === undefined) return undefined;
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

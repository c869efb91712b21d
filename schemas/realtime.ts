import { z } from "zod";
import type { BillingStatus } from "./billing.ts";

/*
 * Realtime names in one place: the channels the API publishes on and the panel listens to, the events
 * with what each carries, and the client events browsers send each other. Who may listen on which
 * channel is decided in api/modules/broadcasting/channels.ts, with the patterns below.
 */

/** A socket's id, "1234.5678": two whole numbers, as pusher-js and every Pusher SDK check it. */
export const SOCKET_ID = /^\d+\.\d+$/;

/** Pusher's channel name rule: up to 200 of these characters (a "#" is reserved for server-to-user channels). */
const CHANNEL_NAME = /^[A-Za-z0-9_\-=@,.;]{1,200}$/;
export const isChannelName = (name: unknown): name is string => typeof name === "string" && CHANNEL_NAME.test(name);

/**
 * `POST /broadcasting/auth`, as pusher-js sends it. Anything else in either field reads as absent: the
 * answer is then the one refusal, whatever was wrong.
 */
export const channelAuthSchema = z.object({
  socket_id: z.string().regex(SOCKET_ID).optional().catch(undefined),
  channel_name: z.string().refine(isChannelName).optional().catch(undefined),
});

/** The subscription's signature, and for a presence channel the member it signed. */
export const channelAuthAnswer = z.object({ auth: z.string(), channel_data: z.string().optional() });

/** `POST /broadcasting/user-auth`, as pusher-js's signin sends it: the socket to sign in. */
export const userAuthSchema = z.object({
  socket_id: z.string({ error: "The socket id field is required." }).regex(SOCKET_ID, { error: "The socket id must be a socket id." }),
});

/** The sign-in's signature and the user it names: `user_data` is JSON text, `{"id": "<user id>", "user_info": {...}}`. */
export const userAuthAnswer = z.object({ auth: z.string(), user_data: z.string() });

/**
 * The channel pusher-js subscribes to once its socket is signed in, which only that user's sockets may
 * hold (Pusher's reserved "#" prefix, outside the names clients may otherwise use).
 */
export const serverToUserChannel = (userId: string) => `#server-to-user-${userId}`;

/**
 * The form field a screen's forms carry the tab's socket in, which the panel passes on to the API as
 * `X-Socket-ID` (as Laravel Echo sends it): what that request causes is not told to the tab that asked.
 */
export const SOCKET_ID_FIELD = "socket_id";

/* Channels. A "private-" or "presence-" channel needs the API's authorisation; any other one is public. */

export const PRIVATE_CHANNEL_PREFIX = "private-";
export const PRESENCE_CHANNEL_PREFIX = "presence-";

export type ChannelKind = "public" | "private" | "presence";
export const channelKind = (name: string): ChannelKind =>
  name.startsWith(PRESENCE_CHANNEL_PREFIX) ? "presence" : name.startsWith(PRIVATE_CHANNEL_PREFIX) ? "private" : "public";

/** The name Echo takes for a channel: "private-chat.3" is Echo's private("chat.3"), and so on. */
export function echoChannelName(name: string): string {
  const kind = channelKind(name);
  if (kind === "presence") return name.slice(PRESENCE_CHANNEL_PREFIX.length);
  if (kind === "private") return name.slice(PRIVATE_CHANNEL_PREFIX.length);
  return name;
}

/** Channels with one per id: `channel(id)` names one, `channel.pattern` matches them with the id as its first group. */
export interface ChannelWithId {
  (id: number): string;
  readonly pattern: RegExp;
}

function channelWithId(prefix: string): ChannelWithId {
  const literal = prefix.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return Object.assign((id: number) => `${prefix}${id}`, { pattern: new RegExp(`^${literal}(\\d+)$`) });
}

/** A user's own channel, only theirs: notifications, their conversations' updates, their payments. */
export const userChannel = channelWithId(`${PRIVATE_CHANNEL_PREFIX}App.Models.User.`);
/** A conversation's channel, its participants': messages and read pointers. */
export const chatChannel = channelWithId(`${PRIVATE_CHANNEL_PREFIX}chat.`);
/**
 * A conversation's presence channel, its participants' (two people, so it never nears the 100 members a
 * hosted Pusher-compatible service allows one): which of them has the panel open, and who is typing.
 */
export const chatPresenceChannel = channelWithId(`${PRESENCE_CHANNEL_PREFIX}chat.`);
/** An event form's channel, for the owning startup's users who may read its responses: applications and payments. */
export const eventFormChannel = channelWithId(`${PRIVATE_CHANNEL_PREFIX}event-form.`);
/** A startup's (or organization's) public profile channel: its follower count. */
export const startupChannel = channelWithId("startup.");
/** A co-founder's public profile channel: their follower count. */
export const coFounderChannel = channelWithId("co-founder.");

/**
 * How many of a user's conversations, the most recent first, each of their panel tabs joins the presence
 * channel of: that is how the people they talk with see them online, and how they see those people. As
 * many as the chat list's page shows, well under the subscriptions one socket may hold (100 by default).
 */
export const WATCHED_CONVERSATIONS = 50;

/**
 * The largest `data` one event may carry, in bytes of its JSON text: Pusher's limit (soketi's default is
 * larger). The broadcaster refuses anything bigger, so events carry ids and small fields, and the panel
 * reads what can grow with people's text from the API.
 */
export const MAX_EVENT_DATA_BYTES = 10_240;

/* Events the API publishes, under the namespace Echo listens on. */

export const EVENT_NAMESPACE = "App.Events";
export type RealtimeEventName = `${typeof EVENT_NAMESPACE}.${string}`;
const eventName = <Name extends string>(name: Name) => `${EVENT_NAMESPACE}.${name}` as const;

export const MESSAGE_SENT_EVENT = eventName("MessageSent");
export const MESSAGES_READ_EVENT = eventName("MessagesRead");
export const CONVERSATION_UPDATED_EVENT = eventName("ConversationUpdated");
export const NOTIFICATION_CREATED_EVENT = eventName("NotificationCreated");
export const NOTIFICATIONS_READ_EVENT = eventName("NotificationsRead");
export const APPLICATION_SUBMITTED_EVENT = eventName("ApplicationSubmitted");
export const PAYMENT_STATUS_CHANGED_EVENT = eventName("PaymentStatusChanged");
export const FOLLOWERS_COUNT_CHANGED_EVENT = eventName("FollowersCountChanged");
export const CHECK_INS_CHANGED_EVENT = eventName("CheckInsChanged");
export const COMMENT_ADDED_EVENT = eventName("CommentAdded");

/**
 * How the panel listens for an event with Echo: the leading dot keeps Echo from rewriting the name as a
 * PHP class ("App\\Events\\X"), which is what its namespace option would do.
 */
export const echoEventName = (event: RealtimeEventName) => `.${event}`;

/** On chatChannel: a new message; the panel reads it from the conversation's messages. */
export interface MessageSentPayload {
  conversation_id: number;
  message_id: number;
  user_id: number;
}

/** On chatChannel: a participant read up to a message. */
export interface MessagesReadPayload {
  conversation_id: number;
  user_id: number;
  last_read_message_id: number;
}

/**
 * On each participant's userChannel: the conversation's last message (by id: the list reads its text from
 * the API) and their unread count.
 */
export interface ConversationUpdatedPayload {
  conversation_id: number;
  last_message_id: number;
  unread_count: number;
}

/** On the recipient's userChannel: a new notification, by id (its text, which can be long, is read from the API). */
export interface NotificationCreatedPayload {
  notification_id: number;
  unread_count: number;
  /**
   * A notification this one takes the place of (a conversation keeps one unread "new message" notification
   * and moves it to the top as messages arrive): remove that id from the list before adding this one.
   */
  replaces_id?: number;
}

/** On the user's userChannel: another tab (or this one) marked some read. */
export interface NotificationsReadPayload {
  unread_count: number;
}

/** On eventFormChannel: an application was submitted to the form. */
/**
 * On eventFormChannel: a new application. No name: a reviewer of a blind form listens on the channel too,
 * and the screens read the rest from the API as that reader may see it.
 */
export interface ApplicationSubmittedPayload {
  application: { id: number; event_form_id: number; status: string; submitted_at: string | null };
}

/** On the payer's userChannel and the form's eventFormChannel: a billing's payment status moved. */
export interface PaymentStatusChangedPayload {
  billing_id: number;
  event_form_id: number;
  payment_status: BillingStatus;
}

/** On startupChannel or coFounderChannel: the profile's follower count. */
export type FollowersCountChangedPayload =
  { startup_id: number; followers_count: number } | { profile_id: number; followers_count: number };

/** On eventFormChannel: a ticket was checked in (or undone) at the door: the door's new figures. */
export interface CheckInsChangedPayload {
  event_form_id: number;
  checked_in: number;
  expected: number;
}

/** On eventFormChannel: the team commented on one of the form's applications. */
export interface CommentAddedPayload {
  application_id: number;
  comment_id: number;
}

/** What each event carries. */
export interface RealtimePayloads {
  [MESSAGE_SENT_EVENT]: MessageSentPayload;
  [MESSAGES_READ_EVENT]: MessagesReadPayload;
  [CONVERSATION_UPDATED_EVENT]: ConversationUpdatedPayload;
  [NOTIFICATION_CREATED_EVENT]: NotificationCreatedPayload;
  [NOTIFICATIONS_READ_EVENT]: NotificationsReadPayload;
  [APPLICATION_SUBMITTED_EVENT]: ApplicationSubmittedPayload;
  [PAYMENT_STATUS_CHANGED_EVENT]: PaymentStatusChangedPayload;
  [FOLLOWERS_COUNT_CHANGED_EVENT]: FollowersCountChangedPayload;
  [CHECK_INS_CHANGED_EVENT]: CheckInsChangedPayload;
  [COMMENT_ADDED_EVENT]: CommentAddedPayload;
}
export type RealtimeEvent = keyof RealtimePayloads;

/* Client events: sent by one browser to the others on a presence channel, passed on by the realtime server. */

/** What Echo's whisper puts before the name it is given. */
export const CLIENT_EVENT_PREFIX = "client-";
/** "… is typing" on chatPresenceChannel, as the panel whispers it. */
export const TYPING_WHISPER = "typing";
/** The same event as the realtime server receives it. */
export const TYPING_CLIENT_EVENT = `${CLIENT_EVENT_PREFIX}${TYPING_WHISPER}`;

/**
 * The typing event as the realtime server passes it on: the sender's id and info come from the presence
 * membership the server signed, never from the sending browser.
 */
export interface TypingPayload {
  user_id: string;
  user_info: { name?: unknown } | null;
}

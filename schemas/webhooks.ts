/*
 * Outgoing webhooks: the organization's own URLs, called when something happens to it. The kinds are named
 * like the record of what happened (schemas/activity.ts) that they are read from; the calls are signed as the
 * Standard Webhooks specification says, so any receiver can check them with its libraries.
 */
import { z } from "zod";
import { timestamp } from "./contract/answers.ts";
import { booleanField, hasControlCharacter, hasLineBreak, storableString } from "./fields.ts";
import { tryAgainIn } from "./plural.ts";

/** What an endpoint may subscribe to. */
export const WEBHOOK_KINDS = [
  "application.submitted",
  "application.status_changed",
  "application.cancelled",
  "billing.paid",
  "billing.refunded",
  "check_in.created",
  "check_in.undone",
  "event_form.published",
  "event_form.updated",
  "member.joined",
  "member.removed",
] as const;
export type WebhookKind = (typeof WEBHOOK_KINDS)[number];

/** What each kind means, for the person choosing what an endpoint hears. */
export const WEBHOOK_KIND_LABELS: Record<WebhookKind, string> = {
  "application.submitted": "Someone applied to one of your event forms",
  "application.status_changed": "An application was accepted, declined or otherwise moved on",
  "application.cancelled": "An applicant cancelled their application",
  "billing.paid": "A payment went through",
  "billing.refunded": "A payment was refunded",
  "check_in.created": "Someone was checked in at the door",
  "check_in.undone": "A check-in was undone",
  "event_form.published": "An event form was published",
  "event_form.updated": "An event form was changed",
  "member.joined": "Someone joined your organization's team",
  "member.removed": "Someone left or was removed from the team",
};
/** What a test call sends: no subscription needed. */
export const WEBHOOK_TEST_KIND = "webhook.test";

/** What became of a delivery: waiting for its (next) try, being sent, received, or given up on. */
export const WEBHOOK_DELIVERY_STATES = ["pending", "sending", "delivered", "failed"] as const;
export type WebhookDeliveryState = (typeof WEBHOOK_DELIVERY_STATES)[number];

/** How much of a request or answer body a delivery keeps, and how much of an answer is read at all. */
export const WEBHOOK_BODY_LIMIT = 8 * 1024;

/** Endpoints an organization may have: every change is one delivery per subscribed endpoint. */
export const MAX_WEBHOOKS = 20;
/** Calls a person may ask for (test events, redeliveries) per organization in the window: each is a call to a URL they chose. */
export const WEBHOOK_SEND_RATE = { maxSends: 60, windowSeconds: 3600 } as const;
export const WEBHOOK_SENDS_THROTTLED = (seconds: number) =>
  `This organization has asked for ${WEBHOOK_SEND_RATE.maxSends} webhook calls in the last hour. ${tryAgainIn(seconds)}`;

export const WEBHOOK_NOT_FOUND = "Webhook not found";
export const WEBHOOK_DELIVERY_NOT_FOUND = "Webhook delivery not found";

const URL_MESSAGE = "The url field must be a valid URL starting with https://.";

/**
 * The receiving URL: http(s) with a host and no credentials; whether http and private hosts pass is the API's
 * setting. A line break, tab or other control character inside is refused: the URL parser drops some of them
 * without a word, so what was called would not be what is stored and shown.
 */
const urlField = storableString({ error: "The url field is required." })
  .trim()
  .min(1, "The url field is required.")
  .max(2048, "The url field must not be greater than 2048 characters.")
  .refine((value) => !hasControlCharacter(value), {
    message: "The url may not contain a line break or other control character.",
    abort: true,
  })
  .refine((value) => {
    const url = URL.canParse(value) ? new URL(value) : null;
    return !!url && (url.protocol === "https:" || url.protocol === "http:") && !!url.hostname && !url.username && !url.password;
  }, URL_MESSAGE);

const kindsField = z
  .array(z.enum(WEBHOOK_KINDS, { error: "The selected kind is invalid." }), { error: "The kinds field is required." })
  .min(1, "Choose at least one kind of event.")
  .transform((kinds) => [...new Set(kinds)]);

/** A line for people; it may name the endpoint in a mail's subject, so it is one line. */
const descriptionField = storableString()
  .trim()
  .max(200, "The description field must not be greater than 200 characters.")
  .refine((value) => !hasLineBreak(value), "The description may not contain a line break.");

/** `POST /api/v1/admin/webhooks`. */
export const webhookCreateSchema = z.object({
  url: urlField,
  kinds: kindsField,
  description: descriptionField.optional().default(""),
});
export type WebhookCreateInput = z.output<typeof webhookCreateSchema>;

/** `PUT /api/v1/admin/webhooks/{id}`: any of the fields; `rotate_secret` makes a new secret, the old one valid a day more. */
export const webhookUpdateSchema = z.object({
  url: urlField.optional(),
  kinds: kindsField.optional(),
  description: descriptionField.optional(),
  enabled: booleanField("enabled").optional(),
  rotate_secret: booleanField("rotate secret").optional(),
});
export type WebhookUpdateInput = z.output<typeof webhookUpdateSchema>;

export const webhookView = z.object({
  id: z.number().int(),
  url: z.string(),
  kinds: z.array(z.enum(WEBHOOK_KINDS)),
  description: z.string(),
  enabled: z.boolean(),
  /** Since when every call has failed (none: healthy); after three days the endpoint is turned off. */
  failing_since: timestamp.nullable(),
  /** Until when the secret before the last rotation still signs (none: no rotation under way). */
  previous_secret_until: timestamp.nullable(),
  created_at: timestamp,
});
export type WebhookView = z.output<typeof webhookView>;

/** An answer that shows the secret: once, when it is made. */
export const webhookSaved = z.object({ webhook: webhookView, secret: z.string().optional(), message: z.string() });

export const webhookDeliveryView = z.object({
  id: z.number().int(),
  webhook_id: z.number().int(),
  event_type: z.string(),
  /** The `webhook-id` header: the same on every try of the event. */
  message_id: z.string(),
  state: z.enum(WEBHOOK_DELIVERY_STATES),
  attempts: z.number().int(),
  status_code: z.number().int().nullable(),
  duration_ms: z.number().int().nullable(),
  /** Why the last try failed when there was no answer (a timeout, a refused address). */
  error: z.string().nullable(),
  request_body: z.string(),
  response_body: z.string().nullable(),
  next_attempt_at: timestamp.nullable(),
  last_attempt_at: timestamp.nullable(),
  created_at: timestamp,
});
export type WebhookDeliveryView = z.output<typeof webhookDeliveryView>;

export const webhookDeliveryQueued = z.object({ delivery: webhookDeliveryView, message: z.string() });

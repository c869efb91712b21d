/*
 * The endpoint's secret and the signature, as the Standard Webhooks specification writes them: a secret is
 * `whsec_` and base64 of random bytes, and a call carries `webhook-signature: v1,<base64 HMAC-SHA256 of
 * "id.timestamp.body">` keyed with those bytes. While a rotated secret is still valid, the call is signed
 * with both, space-separated, so the receiver may switch at its own pace.
 */
import { createHmac, randomBytes } from "node:crypto";
import type { Db } from "#api/db/client.ts";
import { secretBox } from "#api/lib/encryption.ts";

const PREFIX = "whsec_";
const PURPOSE = "webhook secrets";

/** A new secret, shown to its organization once. */
export const newWebhookSecret = () => `${PREFIX}${randomBytes(24).toString("base64")}`;

/** Sealed with the app key (the stored one, which every instance reads, as tickets are), bound to its organization: a sealed secret moved to another organization's row does not open. */
export async function sealSecret(db: Db, organizationId: number, secret: string): Promise<string> {
  return (await secretBox(db, PURPOSE)).seal(secret, `organization:${organizationId}`);
}

export async function openSecret(db: Db, organizationId: number, sealed: string): Promise<string> {
  return (await secretBox(db, PURPOSE)).open(sealed, `organization:${organizationId}`);
}

/** One `v1,<signature>` of the message under one secret. */
export function signature(secret: string, messageId: string, timestampSeconds: number, body: string): string {
  const key = Buffer.from(secret.startsWith(PREFIX) ? secret.slice(PREFIX.length) : secret, "base64");
  return `v1,${createHmac("sha256", key).update(`${messageId}.${timestampSeconds}.${body}`).digest("base64")}`;
}

/** The three headers of a call, signed with every secret given (the current one first). */
export function signedHeaders(secrets: string[], messageId: string, body: string, now = new Date()): Record<string, string> {
  const timestampSeconds = Math.floor(now.getTime() / 1000);
  return {
    "webhook-id": messageId,
    "webhook-timestamp": String(timestampSeconds),
    "webhook-signature": secrets.map((secret) => signature(secret, messageId, timestampSeconds, body)).join(" "),
  };
}

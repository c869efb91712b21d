import type { Context } from "hono";
import { verifyEmailFirst, type HeldAction } from "#schemas/account-links.ts";
import type { AppEnv } from "#api/context.ts";
import { forbidden } from "#api/lib/errors.ts";
import { currentUser } from "../auth/middleware.ts";

/**
 * The hold on an unverified member: publishing an event form, sending co-founder invitations and starting
 * a chat reach other people, so they wait for a proven address. 403 with what to do about it.
 */
export function assertVerifiedEmail(c: Context<AppEnv>, action: HeldAction): void {
  if (c.get("config").requireVerifiedEmail && !currentUser(c).emailVerifiedAt) throw forbidden(verifyEmailFirst(action));
}

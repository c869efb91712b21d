import type { Db } from "#api/db/client.ts";
import { organizationMembers } from "#api/db/organization-schema.ts";
import { membersWho } from "#api/lib/members-who.ts";
import type { BroadcastQueue } from "#api/realtime/broadcaster.ts";
import { notifyEach } from "./notify.ts";

/**
 * A webhook endpoint failed for three days and was turned off: the organization's owner hears it in the
 * panel and, as their mail settings say (at once by default), by mail, so the receiver gets fixed and the
 * endpoint turned back on before more events are missed.
 */
export async function notifyWebhookDisabled(tx: Db, queue: BroadcastQueue, organizationId: number, url: string) {
  const owners = await tx
    .select({ userId: organizationMembers.userId })
    .from(organizationMembers)
    .where(membersWho(organizationId, "organization.own"));
  await notifyEach(
    tx,
    queue,
    owners.map(({ userId }) => userId),
    {
      type: "webhook_disabled",
      title: "A webhook was turned off after three days of failed calls",
      body: `Every call to ${url} has failed for three days. Fix the receiver, then turn the webhook back on.`,
      url: "/webhooks",
      data: { organization_id: organizationId },
    },
  );
}

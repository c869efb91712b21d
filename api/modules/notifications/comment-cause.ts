/**
 * A comment on an application: the members it names are told (a notification, and its mail as they chose),
 * and the form's open screens hear of it, so the thread is live.
 */
import { eq } from "drizzle-orm";
import { COMMENT_ADDED_EVENT, eventFormChannel } from "#schemas/realtime.ts";
import type { Db } from "#api/db/client.ts";
import { eventForms } from "#api/db/events-schema.ts";
import type { BroadcastQueue } from "#api/realtime/broadcaster.ts";
import { notifyEach } from "./notify.ts";

export async function notifyCommented(
  tx: Db,
  queue: BroadcastQueue,
  comment: { id: number; applicationId: number; formId: number; authorName: string; mentionedIds: number[]; excerpt: string },
) {
  const [form] = await tx.select({ title: eventForms.title }).from(eventForms).where(eq(eventForms.id, comment.formId));
  if (!form) return;
  await notifyEach(tx, queue, comment.mentionedIds, {
    type: "mentioned",
    title: `${comment.authorName} mentioned you on an application to ${form.title}`,
    body: comment.excerpt,
    url: `/event-responses/${comment.formId}/form/${comment.applicationId}`,
    data: { event_form_id: comment.formId, event_application_id: comment.applicationId, comment_id: comment.id },
  });
  queue.add({
    channels: [eventFormChannel(comment.formId)],
    event: COMMENT_ADDED_EVENT,
    data: { application_id: comment.applicationId, comment_id: comment.id },
  });
}

import { useRef } from "react";
import { useRevalidator } from "react-router";
import { counted } from "#schemas/plural";
import { useConversationUpdates } from "./use-conversation-updates";

/**
 * The menu's count beside Messages: conversations with a message from the other side not read yet. It starts
 * from the page's data (the caller's unread_conversation_ids) and follows each conversation's live update,
 * which says its unread count, so a message arriving or read in another tab changes it at once. After a
 * dropped connection the page's data is loaded again, since updates sent meanwhile were not heard.
 */
export function UnreadMessagesCount({ userId, unreadIds }: { userId: number; unreadIds: readonly number[] }) {
  const revalidator = useRevalidator();
  const subscriptions = useRef(0);
  const updates = useConversationUpdates(userId, {
    onSubscribed: () => {
      if (subscriptions.current++ > 0 && revalidator.state === "idle") void revalidator.revalidate();
    },
  });
  const ids = new Set(unreadIds);
  for (const [id, update] of updates) {
    if (update.unread_count > 0) ids.add(id);
    else ids.delete(id);
  }
  if (ids.size === 0) return null;
  return (
    <span className="ml-auto rounded-full bg-brand-600 px-1.5 text-xs font-semibold leading-5 text-white" data-testid="unread-messages">
      <span aria-hidden>{ids.size}</span>
      <span className="sr-only">, {counted(ids.size, "unread conversation")}</span>
    </span>
  );
}

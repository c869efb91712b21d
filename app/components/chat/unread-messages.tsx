import { useState } from "react";
import { CONVERSATION_UPDATED_EVENT, userChannel } from "#schemas/realtime";
import { counted } from "#schemas/plural";
import { useChannel } from "~/lib/realtime/realtime";

/**
 * The menu's count beside Messages: conversations with a message from the other side not read yet. It starts
 * from the page's data (the caller's unread_conversation_ids) and follows each conversation's live update,
 * which says its unread count, so a message arriving or read in another tab changes it at once.
 */
export function UnreadMessagesCount({ userId, unreadIds }: { userId: number; unreadIds: readonly number[] }) {
  // Live changes hold until the loader answers anew: `from` is the loader's list they were made on.
  const [live, setLive] = useState<{ from: readonly number[]; ids: ReadonlySet<number> } | null>(null);
  const ids = live && live.from === unreadIds ? live.ids : new Set(unreadIds);
  useChannel(userChannel(userId), CONVERSATION_UPDATED_EVENT, (event) => {
    const next = new Set(ids);
    if (event.unread_count > 0) next.add(event.conversation_id);
    else next.delete(event.conversation_id);
    setLive({ from: unreadIds, ids: next });
  });
  if (ids.size === 0) return null;
  return (
    <span className="ml-auto rounded-full bg-brand-600 px-1.5 text-xs font-semibold leading-5 text-white" data-testid="unread-messages">
      <span aria-hidden>{ids.size}</span>
      <span className="sr-only">, {counted(ids.size, "unread conversation")}</span>
    </span>
  );
}

import { useState } from "react";
import { CONVERSATION_UPDATED_EVENT, userChannel, type ConversationUpdatedPayload } from "#schemas/realtime";
import { useChannel } from "~/lib/realtime/realtime";

/**
 * The conversation updates heard on the user's channel since it was last subscribed, the newest per
 * conversation. They sit on top of the page's data, which may have been read before or after any one of
 * them, so they outlive a loader's new answer: every change to a conversation sends one, in order, so the
 * newest heard is never older than the page's data about it. A subscription (the first, or after a dropped
 * connection) starts them afresh and calls `onSubscribed`, the moment to load anything sent meanwhile.
 */
export function useConversationUpdates(
  userId: number,
  { onSubscribed, onUpdate }: { onSubscribed?: () => void; onUpdate?: (update: ConversationUpdatedPayload) => void } = {},
): ReadonlyMap<number, ConversationUpdatedPayload> {
  const [updates, setUpdates] = useState<ReadonlyMap<number, ConversationUpdatedPayload>>(() => new Map());
  useChannel(
    userChannel(userId),
    CONVERSATION_UPDATED_EVENT,
    (update) => {
      setUpdates((current) => new Map(current).set(update.conversation_id, update));
      onUpdate?.(update);
    },
    {
      onSubscribed: () => {
        setUpdates(new Map());
        onSubscribed?.();
      },
    },
  );
  return updates;
}

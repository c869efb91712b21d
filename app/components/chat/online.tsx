import { createContext, useContext, useMemo, useState, type ReactNode } from "react";
import { chatPresenceChannel, CONVERSATION_UPDATED_EVENT, userChannel } from "#schemas/realtime";
import { usePresences } from "~/lib/realtime/presence";
import { useChannel } from "~/lib/realtime/realtime";
import { movedFirst, watchedConversations } from "./watched-conversations";

const OnlineContext = createContext<ReadonlySet<number>>(new Set());

/**
 * Who of the people the user talks with has the panel open. There is no channel of everyone online (a
 * hosted Pusher-compatible service caps a presence channel at 100 members): every tab joins the presence
 * channels of its user's most recent conversations instead, two people each, so being in one says "online"
 * to the other participant. Which conversations: the page's list (newest first, from the layout's loader),
 * with any conversation that moves live put first, and only the WATCHED_CONVERSATIONS first of them, so a
 * tab's subscriptions stay bounded however many conversations the user has.
 */
export function OnlineProvider({ userId, recentIds, children }: { userId: number; recentIds: readonly number[]; children: ReactNode }) {
  const [moved, setMoved] = useState<readonly number[]>([]);
  useChannel(userChannel(userId), CONVERSATION_UPDATED_EVENT, ({ conversation_id: id }) => setMoved((current) => movedFirst(current, id)));
  const channels = useMemo(() => watchedConversations(moved, recentIds).map(chatPresenceChannel), [moved, recentIds]);
  const members = usePresences(channels);
  const online = useMemo(() => {
    const ids = new Set<number>();
    for (const list of members.values()) for (const member of list) if (Number(member.id) !== userId) ids.add(Number(member.id));
    return ids;
  }, [members, userId]);
  return <OnlineContext.Provider value={online}>{children}</OnlineContext.Provider>;
}

/** The ids of the people the user talks with who have the panel open now (empty without JavaScript or realtime). */
export const useOnline = (): ReadonlySet<number> => useContext(OnlineContext);

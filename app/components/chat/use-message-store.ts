import { useCallback, useMemo, useState } from "react";
import type { ChatMessage } from "./types";

type Store = { base: ChatMessage[]; byId: ReadonlyMap<number, ChatMessage> };

function merged(into: ReadonlyMap<number, ChatMessage>, messages: readonly ChatMessage[]): ReadonlyMap<number, ChatMessage> {
  if (messages.every((message) => into.has(message.id))) return into;
  const next = new Map(into);
  for (const message of messages) next.set(message.id, message);
  return next;
}

/**
 * Every message of the open conversation the tab has seen: the loader's page (replaced at each
 * revalidation), older pages, live events and own sends, kept by id so none is shown twice and none
 * drops out when the loader's newest page moves on. Ordered by id, which is the order of sending.
 */
export function useMessageStore(base: ChatMessage[]) {
  const [store, setStore] = useState<Store>(() => ({ base, byId: merged(new Map(), base) }));
  let current = store;
  if (store.base !== base) {
    // The loader answered anew: fold its page in (React's "adjust state while rendering").
    current = { base, byId: merged(store.byId, base) };
    setStore(current);
  }
  const add = useCallback((messages: readonly ChatMessage[]) => setStore((s) => ({ base: s.base, byId: merged(s.byId, messages) })), []);
  const messages = useMemo(() => [...current.byId.values()].sort((a, b) => a.id - b.id), [current.byId]);
  return { messages, add };
}

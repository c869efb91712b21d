import { useCallback, useEffect, useEffectEvent, useMemo, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { chatPresenceChannel, TYPING_WHISPER, type TypingPayload } from "#schemas/realtime";
import { Avatar } from "~/components/ui/avatar";
import { usePresence } from "~/lib/realtime/presence";
import { useWhisper } from "~/lib/realtime/realtime";
import type { Conversation } from "./types";
import { safeRedirect } from "~/lib/safe-redirect";
import { InAppLink } from "~/components/ui/in-app-link";

/** How long "… is typing" stays after the last whisper (the sender repeats it every 2.5 s while typing). */
const TYPING_SHOWN_MS = 4000;

export function OnlineDot({ online, className = "" }: { online: boolean; className?: string }) {
  return (
    <span
      className={`block size-2.5 rounded-full ring-2 ring-white ${online ? "bg-green-600" : "bg-slate-400"} ${className}`}
      data-testid="online-dot"
      data-online={online || undefined}
      aria-hidden
    />
  );
}

export function ConversationHeader({ conversation, online }: { conversation: Conversation; online: boolean }) {
  const { other } = conversation;
  return (
    <header className="flex items-center gap-3 border-b border-slate-200 px-4 py-3">
      <InAppLink to="/chat" className="text-sm text-brand-700 hover:underline md:hidden">
        ← All
      </InAppLink>
      <span className="relative">
        <Avatar name={other.name} url={other.avatar_url} size="size-9" />
        <OnlineDot online={online} className="absolute -right-0.5 -bottom-0.5" />
      </span>
      <div className="min-w-0">
        <h2 id="conversation-title" className="truncate font-semibold text-slate-900">
          {safeRedirect(other.profile_url, "") ? (
            <InAppLink to={safeRedirect(other.profile_url, "")} className="hover:underline">
              {other.name}
            </InAppLink>
          ) : (
            other.name
          )}
        </h2>
        <p className="text-xs text-slate-600">{online ? "Online" : "Offline"}</p>
      </div>
    </header>
  );
}

/** "Ada is typing…", announced politely; empty (but present, so the announcement works) otherwise. */
export function TypingIndicator({ name }: { name: string | null }) {
  return (
    <p className="h-5 px-4 text-xs text-slate-600 italic" aria-live="polite" data-testid="typing-indicator">
      {name ? `${name} is typing…` : ""}
    </p>
  );
}

/**
 * Typing, both ways, on the chat's presence channel: `sendTyping` whispers an empty typing event; the server
 * adds who sent it (from the member data it signed), and the other side shows that name for a few
 * seconds. `heard` clears it when their message arrives. `here`: who is in the channel (the conversation is
 * open, or among their most recent: components/chat/online.tsx).
 */
export function useTyping(conversationId: number, me: { id: number }) {
  const channel = chatPresenceChannel(conversationId);
  const { members, whisper } = usePresence(channel);
  const [typing, setTyping] = useState<{ userId: number; name: string; at: number } | null>(null);
  useWhisper<TypingPayload>(channel, TYPING_WHISPER, (event) => {
    const userId = Number(event.user_id);
    const name = event.user_info?.name;
    if (userId !== me.id && typeof name === "string" && name) setTyping({ userId, name, at: Date.now() });
  });
  useEffect(() => {
    if (!typing) return;
    const timer = window.setTimeout(() => setTyping(null), TYPING_SHOWN_MS);
    return () => window.clearTimeout(timer);
  }, [typing]);
  const sendTyping = useCallback(() => whisper(TYPING_WHISPER, {}), [whisper]);
  const heard = useCallback((userId: number) => setTyping((current) => (current?.userId === userId ? null : current)), []);
  const here = useMemo(() => new Set(members.map((member) => Number(member.id))), [members]);
  return { typing: typing?.name ?? null, sendTyping, heard, here };
}

/**
 * Moves my read pointer when the newest message is on screen and the tab is in front: the returned ref
 * goes on an element at the bottom of the list. Posted once per newer message.
 */
export function useReadPointer(action: string, newestId: number | null, alreadyRead: number | null) {
  const fetcher = useFetcher({ key: `chat-read-${action}` });
  const posted = useRef(alreadyRead ?? 0);
  const [node, setNode] = useState<HTMLElement | null>(null);
  const [inView, setInView] = useState(false);
  const [tabShown, setTabShown] = useState(true);
  useEffect(() => {
    if (!node) return;
    const observer = new IntersectionObserver(([entry]) => setInView(entry.isIntersecting));
    observer.observe(node);
    return () => observer.disconnect();
  }, [node]);
  useEffect(() => {
    const update = () => setTabShown(document.visibilityState === "visible");
    update();
    document.addEventListener("visibilitychange", update);
    return () => document.removeEventListener("visibilitychange", update);
  }, []);
  const post = useEffectEvent((messageId: number) => {
    void fetcher.submit({ intent: "read", message_id: String(messageId) }, { method: "post", action });
  });
  useEffect(() => {
    if (!inView || !tabShown || !newestId || newestId <= posted.current) return;
    posted.current = newestId;
    post(newestId);
  }, [inView, tabShown, newestId]);
  return setNode;
}

import type { ReactNode } from "react";
import { TimeAgo } from "~/components/ui/time-ago";
import { MessageText } from "./message-text";
import type { ChatMessage } from "./types";

export interface PendingMessage {
  clientId: string;
  body: string;
}

/**
 * The open conversation's messages, oldest at the top and newest at the bottom. The scroller is a
 * reversed column, so it starts at the bottom and stays there as messages arrive, with or without
 * JavaScript; older pages added above do not move what is on screen.
 */
export function MessageList({
  messages,
  pending,
  me,
  otherRead,
  olderControl,
  footer,
}: {
  messages: ChatMessage[];
  pending: PendingMessage[];
  me: number;
  /** The other participant's read pointer: "Seen" under my last message at or below it. */
  otherRead: number | null;
  olderControl: ReactNode;
  footer?: ReactNode;
}) {
  const lastMine = [...messages].reverse().find((message) => message.user_id === me);
  const seen = lastMine && otherRead !== null && otherRead >= lastMine.id && !pending.length;
  return (
    <div className="flex min-h-0 flex-1 flex-col-reverse overflow-y-auto px-4 py-3" data-testid="message-scroller">
      <div>
        <div className="mb-3 flex justify-center">{olderControl}</div>
        {messages.length === 0 && pending.length === 0 ? (
          <p className="py-10 text-center text-sm text-slate-600">No messages yet. Say hello!</p>
        ) : null}
        <div role="log" aria-label="Messages">
          <ol className="space-y-2">
            {messages.map((message) => (
              <Bubble key={message.id} mine={message.user_id === me} testId={`message-${message.id}`}>
                <MessageText body={message.body} mine={message.user_id === me} />
                <TimeAgo
                  iso={message.created_at}
                  className={`mt-0.5 block text-xs ${message.user_id === me ? "text-brand-50" : "text-slate-600"}`}
                />
              </Bubble>
            ))}
            {pending.map((message) => (
              <Bubble key={message.clientId} mine testId="message-pending">
                <MessageText body={message.body} mine />
                <span className="mt-0.5 block text-xs text-brand-50">Sending…</span>
              </Bubble>
            ))}
          </ol>
        </div>
        {seen ? (
          <p className="mt-1 text-right text-xs text-slate-600" data-testid="seen">
            Seen
          </p>
        ) : null}
        {footer}
        <span id="latest" />
      </div>
    </div>
  );
}

function Bubble({ mine, testId, children }: { mine: boolean; testId: string; children: ReactNode }) {
  return (
    <li className={`flex ${mine ? "justify-end" : "justify-start"}`} data-testid={testId} data-mine={mine || undefined}>
      <div
        className={`max-w-[75%] rounded-2xl px-3 py-2 text-sm ${mine ? "rounded-br-sm bg-brand-600 text-white" : "rounded-bl-sm bg-slate-100 text-slate-900"}`}
      >
        {children}
      </div>
    </li>
  );
}

import { useEffect, useEffectEvent, useRef } from "react";
import { useFetcher } from "react-router";
import type { PendingMessage } from "./message-list";
import type { ChatMessage, SendResult } from "./types";

/**
 * Sends one message through its own fetcher, so several can be on their way at once and none is
 * cancelled by the next. Renders nothing: the list shows it as "Sending…" until `onSent` (the real
 * message, from the API) or `onFailed` (422, 429: its text goes back to the box with the error).
 */
export function OutboxSender({
  item,
  action,
  onSent,
  onFailed,
}: {
  item: PendingMessage;
  action: string;
  onSent: (item: PendingMessage, message: ChatMessage) => void;
  onFailed: (item: PendingMessage, refusal: Extract<SendResult, { ok: false }>) => void;
}) {
  const fetcher = useFetcher<SendResult>({ key: `chat-send-${item.clientId}` });
  const started = useRef(false);
  const send = useEffectEvent(() => {
    void fetcher.submit({ intent: "send", body: item.body, via: "fetcher" }, { method: "post", action });
  });
  useEffect(() => {
    // Once per message, also when React runs effects twice in development.
    if (started.current) return;
    started.current = true;
    send();
  }, []);
  const settle = useEffectEvent((result: SendResult) => (result.ok ? onSent(item, result.message) : onFailed(item, result)));
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data) settle(fetcher.data);
  }, [fetcher.state, fetcher.data]);
  return null;
}

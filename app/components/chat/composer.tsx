import { Suspense, lazy, useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import { Form } from "react-router";
import { useHydrated } from "remix-utils/use-hydrated";
import { MESSAGE_BODY_INVALID, MESSAGE_MAX_LENGTH } from "#schemas/conversations";

const EmojiPicker = lazy(() => import("./emoji-picker"));

/** How often typing tells the other side (the typing whisper), at most. */
const TYPING_EVERY_MS = 2500;

/**
 * The message box. Without JavaScript it is a plain form (POST, redirect back). With it, Enter sends
 * (Shift+Enter is a new line), the box empties at once and the message shows as "Sending…" (the outbox),
 * typing is whispered to the other side, and the emoji picker inserts at the cursor.
 */
export function Composer({
  restore,
  error,
  onSend,
  onTyping,
}: {
  /** Text to put back in the box (a refused message, or the plain form's text after a refusal). */
  restore: { body: string } | null;
  /** The field's error: a 422 from the API, or the 429 "too fast" message. */
  error: string | null;
  onSend: (body: string) => void;
  onTyping: () => void;
}) {
  const hydrated = useHydrated();
  const [body, setBody] = useState(restore?.body ?? "");
  const [restored, setRestored] = useState(restore);
  if (restored !== restore) {
    // A refused message comes back to the box ("adjust state while rendering").
    setRestored(restore);
    if (restore) setBody(restore.body);
  }
  const [pickerOpen, setPickerOpen] = useState(false);
  const field = useRef<HTMLTextAreaElement>(null);
  const emojiButton = useRef<HTMLButtonElement>(null);
  const pickerBox = useRef<HTMLDivElement>(null);
  const lastTyping = useRef(0);
  // Counted as the API counts (characters, an emoji is one), so the two never disagree.
  const tooLong = [...body.trim()].length > MESSAGE_MAX_LENGTH;
  const shownError = tooLong ? MESSAGE_BODY_INVALID : error;

  const send = (event?: FormEvent) => {
    event?.preventDefault();
    const text = body.trim();
    if (!text || tooLong) return;
    onSend(text);
    setBody("");
    field.current?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) send(event);
  };
  const onChange = (value: string) => {
    setBody(value);
    const now = Date.now();
    if (value.trim() && now - lastTyping.current > TYPING_EVERY_MS) {
      lastTyping.current = now;
      onTyping();
    }
  };
  const insertEmoji = (emoji: string) => {
    const input = field.current;
    const start = input?.selectionStart ?? body.length;
    const end = input?.selectionEnd ?? body.length;
    setBody(body.slice(0, start) + emoji + body.slice(end));
    setPickerOpen(false);
    // Back to the box with the caret just after the emoji, as if it had been typed.
    requestAnimationFrame(() => {
      input?.focus();
      input?.setSelectionRange(start + emoji.length, start + emoji.length);
    });
  };
  const closePicker = () => {
    setPickerOpen(false);
    emojiButton.current?.focus();
  };
  // A click outside the picker closes it.
  useEffect(() => {
    if (!pickerOpen) return;
    const away = (event: PointerEvent) => {
      if (!pickerBox.current?.contains(event.target as Node) && !emojiButton.current?.contains(event.target as Node)) setPickerOpen(false);
    };
    document.addEventListener("pointerdown", away);
    return () => document.removeEventListener("pointerdown", away);
  }, [pickerOpen]);

  return (
    <Form method="post" onSubmit={hydrated ? send : undefined} className="border-t border-slate-200 bg-white p-3">
      <input type="hidden" name="intent" value="send" />
      <div className="flex items-end gap-2">
        {hydrated ? (
          <div className="relative">
            <button
              ref={emojiButton}
              type="button"
              aria-label="Add emoji"
              aria-haspopup="dialog"
              aria-expanded={pickerOpen}
              onClick={() => setPickerOpen((open) => !open)}
              className="rounded-md p-2 text-xl leading-none hover:bg-slate-100"
            >
              <span aria-hidden>🙂</span>
            </button>
            {pickerOpen ? (
              <div ref={pickerBox} className="absolute bottom-full left-0 z-30 mb-2">
                <Suspense
                  fallback={
                    <p className="w-80 rounded-lg border border-slate-200 bg-white p-4 text-sm text-slate-600 shadow-lg">Loading emoji…</p>
                  }
                >
                  <EmojiPicker onPick={insertEmoji} onClose={closePicker} />
                </Suspense>
              </div>
            ) : null}
          </div>
        ) : null}
        <label className="min-w-0 flex-1">
          <span className="sr-only">Message</span>
          <textarea
            ref={field}
            name="body"
            rows={2}
            required
            value={body}
            onChange={(event) => onChange(event.target.value)}
            onKeyDown={hydrated ? onKeyDown : undefined}
            placeholder="Write a message…"
            aria-invalid={shownError ? true : undefined}
            aria-describedby={shownError ? "message-error" : "message-hint"}
            className="block max-h-40 w-full resize-y rounded-md border border-slate-300 px-3 py-2 text-sm"
          />
        </label>
        <button type="submit" className="rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700">
          Send
        </button>
      </div>
      {shownError ? (
        <p id="message-error" role="alert" className="mt-1 text-sm text-red-700">
          {shownError}
        </p>
      ) : (
        <p id="message-hint" className="mt-1 text-xs text-slate-600">
          {hydrated ? "Enter sends, Shift+Enter starts a new line." : `Up to ${MESSAGE_MAX_LENGTH.toLocaleString("en")} characters.`}
        </p>
      )}
    </Form>
  );
}

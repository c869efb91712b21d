import { data, redirect, type RouterContextProvider } from "react-router";
import { parseId } from "#schemas/ids";
import { API } from "#schemas/contract/index";
import { MESSAGES_THROTTLED } from "#schemas/conversations";
import { requireId } from "~/lib/route-params.server";
import type { SendResult } from "~/components/chat/types";
import { apiContext } from "~/lib/contexts";

/** 429 without the API's own words (another upstream): still clear about what to do. */
const tooFastMessage = (retryAfter?: number) =>
  retryAfter && retryAfter > 0
    ? MESSAGES_THROTTLED(retryAfter)
    : "You are sending messages too quickly. Please try again in a few seconds.";

/** The conversation's id from the address; anything else names none. */
export function conversationId(value: string | undefined): number {
  return requireId(value, "Conversation not found");
}

/** What a plain (JavaScript off) send that was refused renders with: the error and the text kept. */
export type SendRefused = Extract<SendResult, { ok: false }> & { body: string };

/**
 * The open conversation's actions. `send`: a fetcher (JavaScript on, `via=fetcher`) gets the message or
 * the refusal as data; a plain form is redirected back to the conversation, or, refused, shown again with
 * the error on the field and its text kept. `read`: moves my read pointer (fetcher only).
 */
export async function conversationAction({
  request,
  params,
  context,
}: {
  request: Request;
  params: { conversationId?: string };
  context: Readonly<RouterContextProvider>;
}) {
  const id = conversationId(params.conversationId);
  const api = context.get(apiContext);
  const form = await request.formData();
  const intent = form.get("intent");

  if (intent === "read") {
    const messageId = parseId(form.get("message_id"));
    if (messageId === undefined) return data({ ok: false as const }, { status: 400 });
    const result = await api.request(API.readConversation, { params: { id }, body: { message_id: messageId } });
    return data({ ok: result.ok }, { status: result.ok ? 200 : result.status });
  }
  if (intent !== "send") throw data("That request was not understood.", { status: 400 });

  const viaFetcher = form.get("via") === "fetcher";
  const text = typeof form.get("body") === "string" ? String(form.get("body")) : "";
  const result = await api.request(API.sendMessage, { params: { id }, body: { body: text } });
  if (result.ok) {
    if (viaFetcher) return data<SendResult>({ ok: true, message: result.body.data });
    // Answering in a conversation reads it up to here (without JavaScript nothing else marks it read).
    await api.request(API.readConversation, { params: { id }, body: { message_id: result.body.data.id } });
    return redirect(`/chat/${id}#latest`);
  }
  if (result.status === 404) throw data(result.body.message, { status: 404 });
  const retryAfter = result.status === 429 ? Number(result.headers.get("Retry-After")) || undefined : undefined;
  const refused: SendRefused = {
    ok: false,
    status: result.status,
    message: result.status === 429 ? result.body.message || tooFastMessage(retryAfter) : result.body.message,
    errors: result.body.errors,
    retryAfter,
    body: text,
  };
  return data(refused, { status: result.status });
}

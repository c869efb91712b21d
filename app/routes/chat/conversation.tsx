import { useEffect, useEffectEvent, useState } from "react";
import { useActionData, useFetcher, useRevalidator, type ShouldRevalidateFunction, Link } from "react-router";
import { API } from "#schemas/contract/index";
import { parseId } from "#schemas/ids";
import { chatChannel, MESSAGE_SENT_EVENT, MESSAGES_READ_EVENT } from "#schemas/realtime";
import { Composer } from "~/components/chat/composer";
import { MessageList, type PendingMessage } from "~/components/chat/message-list";
import type { ChatMessage } from "~/components/chat/types";
import { OutboxSender } from "~/components/chat/outbox";
import { ConversationHeader, TypingIndicator, useReadPointer, useTyping } from "~/components/chat/conversation-parts";
import { useMessageStore } from "~/components/chat/use-message-store";
import { useOnline } from "~/components/chat/online";
import { apiContext, userContext } from "~/lib/contexts";
import { useChannel } from "~/lib/realtime/realtime";
import type { Route } from "./+types/conversation";
import { conversationAction, conversationId, type SendRefused } from "./conversation.server";
import { InAppLink } from "~/components/ui/in-app-link";

/** A page of messages: the newest (or, with ?before=, the ones before a message: "Load older"). */
const PAGE = 30;

export async function loader({ url, params, context }: Route.LoaderArgs) {
  const id = conversationId(params.conversationId);
  const before = parseId(url.searchParams.get("before"));
  // ?after=: the messages after one, which the live screen loads when told of new ones (events carry no text).
  const after = before ? undefined : parseId(url.searchParams.get("after"));
  const api = context.get(apiContext);
  const [{ data: conversation }, page] = await Promise.all([
    api.answer(API.showConversation, { params: { id } }),
    api.answer(API.listMessages, { params: { id }, query: { limit: PAGE, before, after } }),
  ]);
  const me = context.get(userContext);
  return { conversation, messages: page.data, hasMore: page.meta.has_more, before: before ?? null, me: { id: me.id, name: me.name } };
}

export const action = (args: Route.ActionArgs) => conversationAction(args);

/**
 * Its own sends (the answer carries the message) and read pointers change nothing this loader shows;
 * the conversation list beside it still reloads (unread counts, last message).
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formData, defaultShouldRevalidate }) => {
  const intent = formData?.get("intent");
  if (intent === "read" || (intent === "send" && formData?.get("via") === "fetcher")) return false;
  return defaultShouldRevalidate;
};

export default function ConversationScreen({ loaderData }: Route.ComponentProps) {
  // A new conversation starts with fresh state (older pages, outbox, typing).
  return <OpenConversation key={loaderData.conversation.id} {...loaderData} />;
}

let outboxCounter = 0;

/** The list without its first item that matches (a message sent twice with the same text stays twice). */
function withoutFirst<T>(items: T[], matches: (item: T) => boolean): T[] {
  const index = items.findIndex(matches);
  return index < 0 ? items : [...items.slice(0, index), ...items.slice(index + 1)];
}

function OpenConversation({ conversation, messages: page, hasMore, before, me }: Route.ComponentProps["loaderData"]) {
  const id = conversation.id;
  const action = `/chat/${id}`;
  const { messages, add } = useMessageStore(page);
  const refusedPlain = useActionData<SendRefused>();
  const [outbox, setOutbox] = useState<PendingMessage[]>([]);
  const [failure, setFailure] = useState<{ error: string; restore: { body: string } } | null>(null);
  const [otherRead, setOtherRead] = useState(conversation.other_last_read_message_id);
  const online = useOnline();

  // "Load older": with JavaScript the older page is fetched and added above; without, it is a link.
  const older = useFetcher<typeof loader>();
  const [olderHasMore, setOlderHasMore] = useState<boolean | null>(null);
  useEffect(() => {
    if (older.state !== "idle" || !older.data) return;
    add(older.data.messages);
    setOlderHasMore(older.data.hasMore);
  }, [older.state, older.data, add]);
  const oldest = messages[0];
  const moreAbove = olderHasMore ?? hasMore;

  // A live message comes as its id: the messages from it on are loaded (the loader's ?after=), then added.
  const newer = useFetcher<typeof loader>();
  const loadFrom = (messageId: number) => void newer.load(`${action}?after=${messageId - 1}`);
  const arrive = useEffectEvent((arrived: ChatMessage[], more: boolean) => {
    // My own message can come back live before its POST answers: it is no longer "Sending…". (One
    // already listed came with its POST's answer, which took it out of the outbox itself.)
    const mine = arrived.filter((message) => message.user_id === me.id && !messages.some((known) => known.id === message.id));
    add(arrived);
    if (mine.length)
      setOutbox((items) => mine.reduce((left, message) => withoutFirst(left, (item) => item.body.trim() === message.body), items));
    const last = arrived.at(-1);
    if (more && last) loadFrom(last.id + 1);
  });
  useEffect(() => {
    if (newer.state === "idle" && newer.data) arrive(newer.data.messages, newer.data.hasMore);
  }, [newer.state, newer.data]);

  // Once subscribed (and again after a reconnect), the loader runs again for anything sent meanwhile.
  const revalidator = useRevalidator();
  const [subscribed, setSubscribed] = useState(false);
  useChannel(
    chatChannel(id),
    MESSAGE_SENT_EVENT,
    ({ message_id: messageId }) => {
      if (messages.some((known) => known.id === messageId)) return;
      // From the newest shown, or from this one if it is older (sent at the same moment as one shown).
      loadFrom(Math.min(messageId, (messages.at(-1)?.id ?? 0) + 1));
    },
    {
      onSubscribed: () => {
        setSubscribed(true);
        if (revalidator.state === "idle") void revalidator.revalidate();
      },
    },
  );
  useChannel(chatChannel(id), MESSAGES_READ_EVENT, (event) => {
    if (event.user_id !== me.id) setOtherRead((current) => Math.max(current ?? 0, event.last_read_message_id));
  });
  const { typing, sendTyping, heard, here } = useTyping(id, me);
  const newest = messages.at(-1);
  useEffect(() => {
    if (newest && newest.user_id !== me.id) heard(newest.user_id);
  }, [newest, me.id, heard]);
  const bottom = useReadPointer(action, newest?.id ?? null, conversation.last_read_message_id);

  const error = failure?.error ?? (refusedPlain ? (refusedPlain.errors?.body?.[0] ?? refusedPlain.message) : null);
  return (
    <section
      aria-labelledby="conversation-title"
      className="flex h-full min-h-0 flex-col"
      data-live={subscribed && here.has(me.id) ? "on" : undefined}
    >
      <ConversationHeader
        conversation={conversation}
        online={online.has(conversation.other.user_id) || here.has(conversation.other.user_id)}
      />
      <MessageList
        messages={messages}
        pending={outbox}
        me={me.id}
        otherRead={otherRead}
        olderControl={
          moreAbove && oldest ? (
            <Link
              to={`?before=${oldest.id}`}
              preventScrollReset
              onClick={(event) => {
                event.preventDefault();
                if (older.state === "idle") void older.load(`${action}?before=${oldest.id}`);
              }}
              className="rounded-md border border-slate-300 bg-white px-3 py-1 text-sm text-slate-700 hover:bg-slate-50"
            >
              {older.state === "loading" ? "Loading…" : "Load older messages"}
            </Link>
          ) : before ? null : messages.length ? (
            <p className="text-xs text-slate-600">This is the start of your conversation.</p>
          ) : null
        }
        footer={
          <>
            {before ? (
              <p className="mt-3 text-center">
                <InAppLink to={action} className="text-sm text-brand-700 underline">
                  Newer messages
                </InAppLink>
              </p>
            ) : null}
            <span ref={bottom} aria-hidden className="block h-px" />
          </>
        }
      />
      <TypingIndicator name={typing} />
      {/* Without JavaScript nothing arrives live: say so, with the reload at hand. */}
      <noscript>
        <p className="border-t border-slate-200 px-4 py-2 text-sm text-slate-700" data-testid="reload-notice">
          New messages appear when you reload the page.{" "}
          <a href={action} className="text-brand-700 underline">
            Refresh
          </a>
        </p>
      </noscript>
      {outbox.map((item) => (
        <OutboxSender
          key={item.clientId}
          item={item}
          action={action}
          onSent={(sent, message) => {
            add([message]);
            setOutbox((items) => items.filter((i) => i.clientId !== sent.clientId));
          }}
          onFailed={(failed, refusal) => {
            setOutbox((items) => items.filter((i) => i.clientId !== failed.clientId));
            const text = refusal.errors?.body?.[0] ?? refusal.message;
            setFailure({ error: text, restore: { body: failed.body } });
          }}
        />
      ))}
      <Composer
        restore={failure?.restore ?? refusedPlain ?? null}
        error={error}
        onTyping={sendTyping}
        onSend={(body) => {
          setFailure(null);
          setOutbox((items) => [...items, { clientId: `${Date.now()}-${++outboxCounter}`, body }]);
        }}
      />
    </section>
  );
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data?.conversation.other.name ?? "Conversation"} · Messages · Launchpad` },
];

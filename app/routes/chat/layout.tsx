import { useMemo } from "react";
import { Form, Outlet, useLocation, useParams } from "react-router";
import { API } from "#schemas/contract/index";
import { CONVERSATION_UPDATED_EVENT, userChannel, WATCHED_CONVERSATIONS } from "#schemas/realtime";
import { OnlineDot } from "~/components/chat/conversation-parts";
import type { Conversation } from "~/components/chat/types";
import { Avatar } from "~/components/ui/avatar";
import { inputClass } from "~/components/ui/field";
import { TimeAgo } from "~/components/ui/time-ago";
import { apiContext, userContext } from "~/lib/contexts";
import { useOnline } from "~/components/chat/online";
import { useConversationUpdates } from "~/components/chat/use-conversation-updates";
import { useLiveRevalidate } from "~/lib/realtime/use-live-revalidate";
import type { Route } from "./+types/layout";
import { InAppLink } from "~/components/ui/in-app-link";

export async function loader({ url, context }: Route.LoaderArgs) {
  const search = url.searchParams.get("search")?.trim() ?? "";
  // An empty search is left out of the query: no filter. As many as have their online dot live.
  const list = await context.get(apiContext).answer(API.listConversations, { query: { per_page: WATCHED_CONVERSATIONS, search } });
  return { conversations: list.data, total: list.meta.total, search, me: context.get(userContext).id };
}

/**
 * /chat: the conversation list beside the open conversation (on a phone, one or the other). The list
 * moves live: ConversationUpdated on my channel says a conversation's last message and unread count.
 */
export default function ChatLayout({ loaderData }: Route.ComponentProps) {
  const { conversations, search, me } = loaderData;
  const { conversationId } = useParams();
  const openId = conversationId ? Number(conversationId) : null;

  // Unread counts move live on top of the loader's list; a message the list does not show yet (or a
  // conversation it does not have: someone wrote first) loads the list again, since events carry no text.
  // Subscribing loads it again too, for what was sent between the page's load and then.
  const updates = useConversationUpdates(me);
  useLiveRevalidate(userChannel(me), CONVERSATION_UPDATED_EVENT, (update) => {
    const row = conversations.find((c) => c.id === update.conversation_id);
    return row ? (row.last_message?.id ?? 0) < update.last_message_id : !search;
  });
  const shown = useMemo(
    () =>
      conversations.map((c) => {
        const update = updates.get(c.id);
        if (!update || (c.last_message?.id ?? 0) > update.last_message_id) return c;
        return { ...c, unread_count: update.unread_count };
      }),
    [conversations, updates],
  );
  const online = useOnline();

  return (
    <div data-full-height className="flex min-h-0 flex-1 overflow-hidden bg-white">
      <aside
        aria-label="Conversations"
        className={`w-full shrink-0 flex-col border-r border-slate-200 md:flex md:w-80 ${openId ? "hidden" : "flex"}`}
      >
        <div className="border-b border-slate-200 p-3">
          <h1 className="mb-2 text-lg font-bold text-slate-900">Messages</h1>
          <Form method="get" action="/chat" role="search" key={search}>
            <label>
              <span className="sr-only">Search conversations</span>
              <input type="search" name="search" defaultValue={search} placeholder="Search by name" className={inputClass} />
            </label>
          </Form>
        </div>
        {shown.length === 0 ? (
          <p className="p-6 text-center text-sm text-slate-600">
            {search ? (
              <>
                No conversation with “{search}”.{" "}
                <InAppLink to="/chat" className="text-brand-700 underline">
                  Show all
                </InAppLink>
              </>
            ) : (
              "No conversations yet. Start one with the Message button on a startup's or co-founder's profile."
            )}
          </p>
        ) : (
          <ul className="min-h-0 flex-1 divide-y divide-slate-100 overflow-y-auto">
            {shown.map((conversation) => (
              <ConversationRow
                key={conversation.id}
                conversation={conversation}
                me={me}
                open={conversation.id === openId}
                online={online.has(conversation.other.user_id)}
                search={search}
              />
            ))}
          </ul>
        )}
      </aside>
      <div className={`min-w-0 flex-1 flex-col md:flex ${openId ? "flex" : "hidden"}`}>
        <Outlet />
      </div>
    </div>
  );
}

function ConversationRow({
  conversation,
  me,
  open,
  online,
  search,
}: {
  conversation: Conversation;
  me: number;
  open: boolean;
  online: boolean;
  search: string;
}) {
  const { other, last_message: last } = conversation;
  const unread = open ? 0 : conversation.unread_count;
  const { search: query } = useLocation();
  return (
    <li>
      <InAppLink
        to={`/chat/${conversation.id}${search ? query : ""}`}
        aria-current={open ? "page" : undefined}
        className={`flex items-center gap-3 px-3 py-3 ${open ? "bg-brand-50" : "hover:bg-slate-50"}`}
        data-testid={`conversation-${conversation.id}`}
      >
        <span className="relative shrink-0">
          <Avatar name={other.name} url={other.avatar_url} size="size-10" />
          <OnlineDot online={online} className="absolute -right-0.5 -bottom-0.5" />
        </span>
        <span className="min-w-0 flex-1">
          <span className="flex items-baseline justify-between gap-2">
            <span className={`truncate text-sm ${unread ? "font-bold text-slate-900" : "font-medium text-slate-800"}`}>{other.name}</span>
            {last ? <TimeAgo iso={last.created_at} className="shrink-0 text-xs text-slate-600" /> : null}
          </span>
          <span className="flex items-center justify-between gap-2">
            <span className="truncate text-sm text-slate-600">
              {last ? `${last.user_id === me ? "You: " : ""}${last.body}` : "No messages yet"}
            </span>
            {unread ? (
              <span
                className="shrink-0 rounded-full bg-brand-600 px-1.5 text-xs font-semibold leading-5 text-white"
                data-testid="conversation-unread"
              >
                {unread}
                <span className="sr-only"> unread</span>
              </span>
            ) : null}
          </span>
        </span>
      </InAppLink>
    </li>
  );
}

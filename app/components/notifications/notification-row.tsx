import { useFetcher, useLocation } from "react-router";
import { useHydrated } from "remix-utils/use-hydrated";
import { TimeAgo } from "~/components/ui/time-ago";
import { panelPath, type NotificationItem } from "./types";
import { InAppLink } from "~/components/ui/in-app-link";

/** The small icon-letter per kind, so a list reads at a glance. */
const KIND_MARKS: Record<string, string> = {
  new_follower: "＋",
  invitation_received: "✉",
  invitation_accepted: "✓",
  invitation_declined: "✕",
  application_received: "✎",
  review_status_changed: "★",
  waitlist_moved: "⇡",
  event_announcement: "✉",
  payment_status_changed: "$",
  message_received: "💬",
  webhook_disabled: "⚠",
};

/**
 * One notification: its title (a link to where it points, marking it read on the way with JavaScript on),
 * text, time, and for an unread one a "Mark as read" button that is a plain form without JavaScript.
 */
export function NotificationRow({ item, compact = false }: { item: NotificationItem; compact?: boolean }) {
  const fetcher = useFetcher();
  const hydrated = useHydrated();
  const location = useLocation();
  const unread = !item.read_at && !fetcher.formData;
  const href = panelPath(item.url);
  const markRead = () => {
    if (unread) void fetcher.submit({ intent: "read", id: String(item.id), via: "fetcher" }, { method: "post", action: "/notifications" });
  };
  return (
    <li
      className={`flex gap-3 px-4 py-3 ${unread ? "bg-brand-50/60" : ""}`}
      data-testid={`notification-${item.id}`}
      data-unread={unread || undefined}
    >
      <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-slate-100 text-sm text-slate-700" aria-hidden>
        {KIND_MARKS[item.type] ?? "•"}
      </span>
      <div className="min-w-0 flex-1">
        <p className={`text-sm ${unread ? "font-semibold text-slate-900" : "text-slate-800"}`}>
          {unread ? <span className="sr-only">Unread: </span> : null}
          {href ? (
            <InAppLink to={href} onClick={markRead} className="hover:text-brand-700 hover:underline">
              {item.title}
            </InAppLink>
          ) : (
            item.title
          )}
        </p>
        {item.body ? <p className={`text-sm text-slate-600 ${compact ? "line-clamp-2" : ""}`}>{item.body}</p> : null}
        <TimeAgo iso={item.created_at} className="text-xs text-slate-600" />
      </div>
      {unread && !compact ? (
        <fetcher.Form method="post" action="/notifications" className="shrink-0 self-center">
          <input type="hidden" name="intent" value="read" />
          <input type="hidden" name="id" value={item.id} />
          <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
          {hydrated ? <input type="hidden" name="via" value="fetcher" /> : null}
          <button
            type="submit"
            className="rounded-md px-2 py-1 text-xs font-medium text-brand-700 hover:bg-brand-50"
            aria-label={`Mark "${item.title}" as read`}
          >
            Mark as read
          </button>
        </fetcher.Form>
      ) : null}
      {unread && compact ? <span className="mt-2 size-2 shrink-0 rounded-full bg-brand-600" aria-hidden /> : null}
    </li>
  );
}

/** "Mark all as read": a plain form that goes back to the page it was on, or a fetcher with JavaScript on. */
export function MarkAllRead({ className = "" }: { className?: string }) {
  const fetcher = useFetcher();
  const hydrated = useHydrated();
  const location = useLocation();
  return (
    <fetcher.Form method="post" action="/notifications" className={className}>
      <input type="hidden" name="intent" value="read-all" />
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      {hydrated ? <input type="hidden" name="via" value="fetcher" /> : null}
      <button
        type="submit"
        disabled={fetcher.state !== "idle"}
        className="rounded-md px-2 py-1 text-sm font-medium text-brand-700 hover:bg-brand-50 disabled:opacity-60"
      >
        Mark all as read
      </button>
    </fetcher.Form>
  );
}

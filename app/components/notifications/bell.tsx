import { useEffect, useRef, useState } from "react";
import { useFetcher, useLocation } from "react-router";
import { NOTIFICATION_CREATED_EVENT, NOTIFICATIONS_READ_EVENT, userChannel } from "#schemas/realtime";
import { useChannel } from "~/lib/realtime/realtime";
import { MarkAllRead, NotificationRow } from "./notification-row";
import type { LatestNotifications } from "./types";
import { InAppLink } from "~/components/ui/in-app-link";

/** "9+" past nine, as most products do: the exact number is on /notifications. */
export const badgeText = (count: number) => (count > 9 ? "9+" : String(count));

/**
 * The header's bell: the unread count from the layout's loader (`currentUser` carries it, so no call of
 * its own), moved live by NotificationCreated / NotificationsRead on the user's channel. Opening it fetches
 * the latest items; without JavaScript it still opens (a disclosure) and links to the full list.
 */
export function NotificationBell({ userId, unreadCount }: { userId: number; unreadCount: number }) {
  // A live count holds until the loader answers anew: `from` is the loader's count it replaced.
  const [live, setLive] = useState<{ from: number; count: number } | null>(null);
  const count = live && live.from === unreadCount ? live.count : unreadCount;
  const latest = useFetcher<LatestNotifications>({ key: "notification-bell" });
  const details = useRef<HTMLDetailsElement>(null);
  const [open, setOpen] = useState(false);
  const channel = userChannel(userId);

  // Marks the bell as listening (data-live), which tests wait for before causing a notification.
  const [listening, setListening] = useState(false);
  useChannel(
    channel,
    NOTIFICATION_CREATED_EVENT,
    (event) => {
      setLive({ from: unreadCount, count: event.unread_count });
      if (open) void latest.load("/notifications/latest");
    },
    { onSubscribed: () => setListening(true) },
  );
  useChannel(channel, NOTIFICATIONS_READ_EVENT, (event) => {
    setLive({ from: unreadCount, count: event.unread_count });
    if (open) void latest.load("/notifications/latest");
  });

  // Going to another page (a notification's link, "See all") closes it.
  const { key: locationKey } = useLocation();
  useEffect(() => details.current?.removeAttribute("open"), [locationKey]);

  // Escape or a click elsewhere closes it, as a menu does.
  useEffect(() => {
    if (!open) return;
    const close = (event: Event) => {
      if (event instanceof KeyboardEvent ? event.key === "Escape" : !details.current?.contains(event.target as Node)) {
        details.current?.removeAttribute("open");
        if (event instanceof KeyboardEvent) details.current?.querySelector("summary")?.focus();
      }
    };
    document.addEventListener("keydown", close);
    document.addEventListener("pointerdown", close);
    return () => {
      document.removeEventListener("keydown", close);
      document.removeEventListener("pointerdown", close);
    };
  }, [open]);

  const onToggle = () => {
    const isOpen = Boolean(details.current?.open);
    setOpen(isOpen);
    if (isOpen) void latest.load("/notifications/latest");
  };
  const items = latest.data?.data;
  const label = count ? `Notifications, ${count} unread` : "Notifications";

  return (
    <details
      ref={details}
      className="relative"
      data-testid="notification-bell"
      data-live={listening ? "on" : undefined}
      onToggle={onToggle}
    >
      <summary
        aria-label={label}
        className="relative flex cursor-pointer list-none items-center rounded-md p-2 text-slate-700 hover:bg-slate-100"
      >
        <svg viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden>
          <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9" strokeLinecap="round" strokeLinejoin="round" />
          <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
        {count ? (
          <span
            data-testid="notification-count"
            className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-red-600 px-1 text-center text-xs font-semibold leading-5 text-white"
          >
            {badgeText(count)}
          </span>
        ) : null}
      </summary>
      {/* Announces a change of the count to screen readers without moving focus. */}
      <span className="sr-only" aria-live="polite">
        {live ? label : ""}
      </span>
      <div className="absolute right-0 z-30 mt-2 w-80 max-w-[calc(100vw-2rem)] rounded-lg border border-slate-200 bg-white shadow-lg">
        <div className="flex items-center justify-between border-b border-slate-100 px-4 py-2">
          <h2 className="text-sm font-semibold text-slate-900">Notifications</h2>
          {count ? <MarkAllRead /> : null}
        </div>
        {items === undefined ? (
          <p className="px-4 py-6 text-center text-sm text-slate-500">
            {latest.state === "loading" ? "Loading…" : "Open the full list to see them."}
          </p>
        ) : items.length === 0 ? (
          <p className="px-4 py-6 text-center text-sm text-slate-500">No notifications yet.</p>
        ) : (
          <ul aria-label="Latest notifications" className="max-h-96 divide-y divide-slate-100 overflow-y-auto">
            {items.map((item) => (
              <NotificationRow key={item.id} item={item} compact />
            ))}
          </ul>
        )}
        <InAppLink
          to="/notifications"
          className="block border-t border-slate-100 px-4 py-2 text-center text-sm font-medium text-brand-700 hover:bg-slate-50"
        >
          See all notifications
        </InAppLink>
      </div>
    </details>
  );
}

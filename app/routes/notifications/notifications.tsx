import { MarkAllRead, NotificationRow } from "~/components/notifications/notification-row";
import { Card, EmptyState, PageHeader } from "~/components/ui/layout";
import { Pagination } from "~/components/ui/pagination";
import { listQueryOf } from "~/lib/list-query.server";
import { apiContext } from "~/lib/contexts";
import { API } from "#schemas/contract/index";
import type { Route } from "./+types/notifications";
import { notificationAction } from "./action.server";
import { InAppLink } from "~/components/ui/in-app-link";

export async function loader({ url, context }: Route.LoaderArgs) {
  const unreadOnly = url.searchParams.get("filter") === "unread";
  const query = { ...listQueryOf(url, ["page"], { per_page: "20" }), filter: unreadOnly ? ("unread" as const) : undefined };
  const list = await context.get(apiContext).answer(API.listNotifications, { query });
  return { list, unreadOnly };
}

export const action = (args: Route.ActionArgs) => notificationAction(args);

export default function Notifications({ loaderData }: Route.ComponentProps) {
  const { list, unreadOnly } = loaderData;
  const unread = list.meta.unread_count;
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader
        title="Notifications"
        description={unread ? `${unread} unread` : "You're all caught up."}
        actions={unread ? <MarkAllRead className="self-center" /> : undefined}
      />
      <nav aria-label="Which notifications" className="mb-4 flex gap-2 border-b border-slate-200 pb-2">
        <Tab to="/notifications" current={!unreadOnly} label="All" />
        <Tab to="/notifications?filter=unread" current={unreadOnly} label={`Unread (${unread})`} />
      </nav>
      {list.data.length === 0 ? (
        <EmptyState title={list.meta.total > 0 ? "Nothing on this page" : unreadOnly ? "No unread notifications" : "No notifications yet"}>
          {list.meta.total > 0 ? (
            <InAppLink to={unreadOnly ? "/notifications?filter=unread" : "/notifications"} className="text-brand-700 underline">
              Back to the first page
            </InAppLink>
          ) : unreadOnly ? (
            <InAppLink to="/notifications" className="text-brand-700 underline">
              See all notifications
            </InAppLink>
          ) : (
            "New followers, invitations, applications, payments and messages show up here."
          )}
        </EmptyState>
      ) : (
        <Card flush className="overflow-hidden">
          <ul aria-label={unreadOnly ? "Unread notifications" : "Notifications"} className="divide-y divide-slate-100">
            {list.data.map((item) => (
              <NotificationRow key={item.id} item={item} />
            ))}
          </ul>
        </Card>
      )}
      <Pagination meta={list.meta} />
    </div>
  );
}

function Tab({ to, current, label }: { to: string; current: boolean; label: string }) {
  return (
    <InAppLink
      to={to}
      aria-current={current ? "page" : undefined}
      className={`rounded-md px-3 py-1.5 text-sm font-medium ${current ? "bg-brand-600 text-white" : "text-slate-700 hover:bg-slate-100"}`}
    >
      {label}
    </InAppLink>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Notifications · Launchpad" }];

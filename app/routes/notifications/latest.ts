import type { LatestNotifications } from "~/components/notifications/types";
import { apiContext } from "~/lib/contexts";
import type { NotificationPage } from "#schemas/notifications";
import type { Route } from "./+types/latest";

/** How many the bell shows; the rest are on /notifications. */
const LATEST = 8;

/** The bell's resource route: fetched when the bell opens, never with the page. */
export async function loader({ context }: Route.LoaderArgs): Promise<LatestNotifications> {
  const list = await context.get(apiContext).load<NotificationPage>(`/api/v1/admin/notifications?per_page=${LATEST}`);
  return { data: list.data, unread_count: list.meta.unread_count };
}

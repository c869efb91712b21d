import type { LatestNotifications } from "~/components/notifications/types";
import { apiContext } from "~/lib/contexts";
import { API } from "#schemas/contract/index";
import type { Route } from "./+types/latest";

/** How many the bell shows; the rest are on /notifications. */
const LATEST = 8;

/** The bell's resource route: fetched when the bell opens, never with the page. */
export async function loader({ context }: Route.LoaderArgs): Promise<LatestNotifications> {
  const list = await context.get(apiContext).answer(API.listNotifications, { query: { per_page: LATEST } });
  return { data: list.data, unread_count: list.meta.unread_count };
}

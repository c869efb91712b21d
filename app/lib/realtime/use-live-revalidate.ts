import { useEffect, useRef } from "react";
import { useRevalidator, useRouteLoaderData } from "react-router";
import type { RealtimeEvent, RealtimePayloads } from "#schemas/realtime";
import type { loader as adminLayoutLoader } from "~/routes/admin/layout";
import { useChannel } from "./realtime";

/**
 * Runs the page's loaders again when `event` arrives on `channel` (and `when` agrees): the simplest way
 * for a list to show what changed, sorted, filtered and paged as the address says. Also once when the
 * subscription is accepted, for what happened between the page's load and then.
 *
 * An event that arrives while loaders are already running is not dropped: their answer may have been read
 * before the change, so they run once more when they finish.
 */
export function useLiveRevalidate<Event extends RealtimeEvent>(
  channel: string | null,
  event: Event,
  when: (data: RealtimePayloads[Event]) => boolean = () => true,
) {
  const revalidator = useRevalidator();
  const owed = useRef(false);
  const idle = revalidator.state === "idle";
  const again = () => {
    if (idle) void revalidator.revalidate();
    else owed.current = true;
  };
  useEffect(() => {
    if (!idle || !owed.current) return;
    owed.current = false;
    void revalidator.revalidate();
  }, [idle, revalidator]);
  useChannel(channel, event, (data) => (when(data) ? again() : undefined), { onSubscribed: again });
}

/** The logged-in user's id, from the admin layout's loader (every admin screen has it). */
export function useCurrentUserId(): number | null {
  return useRouteLoaderData<typeof adminLayoutLoader>("routes/admin/layout")?.user.id ?? null;
}

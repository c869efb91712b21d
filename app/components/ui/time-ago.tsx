import { useEffect, useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { useDates } from "~/lib/dates";
import { relativeTime, timeUntil } from "~/lib/relative-time";

/**
 * "5 min ago" (or, with `until`, "in 30 s" for a moment to come), kept fresh. The server (and the first client
 * render, which must match it) shows the date and time in the reader's zone from /settings instead: the
 * server does not know their clock.
 */
export function TimeAgo({ iso, className, until = false }: { iso: string; className?: string; until?: boolean }) {
  const hydrated = useHydrated();
  const dates = useDates();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), until ? 5_000 : 60_000);
    return () => window.clearInterval(timer);
  }, [until]);
  return (
    <time dateTime={iso} title={dates.dayTime(iso)} className={className}>
      {hydrated ? ((until ? timeUntil : relativeTime)(iso, now) ?? dates.day(iso)) : dates.dayTime(iso)}
    </time>
  );
}

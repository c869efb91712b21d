import { useEffect, useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { useDates } from "~/lib/dates";
import { relativeTime } from "~/lib/relative-time";

/**
 * "5 min ago", kept fresh each minute. The server (and the first client render, which must match it)
 * shows the date and time in the reader's zone from /settings instead: the server does not know their clock.
 */
export function TimeAgo({ iso, className }: { iso: string; className?: string }) {
  const hydrated = useHydrated();
  const dates = useDates();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 60_000);
    return () => window.clearInterval(timer);
  }, []);
  return (
    <time dateTime={iso} title={dates.dayTime(iso)} className={className}>
      {hydrated ? (relativeTime(iso, now) ?? dates.day(iso)) : dates.dayTime(iso)}
    </time>
  );
}

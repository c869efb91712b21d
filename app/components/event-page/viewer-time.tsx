import { useEffect, useState } from "react";
import { formatEventTime } from "~/lib/event-format";

/**
 * The event's times on the reader's own clock, when that is not the event's. The server cannot know a
 * visitor's zone, so this appears once the page runs in their browser; without JavaScript the event's own
 * clock (always shown, with its zone named) is the answer.
 */
export function ViewerTime({ startsAt, endsAt, eventZone }: { startsAt: string; endsAt: string; eventZone: string }) {
  const [zone, setZone] = useState<string | null>(null);
  useEffect(() => setZone(Intl.DateTimeFormat().resolvedOptions().timeZone), []);
  if (!zone || zone === eventZone) return null;
  return (
    <p className="text-sm text-slate-600" data-testid="viewer-time">
      Your time: {formatEventTime(startsAt, endsAt, zone)}
    </p>
  );
}

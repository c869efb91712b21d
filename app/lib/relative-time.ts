const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * "just now", "5 min ago", "3 h ago", "2 d ago": how chats and notification lists say when. A week or
 * more ago it is null: the caller shows the date in the reader's zone and format (app/lib/dates.tsx).
 */
export function relativeTime(iso: string, now: number = Date.now()): string | null {
  const then = new Date(iso).getTime();
  const ago = Math.max(0, now - then);
  if (ago < MINUTE) return "just now";
  if (ago < HOUR) return `${Math.floor(ago / MINUTE)} min ago`;
  if (ago < DAY) return `${Math.floor(ago / HOUR)} h ago`;
  if (ago < 7 * DAY) return `${Math.floor(ago / DAY)} d ago`;
  return null;
}

/**
 * A moment still to come (a retry's next try): "in 30 s", "in 5 min", "in 3 h", "in 2 d"; "now" once it is
 * due, null a week or more away (the caller shows the date).
 */
export function timeUntil(iso: string, now: number = Date.now()): string | null {
  const wait = new Date(iso).getTime() - now;
  if (wait <= 0) return "now";
  if (wait < MINUTE) return `in ${Math.ceil(wait / 1000)} s`;
  if (wait < HOUR) return `in ${Math.round(wait / MINUTE)} min`;
  if (wait < DAY) return `in ${Math.round(wait / HOUR)} h`;
  if (wait < 7 * DAY) return `in ${Math.round(wait / DAY)} d`;
  return null;
}

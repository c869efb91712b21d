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

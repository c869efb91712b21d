import { calendarLeaf } from "~/lib/event-format";

/**
 * Tints for events without a banner, each deep enough for white text in either theme (4.5:1 or more), picked
 * by the event's id so an event keeps its colour from one visit to the next.
 */
const TINTS = [
  "from-indigo-700 to-violet-800",
  "from-emerald-700 to-teal-800",
  "from-rose-700 to-pink-800",
  "from-sky-700 to-blue-800",
  "from-amber-700 to-orange-800",
] as const;

interface CoverEvent {
  id: number;
  banner_url: string | null;
  starts_at: string;
  timezone: string;
  category?: string;
}

/**
 * An event's cover: its banner, or a card drawn from what the event is (its day on its own clock, and its
 * category) so no event shows an empty box. `eager` for covers in view when the page opens. The card is decoration: the same facts are in the text beside it.
 */
export function EventCover({ event, size = "card", eager = false }: { event: CoverEvent; size?: "card" | "thumb"; eager?: boolean }) {
  const frame = size === "card" ? "aspect-[2/1] w-full" : "h-12 w-24 shrink-0 rounded-md";
  if (event.banner_url)
    return (
      <img
        data-testid="event-cover"
        src={event.banner_url}
        alt=""
        width={size === "card" ? 1200 : 96}
        height={size === "card" ? 600 : 48}
        // The first row is what a visitor sees first; the rest wait until they scroll near.
        loading={eager ? "eager" : "lazy"}
        className={`${frame} bg-slate-100 object-cover`}
      />
    );
  const { month, day } = calendarLeaf(event.starts_at, event.timezone);
  return (
    <div
      data-testid="event-cover"
      aria-hidden
      className={`${frame} flex bg-gradient-to-br text-white ${TINTS[event.id % TINTS.length]} ${
        size === "card" ? "flex-col justify-between p-4" : "items-center justify-center gap-1"
      }`}
    >
      {size === "card" ? (
        <>
          <span className="text-xs font-semibold tracking-widest">{event.category?.toUpperCase()}</span>
          <span className="flex flex-col leading-none">
            <span className="text-sm font-semibold tracking-widest">{month}</span>
            <span className="text-4xl font-bold">{day}</span>
          </span>
        </>
      ) : (
        <span className="text-sm font-semibold">
          {month} {day}
        </span>
      )}
    </div>
  );
}

/**
 * Making an Intl.DateTimeFormat costs far more than formatting with one, and a list formats the same
 * few zones over and over: each kind of format is made once per zone.
 */
function formatterPerZone(options: Intl.DateTimeFormatOptions): (timeZone: string) => Intl.DateTimeFormat {
  const made = new Map<string, Intl.DateTimeFormat>();
  return (timeZone) => {
    let format = made.get(timeZone);
    if (!format) made.set(timeZone, (format = new Intl.DateTimeFormat("en-GB", { ...options, timeZone })));
    return format;
  };
}

const dayIn = formatterPerZone({ weekday: "short", day: "numeric", month: "short", year: "numeric" });
const timeIn = formatterPerZone({ hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
const dayAndTimeIn = formatterPerZone({
  weekday: "short",
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** "Tue, 1 Dec 2026, 18:00 – 21:00 (Africa/Lagos)": event times on the event's own clock. */
export function formatEventTime(startsAt: string, endsAt: string, timeZone: string): string {
  const day = dayIn(timeZone);
  const time = timeIn(timeZone);
  const start = new Date(startsAt);
  const end = new Date(endsAt);
  const sameDay = day.format(start) === day.format(end);
  const endText = sameDay ? time.format(end) : `${day.format(end)}, ${time.format(end)}`;
  return `${day.format(start)}, ${time.format(start)} – ${endText} (${timeZone})`;
}

export const NATURE_LABELS: Record<string, string> = { online: "Online", in_person: "In person", hybrid: "Hybrid" };

export const STATUS_TONES: Record<string, "slate" | "green" | "red" | "blue"> = {
  draft: "slate",
  published: "green",
  closed: "red",
  pending: "blue",
  shortlisted: "blue",
  accepted: "green",
  rejected: "red",
  waitlisted: "slate",
  cancelled: "red",
};

export const price = (info: { price: string; currency: string } | null) => (info ? formatMoney(info.price, info.currency) : "Free");

/** An answer as one line of text (lists joined, yes/no spelled out, a file named as such). */
export function answerText(value: unknown): string {
  if (value === undefined || value === null || value === "") return "—";
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (Array.isArray(value)) return value.join(", ");
  if (typeof value === "object") return "File";
  return String(value);
}

/** A single instant on the event's own clock, e.g. the application deadline. */
export const formatInZone = (iso: string, timeZone: string) => `${dayAndTimeIn(timeZone).format(new Date(iso))} (${timeZone})`;

/** An API money string in its currency, as "USD 25.00": the code, unlike "$", is never ambiguous. */
export const formatMoney = (amount: string, currency: string) => `${currency} ${amount}`;

/*
 * Event times and money as the panel shows them and mail repeats them, from one rule: times on the event's
 * own clock with its zone named, amounts with their currency code.
 */

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
export function formatEventTime(startsAt: string | Date, endsAt: string | Date, timeZone: string): string {
  const day = dayIn(timeZone);
  const time = timeIn(timeZone);
  const start = new Date(startsAt);
  const end = new Date(endsAt);
  const sameDay = day.format(start) === day.format(end);
  const endText = sameDay ? time.format(end) : `${day.format(end)}, ${time.format(end)}`;
  return `${day.format(start)}, ${time.format(start)} – ${endText} (${timeZone})`;
}

const monthAndDayIn = formatterPerZone({ month: "short", day: "numeric" });

/** The leaf of a wall calendar an event starts on, on its own clock: { month: "DEC", day: "1" }. */
export function calendarLeaf(iso: string | Date, timeZone: string): { month: string; day: string } {
  const parts = monthAndDayIn(timeZone).formatToParts(new Date(iso));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
  return { month: part("month").toUpperCase(), day: part("day") };
}

/** A single instant on the event's own clock, e.g. the application deadline. */
export const formatInZone = (iso: string | Date, timeZone: string) => `${dayAndTimeIn(timeZone).format(new Date(iso))} (${timeZone})`;

const minorDigits = new Map<string, Intl.NumberFormat>();

/** Amounts of a currency written with its own minor units (2 for USD, 0 for JPY), grouped by thousands. */
function amountFormat(currency: string): Intl.NumberFormat {
  let format = minorDigits.get(currency);
  if (!format) {
    let digits = 2;
    try {
      digits = new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;
    } catch {
      // Not a currency Intl knows: two decimals, as most have.
    }
    format = new Intl.NumberFormat("en", { minimumFractionDigits: digits, maximumFractionDigits: digits });
    minorDigits.set(currency, format);
  }
  return format;
}

/**
 * An API money string in its currency, as "USD 25.00" or "USD 1,250.00": the code, unlike "$", is never
 * ambiguous. One rule for every screen and mail, whether the API wrote "40" (a price) or "40.00" (a bill).
 */
export const formatMoney = (amount: string, currency: string) => {
  const value = Number(amount);
  return `${currency} ${Number.isFinite(value) ? amountFormat(currency).format(value) : amount}`;
};

/**
 * Wall-clock times in an IANA zone, without a date library: event times are entered as local
 * "YYYY-MM-DDTHH:mm" in the event's zone and stored as instants.
 */
export const LOCAL_DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

/** A real calendar date and clock time, not just the right shape ("2026-02-31T25:99" is not). */
export function isRealLocalDateTime(value: string): boolean {
  if (!LOCAL_DATETIME.test(value)) return false;
  const [date, time] = value.split("T");
  const [y, m, d] = date.split("-").map(Number);
  const [hh, mm] = time.split(":").map(Number);
  const at = new Date(Date.UTC(y, m - 1, d, hh, mm));
  return y >= 1000 && at.getUTCFullYear() === y && at.getUTCMonth() === m - 1 && at.getUTCDate() === d && hh < 24 && mm < 60;
}

export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * The zones a person picks from (settings, the dashboard): UTC first, then every canonical IANA name this
 * runtime lists. Narrower than isTimeZone, which also takes aliases such as "US/Eastern": a saved choice
 * must be one the pickers can show. Computed once.
 */
let listed: string[] | undefined;
let listedSet: Set<string> | undefined;
export function listedTimeZones(): string[] {
  listed ??= ["UTC", ...Intl.supportedValuesOf("timeZone").filter((zone) => zone !== "UTC")];
  return listed;
}
export function isListedTimeZone(zone: string): boolean {
  listedSet ??= new Set(listedTimeZones());
  return listedSet.has(zone);
}

/** Building an Intl.DateTimeFormat costs far more than using one: one per zone, made on first use. */
const wallClocks = new Map<string, Intl.DateTimeFormat>();
function wallClock(zone: string): Intl.DateTimeFormat {
  let format = wallClocks.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    // Only zones that parse get here (the constructor throws on others), so the map stays small.
    wallClocks.set(zone, format);
  }
  return format;
}

/** The zone's offset from UTC, in minutes, at the given instant. */
function offsetMinutes(instant: Date, zone: string): number {
  const parts = wallClock(zone).formatToParts(instant);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const asUtc = Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute"), get("second"));
  return Math.round((asUtc - instant.getTime()) / 60_000);
}

/** "2026-12-01T18:00" in "Africa/Lagos" → the instant 2026-12-01T17:00Z. */
export function zonedToInstant(local: string, zone: string): Date {
  const [date, time] = local.split("T");
  const [y, m, d] = date.split("-").map(Number);
  const [hh, mm] = time.split(":").map(Number);
  const guess = Date.UTC(y, m - 1, d, hh, mm);
  // Two passes settle the offset across a daylight-saving change.
  const first = guess - offsetMinutes(new Date(guess), zone) * 60_000;
  return new Date(guess - offsetMinutes(new Date(first), zone) * 60_000);
}

/** The instant's wall-clock reading in the zone, as an ISO text without offset ("2026-12-05T18:00:00.000"), and that offset. */
function onZoneClock(instant: Date | string, zone: string): { clock: string; offset: number } {
  const at = typeof instant === "string" ? new Date(instant) : instant;
  const offset = offsetMinutes(at, zone);
  return { clock: new Date(at.getTime() + offset * 60_000).toISOString(), offset };
}

/** The instant as "YYYY-MM-DDTHH:mm" on the zone's wall clock (for a datetime-local input). */
export function instantToZoned(instant: Date | string, zone: string): string {
  return onZoneClock(instant, zone).clock.slice(0, 16);
}

/** The instant as ISO 8601 on the zone's wall clock with its offset ("2026-12-05T18:00:00+09:00"), as schema.org dates take it. */
export function instantWithOffset(instant: Date | string, zone: string): string {
  const { clock, offset } = onZoneClock(instant, zone);
  const hours = String(Math.floor(Math.abs(offset) / 60)).padStart(2, "0");
  const minutes = String(Math.abs(offset) % 60).padStart(2, "0");
  return `${clock.slice(0, 19)}${offset < 0 ? "-" : "+"}${hours}:${minutes}`;
}

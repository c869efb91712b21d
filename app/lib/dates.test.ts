import { describe, expect, it } from "vitest";
import { datesFor } from "./dates";

// 23:30 on 30 Nov in UTC is already 1 Dec in Lagos (UTC+1) and still 30 Nov in New York.
const LATE = "2026-11-30T23:30:00.000Z";

describe("dates in the reader's zone and format", () => {
  it("moves the day with the zone", () => {
    expect(datesFor({ timeZone: "UTC", dateFormat: "medium" }).day(LATE)).toBe("30 Nov 2026");
    expect(datesFor({ timeZone: "Africa/Lagos", dateFormat: "medium" }).day(LATE)).toBe("1 Dec 2026");
    expect(datesFor({ timeZone: "America/New_York", dateFormat: "medium" }).day(LATE)).toBe("30 Nov 2026");
  });

  it("writes the day in each format", () => {
    const lagos = (dateFormat: "medium" | "iso" | "day-month" | "month-day") =>
      datesFor({ timeZone: "Africa/Lagos", dateFormat }).day(LATE);
    expect(lagos("iso")).toBe("2026-12-01");
    expect(lagos("day-month")).toBe("01/12/2026");
    expect(lagos("month-day")).toBe("12/01/2026");
  });

  it("adds the 24-hour time and the zone's name, and a dash for no date", () => {
    const tokyo = datesFor({ timeZone: "Asia/Tokyo", dateFormat: "iso" });
    expect(tokyo.dayTime(LATE)).toBe("2026-12-01, 08:30 GMT+9");
    expect(tokyo.dayTime(null)).toBe("—");
    expect(datesFor({ timeZone: "UTC", dateFormat: "medium" }).dayTime(LATE)).toBe("30 Nov 2026, 23:30 UTC");
  });

  it("puts the event's clock beside the reader's where the event keeps another zone, with its day when that is another", () => {
    const utc = datesFor({ timeZone: "UTC", dateFormat: "medium" });
    expect(utc.dayTimeBesideEvent("2026-11-30T17:00:00.000Z", "Africa/Lagos")).toBe("30 Nov 2026, 17:00 UTC (18:00 in Africa/Lagos)");
    expect(utc.dayTimeBesideEvent(LATE, "Africa/Lagos")).toBe("30 Nov 2026, 23:30 UTC (1 Dec 2026, 00:30 in Africa/Lagos)");
    const lagos = datesFor({ timeZone: "Africa/Lagos", dateFormat: "iso" });
    expect(lagos.dayTimeBesideEvent(LATE, "Africa/Lagos")).toBe(lagos.dayTime(LATE));
    expect(lagos.dayTimeBesideEvent(LATE, "America/New_York")).toBe("2026-12-01, 00:30 GMT+1 (2026-11-30, 18:30 in America/New_York)");
    expect(lagos.dayTimeBesideEvent(null, "UTC")).toBe("—");
  });
});

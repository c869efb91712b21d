import { describe, expect, it } from "vitest";
import { relativeTime, timeUntil } from "./relative-time";

describe("relative times", () => {
  const now = Date.parse("2026-05-20T12:00:00Z");
  it("goes from just now through minutes, hours and days, and leaves older dates to the caller", () => {
    expect(relativeTime("2026-05-20T11:59:30Z", now)).toBe("just now");
    expect(relativeTime("2026-05-20T11:55:00Z", now)).toBe("5 min ago");
    expect(relativeTime("2026-05-20T09:00:00Z", now)).toBe("3 h ago");
    expect(relativeTime("2026-05-18T12:00:00Z", now)).toBe("2 d ago");
    expect(relativeTime("2026-05-13T12:00:01Z", now)).toBe("6 d ago");
    expect(relativeTime("2026-05-13T12:00:00Z", now)).toBeNull();
  });
  it("treats a clock slightly ahead as now", () => {
    expect(relativeTime("2026-05-20T12:00:05Z", now)).toBe("just now");
  });
  it("says how long until a moment still to come, and now once it is due", () => {
    expect(timeUntil("2026-05-20T12:00:30Z", now)).toBe("in 30 s");
    expect(timeUntil("2026-05-20T12:03:00Z", now)).toBe("in 3 min");
    expect(timeUntil("2026-05-20T17:00:00Z", now)).toBe("in 5 h");
    expect(timeUntil("2026-05-22T12:00:00Z", now)).toBe("in 2 d");
    expect(timeUntil("2026-05-27T12:00:00Z", now)).toBeNull();
    expect(timeUntil("2026-05-20T11:59:59Z", now)).toBe("now");
  });
});

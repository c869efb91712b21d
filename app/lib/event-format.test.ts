import { describe, expect, it } from "vitest";
import { formatEventTime } from "./event-format";

describe("formatEventTime", () => {
  it("shows the event's own clock and zone", () => {
    expect(formatEventTime("2026-12-01T17:00:00Z", "2026-12-01T20:00:00Z", "Africa/Lagos")).toBe(
      "Tue, 1 Dec 2026, 18:00 – 21:00 (Africa/Lagos)",
    );
    expect(formatEventTime("2026-12-01T17:00:00Z", "2026-12-02T08:00:00Z", "Africa/Lagos")).toBe(
      "Tue, 1 Dec 2026, 18:00 – Wed, 2 Dec 2026, 09:00 (Africa/Lagos)",
    );
  });
});

import { describe, expect, it } from "vitest";
import { calendarLeaf, formatMoney } from "./event-format.ts";

describe("formatMoney", () => {
  it("writes every amount with its currency's minor units, whether the API sent a price or a bill", () => {
    expect(formatMoney("40", "USD")).toBe("USD 40.00");
    expect(formatMoney("40.00", "USD")).toBe("USD 40.00");
    expect(formatMoney("12.5", "EUR")).toBe("EUR 12.50");
    expect(formatMoney("1250", "NGN")).toBe("NGN 1,250.00");
    expect(formatMoney("5000", "JPY")).toBe("JPY 5,000");
    expect(formatMoney("not a number", "USD")).toBe("USD not a number");
  });
});

describe("calendarLeaf", () => {
  it("is the day the event starts on its own clock, not the reader's or UTC's", () => {
    // 23:30 UTC on 31 December is already 1 January in Lagos (UTC+1), still 31 December in New York.
    expect(calendarLeaf("2026-12-31T23:30:00Z", "Africa/Lagos")).toEqual({ month: "JAN", day: "1" });
    expect(calendarLeaf("2026-12-31T23:30:00Z", "America/New_York")).toEqual({ month: "DEC", day: "31" });
  });
});

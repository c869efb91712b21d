import { describe, expect, it } from "vitest";
import { formatMoney } from "./event-format.ts";

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

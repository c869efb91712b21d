import { describe, expect, it } from "vitest";
import { counted, waitTime } from "./plural.ts";

describe("counted", () => {
  it("takes the singular for one and the plural otherwise, irregular ones included", () => {
    expect(counted(1, "application")).toBe("1 application");
    expect(counted(0, "application")).toBe("0 applications");
    expect(counted(14, "new follower")).toBe("14 new followers");
    expect(counted(1, "city", "cities")).toBe("1 city");
    expect(counted(3, "city", "cities")).toBe("3 cities");
  });
});

describe("waitTime", () => {
  it("says a wait in its largest whole unit, rounded up so it is never too soon", () => {
    expect(waitTime(0)).toBe("1 second");
    expect(waitTime(1)).toBe("1 second");
    expect(waitTime(45)).toBe("45 seconds");
    expect(waitTime(58.2)).toBe("59 seconds");
    expect(waitTime(59.2)).toBe("1 minute");
    expect(waitTime(60)).toBe("1 minute");
    expect(waitTime(61)).toBe("2 minutes");
    expect(waitTime(3540)).toBe("59 minutes");
    expect(waitTime(3579)).toBe("1 hour");
    expect(waitTime(3601)).toBe("2 hours");
  });
});

import { describe, expect, it } from "vitest";
import { cookiePairs, readCookie, readXsrfCookie } from "./cookies";

describe("reading one cookie", () => {
  it("finds and decodes it among others", () => {
    expect(readCookie("a=1; XSRF-TOKEN=ab%3D%3D; b=2", "XSRF-TOKEN")).toBe("ab==");
    expect(readCookie("a=1", "XSRF-TOKEN")).toBeNull();
    expect(readCookie("XSRF-TOKEN-OLD=1; XSRF-TOKEN=2", "XSRF-TOKEN")).toBe("2");
  });

  it("reads nothing from no header", () => {
    expect(readCookie(null, "XSRF-TOKEN")).toBeNull();
    expect(cookiePairs(null)).toEqual([]);
  });

  it("lists the pairs in order, values as sent, skipping parts without a value", () => {
    expect(cookiePairs(" a=1;b = x%20y ;flag; a=2")).toEqual([
      ["a", "1"],
      ["b", "x%20y"],
      ["a", "2"],
    ]);
  });

  it("gives a value that is not valid percent-encoding as it is", () => {
    expect(readCookie("a=%E0%A4%A", "a")).toBe("%E0%A4%A");
  });

  it("reads the XSRF cookie of the configured name, else a Laravel API's XSRF-TOKEN", () => {
    expect(readXsrfCookie("XSRF-TOKEN=plain; __Host-XSRF-TOKEN=host", "__Host-XSRF-TOKEN")).toBe("host");
    expect(readXsrfCookie("XSRF-TOKEN=ab%3D%3D", "__Host-XSRF-TOKEN")).toBe("ab==");
    expect(readXsrfCookie("a=1", "__Host-XSRF-TOKEN")).toBeNull();
  });
});

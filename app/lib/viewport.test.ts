import { describe, expect, it } from "vitest";
import { BREAKPOINTS, breakpointFor, isCompact, viewportCookie, viewportFromCookie } from "./viewport";

describe("breakpoints", () => {
  it("names seven breakpoints, from mobile at 320 px to desktopWide at 1600 px", () => {
    expect(Object.fromEntries(BREAKPOINTS)).toEqual({
      mobile: 320,
      mobileMedium: 375,
      mobileWide: 425,
      tablet: 768,
      desktop: 1024,
      desktopMedium: 1280,
      desktopWide: 1600,
    });
  });

  it("names the widest breakpoint the width reaches", () => {
    const at = (width: number) => breakpointFor((min) => width >= min);
    expect(at(300)).toBe("mobile");
    expect(at(375)).toBe("mobileMedium");
    expect(at(424)).toBe("mobileMedium");
    expect(at(768)).toBe("tablet");
    expect(at(1280)).toBe("desktopMedium");
    expect(at(2560)).toBe("desktopWide");
  });

  it("falls back to desktop for a missing or unknown cookie", () => {
    expect(viewportFromCookie(null).breakpoint).toBe("desktop");
    expect(viewportFromCookie("a=1; viewport=huge").breakpoint).toBe("desktop");
    expect(viewportFromCookie("a=1; viewport=tablet; b=2").breakpoint).toBe("tablet");
    expect(viewportFromCookie("viewport=").breakpoint).toBe("desktop");
  });

  it("says whether the browser has measured the screen: only a breakpoint it writes counts", () => {
    expect(viewportFromCookie(null)).toEqual({ breakpoint: "desktop", measured: false });
    expect(viewportFromCookie("viewport=huge")).toEqual({ breakpoint: "desktop", measured: false });
    expect(viewportFromCookie("a=1; viewport=mobileMedium")).toEqual({ breakpoint: "mobileMedium", measured: true });
  });

  it("writes the cookie for a year, on every path, SameSite=Strict and Secure", () => {
    expect(viewportCookie("tablet")).toBe("viewport=tablet; Max-Age=31536000; Path=/; SameSite=Strict; Secure");
  });

  it("treats phones and tablets as compact", () => {
    expect(isCompact("tablet")).toBe(true);
    expect(isCompact("desktop")).toBe(false);
  });
});

import { readCookie } from "./cookies";

/** The panel's breakpoints (name, min-width in px), smallest first. */
export const BREAKPOINTS = [
  ["mobile", 320],
  ["mobileMedium", 375],
  ["mobileWide", 425],
  ["tablet", 768],
  ["desktop", 1024],
  ["desktopMedium", 1280],
  ["desktopWide", 1600],
] as const;

export type Breakpoint = (typeof BREAKPOINTS)[number][0];
export const FALLBACK_BREAKPOINT: Breakpoint = "desktop";
export const VIEWPORT_COOKIE = "viewport";
export const VIEWPORT_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

/** The widest breakpoint whose min-width matches; narrower than every one is still "mobile". */
export function breakpointFor(matches: (minWidth: number) => boolean): Breakpoint {
  let name: Breakpoint = "mobile";
  for (const [candidate, width] of BREAKPOINTS) if (matches(width)) name = candidate;
  return name;
}

/**
 * The viewport state: the breakpoint, and whether the browser has measured it. Before it has (no cookie yet,
 * on the first page of a visit), the name is the fallback and the layout follows the screen through CSS alone.
 */
export interface Viewport {
  breakpoint: Breakpoint;
  measured: boolean;
}

/** A missing cookie, or a value the browser never writes, is not measured: the spec's fallback, desktop. */
export function viewportFromCookie(cookieHeader: string | null): Viewport {
  const value = readCookie(cookieHeader, VIEWPORT_COOKIE);
  const measured = BREAKPOINTS.find(([name]) => name === value)?.[0];
  return { breakpoint: measured ?? FALLBACK_BREAKPOINT, measured: measured !== undefined };
}

/** Phones and small tablets get the collapsed navigation from the first paint. */
export const isCompact = (breakpoint: Breakpoint) => BREAKPOINTS.findIndex(([n]) => n === breakpoint) < 4;

export function viewportCookie(breakpoint: Breakpoint): string {
  return `${VIEWPORT_COOKIE}=${breakpoint}; Max-Age=${VIEWPORT_COOKIE_MAX_AGE}; Path=/; SameSite=Strict; Secure`;
}

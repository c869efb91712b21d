import { useEffect } from "react";
import { BREAKPOINTS, breakpointFor, viewportCookie, type Breakpoint, type Viewport } from "~/lib/viewport";

/**
 * Keeps the `viewport` cookie in step with the media queries, so the server renders the right
 * layout on the next first paint. `onChange` lets the current page follow along without a reload.
 */
export function ViewportTracker({ current, onChange }: { current: Viewport; onChange(breakpoint: Breakpoint): void }) {
  useEffect(() => {
    const queries = BREAKPOINTS.map(([, width]) => window.matchMedia(`(min-width: ${width}px)`));
    const update = () => {
      const name = breakpointFor((width) => queries[BREAKPOINTS.findIndex(([, w]) => w === width)].matches);
      document.cookie = viewportCookie(name);
      if (!current.measured || name !== current.breakpoint) onChange(name);
    };
    update();
    queries.forEach((q) => q.addEventListener("change", update));
    return () => queries.forEach((q) => q.removeEventListener("change", update));
  }, [current, onChange]);
  return null;
}

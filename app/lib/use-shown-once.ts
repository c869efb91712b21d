import { useState } from "react";
import { useLocation } from "react-router";

/**
 * A secret the loader hands over once (`takeRevealed`), kept on screen while the page stays where it was: a
 * revalidation (a live update, another form on the page) asks the loader again, which no longer has it. A
 * navigation, even to the same address, lets it go.
 */
export function useShownOnce<T>(value: T | null): T | null {
  const { key } = useLocation();
  const [kept, setKept] = useState<{ key: string; value: T } | null>(value === null ? null : { key, value });
  if (value !== null && (kept?.key !== key || kept.value !== value)) setKept({ key, value });
  if (value !== null) return value;
  return kept?.key === key ? kept.value : null;
}

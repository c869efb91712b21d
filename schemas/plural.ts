/* Counts in words: "1 application", "2 applications", by the language's plural rules, not by hand. */

const english = new Intl.PluralRules("en");

/** `n` and the noun in the form `n` takes: counted(1, "application") → "1 application"; `other` for irregular plurals. */
export function counted(n: number, one: string, other = `${one}s`): string {
  return `${n} ${english.select(n) === "one" ? one : other}`;
}

/**
 * How long a refused caller waits before trying again, in the largest unit that says it ("45 seconds",
 * "3 minutes", "1 hour"), rounded up so that it is never too soon: a throttle's answer reads
 * "Please try again in 1 hour", not "in 3579 seconds" (the exact seconds go in Retry-After).
 */
export function waitTime(seconds: number): string {
  const whole = Math.max(1, Math.ceil(seconds));
  if (whole < 60) return counted(whole, "second");
  const minutes = Math.ceil(whole / 60);
  if (minutes < 60) return counted(minutes, "minute");
  return counted(Math.ceil(whole / 3600), "hour");
}

/** How every throttle's refusal ends: "Please try again in 3 minutes." */
export const tryAgainIn = (seconds: number) => `Please try again in ${waitTime(seconds)}.`;

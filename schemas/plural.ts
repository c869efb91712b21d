/* Counts in words: "1 application", "2 applications", by the language's plural rules, not by hand. */

const english = new Intl.PluralRules("en");

/** `n` and the noun in the form `n` takes: counted(1, "application") → "1 application"; `other` for irregular plurals. */
export function counted(n: number, one: string, other = `${one}s`): string {
  return `${n} ${english.select(n) === "one" ? one : other}`;
}

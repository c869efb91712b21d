const regionNames = new Intl.DisplayNames(["en"], { type: "region" });
/** ICU's lookup is slow next to a render (a directory page names a country per card): each name is asked once. */
const names = new Map<string, string>();

/** A country's English name from its ISO code (the runtime's own names: nothing to fetch); anything else as it is. */
export function countryName(code: string): string {
  if (!/^[A-Z]{2}$/i.test(code)) return code;
  const upper = code.toUpperCase();
  let name = names.get(upper);
  if (name === undefined) {
    name = regionNames.of(upper) ?? upper;
    names.set(upper, name);
  }
  return name;
}

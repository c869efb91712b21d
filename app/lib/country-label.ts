const regionNames = new Intl.DisplayNames(["en"], { type: "region" });

/** "🇳🇬 Nigeria" from "NG", with the runtime's own country names: no list to fetch. */
export function countryLabel(code: string): string {
  if (!/^[A-Z]{2}$/.test(code)) return code;
  const flag = String.fromCodePoint(...[...code].map((ch) => 0x1f1e6 + ch.charCodeAt(0) - 65));
  const name = regionNames.of(code) ?? code;
  return `${flag} ${name}`;
}

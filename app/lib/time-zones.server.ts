/** Every IANA zone this server knows, UTC first: computed once on the server so the page and the browser agree. */
let zones: string[] | undefined;
export function timeZones(): string[] {
  zones ??= ["UTC", ...Intl.supportedValuesOf("timeZone").filter((zone) => zone !== "UTC")];
  return zones;
}

import { listedTimeZones } from "#schemas/time";

/** Every zone a person may pick, UTC first: the same list the API accepts (schemas/time.ts). */
export function timeZones(): string[] {
  return listedTimeZones();
}

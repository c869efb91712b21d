/** What the API answers about places: the app's city list, and where a user or a name is. */
import { z } from "zod";

/** One city of `GET /api/v1/site/cities`. */
export interface CityOption {
  name: string;
  /** ISO 3166-1 alpha-2. */
  country_code: string;
  latitude: number;
  longitude: number;
  population: number;
}

/** A place as `GET /api/v1/site/geocode` and `GET /api/location` answer it; all null when it is unknown. */
export const placeJson = z.object({
  cityName: z.string().nullable(),
  country_code: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  timezone: z.string().nullable(),
});
export type PlaceJson = z.output<typeof placeJson>;

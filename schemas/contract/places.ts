/** Places and weather: the app's city list, where a name is, and the weather there. */
import { z } from "zod";
import { apiPart, apiRoute } from "./route.ts";
import { cityOption, cityQuery, geocodeQuery, placeJson } from "../places.ts";
import { weatherResponse } from "../weather.ts";

export const placeRoutes = apiPart("Places and weather", {
  listCities: apiRoute({
    method: "GET",
    path: "/api/v1/site/cities",
    summary: "Cities whose name starts with the search (accents ignored), most populous first, in one country if asked",
    access: "public",
    query: cityQuery,
    answer: z.object({ data: z.array(cityOption) }),
  }),
  geocode: apiRoute({
    method: "GET",
    path: "/api/v1/site/geocode",
    summary: 'Where a city is ("Lagos, Nigeria"): its country, coordinates and time zone',
    access: "public",
    query: geocodeQuery,
    answer: placeJson,
    refusals: [404],
  }),
  weather: apiRoute({
    method: "GET",
    path: "/api/v1/admin/weather/{city}",
    summary:
      "The weather now and the coming days in a city (in the caller's country unless one is given); success false for an unknown city",
    access: "user",
    query: z.object({ country: z.string().optional() }),
    answer: weatherResponse,
    refusals: [429, 502],
    // The provider out of reach is said in the answer's own shape, so a screen reads both alike.
    refusalAnswers: { 502: weatherResponse },
  }),
});

/** The lists every form's country field offers. */
import { z } from "zod";
import { apiPart, apiRoute, fileAnswer } from "./route.ts";
import { countryView } from "../countries.ts";

export const countryRoutes = apiPart("Countries", {
  listCountries: apiRoute({
    method: "GET",
    path: "/api/country_codes",
    summary: "Every country with its calling code and flag, named in English and sorted by name (cached a day)",
    access: "public",
    answer: z.object({ data: z.array(countryView) }),
  }),
  countryFlag: apiRoute({
    method: "GET",
    path: "/api/v1/site/flags/{file}",
    // Only a two-letter code and ".svg" (any case) is a flag's address; anything else is no route at all.
    paramPatterns: { file: "[A-Za-z]{2}\\.svg" },
    summary: "A country's flag as SVG (flag-icons, 4:3), by its two-letter code: `ng.svg`; cached a day, 304 to its ETag",
    access: "public",
    answer: fileAnswer("image/svg+xml", "The flag, drawn to be shown; opened on its own it may draw but never run anything"),
    status: [200, 304],
    refusals: [404],
  }),
});

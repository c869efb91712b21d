/** The lists every form's country field offers. */
import { z } from "zod";
import { apiPart, apiRoute } from "./route.ts";
import { countryView } from "../countries.ts";

export const countryRoutes = apiPart("Countries", {
  listCountries: apiRoute({
    method: "GET",
    path: "/api/country_codes",
    summary: "Every country with its calling code and flag, named in English and sorted by name (cached a day)",
    access: "public",
    answer: z.object({ data: z.array(countryView) }),
  }),
});

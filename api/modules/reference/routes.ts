import { Hono } from "hono";
import { countryRoutes } from "#schemas/contract/countries.ts";
import type { AppEnv } from "#api/context.ts";
import { serve } from "#api/lib/contract.ts";
import { countries } from "./countries.ts";

export const referenceRoutes = new Hono<AppEnv>();

serve(referenceRoutes, countryRoutes.listCountries, async (c) => {
  c.header("Cache-Control", "public, max-age=86400");
  return { data: countries() };
});

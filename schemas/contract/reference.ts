/** What the API says about itself. */
import { z } from "zod";
import { apiPart, apiRoute } from "./route.ts";

export const referenceRoutes = apiPart("The API itself", {
  openApiDocument: apiRoute({
    method: "GET",
    path: "/api/openapi.json",
    summary: "This API described as OpenAPI 3.1, written from the same declarations the API and its tests use",
    access: "public",
    answer: z.looseObject({
      openapi: z.string(),
      info: z.looseObject({ title: z.string(), version: z.string() }),
      paths: z.record(z.string(), z.unknown()),
    }),
  }),
});

/*
 * Every API route declared so far, by name: the table the API registers its handlers against, the panel
 * calls by name, the tests check answers against and the API reference is written from.
 */
import { apiTokenRoutes } from "./api-tokens.ts";
import { questionLibraryRoutes } from "./question-library.ts";
import { referenceRoutes } from "./reference.ts";
import { reviewRoutes } from "./reviews.ts";
import type { ApiRoute } from "./route.ts";

export const API = {
  ...apiTokenRoutes,
  ...questionLibraryRoutes,
  ...referenceRoutes,
  ...reviewRoutes,
} satisfies Record<string, ApiRoute>;

export type RouteName = keyof typeof API;

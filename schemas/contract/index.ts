/*
 * Every API route declared so far, by name: the table the API registers its handlers against, the panel
 * calls by name, the tests check answers against and the API reference is written from.
 */
import { questionLibraryRoutes } from "./question-library.ts";
import { referenceRoutes } from "./reference.ts";
import type { ApiRoute } from "./route.ts";
import { webhookRoutes } from "./webhooks.ts";

export const API = {
  ...questionLibraryRoutes,
  ...referenceRoutes,
  ...webhookRoutes,
} satisfies Record<string, ApiRoute>;

export type RouteName = keyof typeof API;

/*
 * Every API route declared so far, by name: the table the API registers its handlers against, the panel
 * calls by name, the tests check answers against and the API reference is written from.
 */
import { couponRoutes } from "./coupons.ts";
import { favoriteRoutes } from "./favorites.ts";
import { notificationRoutes } from "./notifications.ts";
import { questionLibraryRoutes } from "./question-library.ts";
import { settingsRoutes } from "./settings.ts";
import type { ApiRoute } from "./route.ts";

export const API = {
  ...questionLibraryRoutes,
  ...couponRoutes,
  ...notificationRoutes,
  ...settingsRoutes,
  ...favoriteRoutes,
} satisfies Record<string, ApiRoute>;

export type RouteName = keyof typeof API;

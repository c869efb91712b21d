/*
 * Every API route declared so far, by name: the table the API registers its handlers against, the panel
 * calls by name, the tests check answers against and the API reference is written from.
 */
import { announcementRoutes } from "./announcements.ts";
import { apiTokenRoutes } from "./api-tokens.ts";
import { applicationRoutes } from "./applications.ts";
import { billingRoutes } from "./billing.ts";
import { collectionRoutes } from "./collections.ts";
import { couponRoutes } from "./coupons.ts";
import { draftRoutes } from "./drafts.ts";
import { favoriteRoutes } from "./favorites.ts";
import { followRoutes } from "./follows.ts";
import { notificationRoutes } from "./notifications.ts";
import { paymentRoutes } from "./payments.ts";
import { questionLibraryRoutes } from "./question-library.ts";
import { referenceRoutes } from "./reference.ts";
import { reviewRoutes } from "./reviews.ts";
import { settingsRoutes } from "./settings.ts";
import { startupDetailRoutes } from "./startup-details.ts";
import { webhookRoutes } from "./webhooks.ts";
import type { ApiRoute } from "./route.ts";

export const API = {
  ...announcementRoutes,
  ...apiTokenRoutes,
  ...applicationRoutes,
  ...billingRoutes,
  ...collectionRoutes,
  ...couponRoutes,
  ...draftRoutes,
  ...favoriteRoutes,
  ...followRoutes,
  ...notificationRoutes,
  ...paymentRoutes,
  ...questionLibraryRoutes,
  ...referenceRoutes,
  ...reviewRoutes,
  ...settingsRoutes,
  ...startupDetailRoutes,
  ...webhookRoutes,
} satisfies Record<string, ApiRoute>;

export type RouteName = keyof typeof API;

/*
 * Every API route declared so far, by name: the table the API registers its handlers against, the panel
 * calls by name, the tests check answers against and the API reference is written from.
 */
import { accessRoutes } from "./access.ts";
import { accountLinkRoutes } from "./account-links.ts";
import { accountRoutes } from "./account.ts";
import { aiRoutes } from "./ai.ts";
import { announcementRoutes } from "./announcements.ts";
import { apiTokenRoutes } from "./api-tokens.ts";
import { applicationRoutes } from "./applications.ts";
import { auditLogRoutes } from "./audit-log.ts";
import { billingRoutes } from "./billing.ts";
import { checkInRoutes } from "./check-ins.ts";
import { coFounderInvitationRoutes } from "./co-founder-invitations.ts";
import { coFounderRoutes } from "./co-founders.ts";
import { collectionRoutes } from "./collections.ts";
import { conversationRoutes } from "./conversations.ts";
import { countryRoutes } from "./countries.ts";
import { couponRoutes } from "./coupons.ts";
import { dashboardRoutes } from "./dashboard.ts";
import { draftRoutes } from "./drafts.ts";
import { eventFormRoutes } from "./event-forms.ts";
import { eventPageRoutes } from "./event-pages.ts";
import { favoriteRoutes } from "./favorites.ts";
import { fileRoutes } from "./files.ts";
import { followRoutes } from "./follows.ts";
import { mailLinkRoutes } from "./mail-links.ts";
import { mailOutboxRoutes } from "./mail-outbox.ts";
import { meetingRoutes } from "./meetings.ts";
import { notificationRoutes } from "./notifications.ts";
import { paymentRoutes } from "./payments.ts";
import { placeRoutes } from "./places.ts";
import { profileRoutes } from "./profiles.ts";
import { questionLibraryRoutes } from "./question-library.ts";
import { realtimeRoutes } from "./realtime.ts";
import { referenceRoutes } from "./reference.ts";
import { resourceRoutes } from "./resources.ts";
import { reviewRoutes } from "./reviews.ts";
import { settingsRoutes } from "./settings.ts";
import { signInRoutes } from "./sign-in.ts";
import { siteEventRoutes } from "./site-events.ts";
import { startupDetailRoutes } from "./startup-details.ts";
import { startupRoutes } from "./startups.ts";
import { teamRoutes } from "./team.ts";
import { twoFactorRoutes } from "./two-factor.ts";
import { webhookRoutes } from "./webhooks.ts";
import type { ApiRoute } from "./route.ts";

export const API = {
  ...accessRoutes,
  ...accountLinkRoutes,
  ...accountRoutes,
  ...aiRoutes,
  ...announcementRoutes,
  ...apiTokenRoutes,
  ...applicationRoutes,
  ...auditLogRoutes,
  ...billingRoutes,
  ...checkInRoutes,
  ...coFounderInvitationRoutes,
  ...coFounderRoutes,
  ...collectionRoutes,
  ...conversationRoutes,
  ...countryRoutes,
  ...couponRoutes,
  ...dashboardRoutes,
  ...draftRoutes,
  ...eventFormRoutes,
  ...eventPageRoutes,
  ...favoriteRoutes,
  ...fileRoutes,
  ...followRoutes,
  ...mailLinkRoutes,
  ...mailOutboxRoutes,
  ...meetingRoutes,
  ...notificationRoutes,
  ...paymentRoutes,
  ...placeRoutes,
  ...profileRoutes,
  ...questionLibraryRoutes,
  ...realtimeRoutes,
  ...referenceRoutes,
  ...resourceRoutes,
  ...reviewRoutes,
  ...settingsRoutes,
  ...signInRoutes,
  ...siteEventRoutes,
  ...startupDetailRoutes,
  ...startupRoutes,
  ...teamRoutes,
  ...twoFactorRoutes,
  ...webhookRoutes,
} satisfies Record<string, ApiRoute>;

export type RouteName = keyof typeof API;

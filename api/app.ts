import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ApiErrorBody } from "#schemas/answers.ts";
import type { ApiConfig } from "./config.ts";
import type { AppEnv, SessionCaller } from "./context.ts";
import type { Db } from "./db/client.ts";
import { BODY_TOO_LARGE, BodyTooLarge, limitRequestBody } from "./lib/body-limit.ts";
import { AnswerCaches, WriteRecord, type AnswerCache, type CachePeers, type WriteScope } from "./lib/answer-caches.ts";
import { HttpError } from "./lib/errors.ts";
import { accessRoutes } from "./modules/access/routes.ts";
import { accountLinkRoutes } from "./modules/account-links/routes.ts";
import { createAiRoutes } from "./modules/ai/routes.ts";
import { applicationRoutes } from "./modules/applications/routes.ts";
import { CallerCache } from "./modules/auth/caller-cache.ts";
import { authenticate, csrf } from "./modules/auth/middleware.ts";
import { authRoutes } from "./modules/auth/routes.ts";
import { twoFactorRequirement } from "./modules/two-factor/requirement.ts";
import { twoFactorRoutes } from "./modules/two-factor/routes.ts";
import { createBroadcastingRoutes, type BroadcastingOptions } from "./modules/broadcasting/routes.ts";
import { createBillingRoutes } from "./modules/billing/routes.ts";
import { coFounderRoutes } from "./modules/co-founders/routes.ts";
import { collectionRoutes } from "./modules/collections/routes.ts";
import { conversationRoutes } from "./modules/conversations/routes.ts";
import { couponRoutes } from "./modules/coupons/routes.ts";
import { eventFormRoutes } from "./modules/event-forms/routes.ts";
import { reviewRoutes } from "./modules/reviews/routes.ts";
import { createEventPageRoutes } from "./modules/event-pages/routes.ts";
import { checkInRoutes } from "./modules/check-ins/routes.ts";
import { announcementRoutes } from "./modules/announcements/routes.ts";
import { auditLogRoutes } from "./modules/audit-log/routes.ts";
import { fileRoutes } from "./modules/files/routes.ts";
import { withFileStore } from "./modules/files/settle.ts";
import { createFileStore } from "./modules/files/store.ts";
import { invitationRoutes } from "./modules/invitations/routes.ts";
import { teamRoutes } from "./modules/organizations/routes.ts";
import { unsubscribeRoutes } from "./modules/notification-mail/routes.ts";
import { setProcessAppLinks, withAppLinks } from "./lib/app-links.ts";
import { notificationRoutes } from "./modules/notifications/routes.ts";
import { profileRoutes } from "./modules/profiles/routes.ts";
import { referenceRoutes } from "./modules/reference/routes.ts";
import { startupDetailRoutes } from "./modules/startup-details/routes.ts";
import { favoriteRoutes } from "./modules/favorites/routes.ts";
import { followRoutes } from "./modules/follows/routes.ts";
import { CardCache } from "./modules/dashboard/card-cache.ts";
import { createDashboardRoutes } from "./modules/dashboard/routes.ts";
import { draftRoutes } from "./modules/drafts/routes.ts";
import { resourceRoutes } from "./modules/resources/routes.ts";
import { questionLibraryRoutes } from "./modules/question-library/routes.ts";
import { webhookRoutes } from "./modules/webhooks/routes.ts";
import { openApiRoutes } from "./openapi/routes.ts";
import { tokenAbilities } from "./modules/auth/token-abilities.ts";
import { apiTokenRoutes } from "./modules/auth/token-routes.ts";
import { settingsRoutes } from "./modules/settings/routes.ts";
import { startupRoutes } from "./modules/startups/routes.ts";
import { placeRoutes } from "./modules/places/routes.ts";
import { mailOutboxRoutes } from "./modules/mail-outbox/routes.ts";
import { meetingRoutes } from "./modules/meetings/routes.ts";
import { createWeatherRoutes } from "./modules/weather/routes.ts";
import { silentBroadcaster, type Broadcaster } from "./realtime/broadcaster.ts";

export interface ApiDeps {
  db: Db;
  config: ApiConfig;
  log?: (message: string, error?: unknown) => void;
  /** Where realtime messages go; none by default (see api/realtime/broadcaster.ts). */
  broadcaster?: Broadcaster;
  /** Signs private/presence channel subscriptions and sockets' sign-ins (POST /broadcasting/auth, /broadcasting/user-auth); none: realtime is off. */
  realtime?: BroadcastingOptions;
  /** Other processes' answer caches to empty on a write (cluster workers on the embedded database). */
  cachePeers?: CachePeers;
  /** Caches outside the API of what its answers made (the server's public pages), emptied with its own. */
  dependentCaches?: readonly AnswerCache[];
}

const READ_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
/**
 * POSTs that change nothing, so they leave the answer caches alone: channel authorisation runs for every
 * subscription of every page (and a socket's sign-in for every connection), and emptying the caches each time would leave them nearly always empty.
 * The AI helper only drafts text (its rate-limit hits are read by nothing cached). A path listed here
 * must stay a POST route of this API (read-only-posts.test.ts) and must never write what a cache keeps.
 */
export const READ_ONLY_POSTS: ReadonlySet<string> = new Set(["/broadcasting/auth", "/broadcasting/user-auth", "/api/v1/admin/ai"]);

/** Whether a request may write anything, so that the answer caches are emptied after it. */
export function mayWrite(method: string, path: string): boolean {
  return !READ_METHODS.has(method) && !READ_ONLY_POSTS.has(path);
}

/** Paths this API answers; server.ts sends these here and everything else to the panel. */
export const API_PREFIXES = ["/api/", "/sanctum/", "/broadcasting/"];

/**
 * PostgreSQL cannot store or compare NUL, so a NUL in a search or filter could only fail the query. As the
 * replacement character it reaches every list as ordinary text that matches nothing, in one place
 * instead of in each list's parser. (Bodies are refused instead: see readBody.)
 */
function withStorableQuery(request: Request): Request {
  const url = request.url;
  const query = url.indexOf("?");
  if (query < 0 || !/%00/.test(url.slice(query))) return request;
  const { method, headers, body, signal } = request;
  return new Request(url.slice(0, query) + url.slice(query).replace(/%00/g, "%EF%BF%BD"), {
    method,
    headers,
    body,
    signal,
    duplex: "half",
  } as RequestInit);
}

/** The methods the routes declare for a path (Hono patterns: `:param`, `:param{regex}`, `*`). */
export function allowedMethods(routes: readonly { method: string; path: string }[], path: string): string[] {
  const methods = new Set<string>();
  for (const route of routes) {
    if (route.method === "ALL" || route.method === "OPTIONS") continue;
    const pattern = route.path
      .split(/(:\w+(?:\{[^}]+\})?|\*)/)
      .map((part) =>
        part === "*" ? ".*" : part.startsWith(":") ? (/\{(.+)\}$/.exec(part)?.[1] ?? "[^/]+") : part.replace(/[.+?^${}()|[\]\\]/g, "\\$&"),
      )
      .join("");
    if (new RegExp(`^${pattern}$`).test(path)) methods.add(route.method);
  }
  if (methods.has("GET")) methods.add("HEAD");
  return [...methods];
}

export function createApi({
  db,
  config,
  log = console.error,
  broadcaster = silentBroadcaster,
  realtime,
  cachePeers,
  dependentCaches = [],
}: ApiDeps) {
  const api = new Hono<AppEnv>();

  const callerCache = config.callerCacheMs > 0 ? new CallerCache<SessionCaller>(config.callerCacheMs) : undefined;
  const dashboardCache = config.dashboardCacheMs > 0 ? new CardCache(config.dashboardCacheMs) : undefined;
  const eventPageCache = config.publicPageCacheMs > 0 ? new CardCache(config.publicPageCacheMs) : undefined;
  // The dashboard counts who came in at each event's door; nothing else cached reads check-ins.
  const answerCaches = new AnswerCaches([callerCache, dashboardCache, eventPageCache, ...dependentCaches], [dashboardCache]);
  cachePeers?.onInvalidate((scope) => answerCaches.invalidate(scope));
  const invalidate = async (scope: WriteScope) => {
    answerCaches.invalidate(scope);
    await cachePeers?.invalidate(scope);
  };
  api.use(async (c, next) => {
    c.set("db", db);
    c.set("config", config);
    c.set("callerCache", callerCache);
    c.set("broadcaster", broadcaster);
    // Any write may change who somebody is or a dashboard figure (see AnswerCaches): every process forgets
    // what it kept after the write, whatever its outcome, and the response waits for that. What was kept
    // or computed meanwhile is emptied then, or, still under way, not kept. The code that wrote says what
    // it changed (`changesOnly`, the door's check-ins); without a word the caches forget everything.
    const writing = answerCaches.any && mayWrite(c.req.method, c.req.path);
    // A read may answer from a cache, so it first hears of other instances' writes; a write empties them after.
    if (answerCaches.any && !writing) await cachePeers?.catchUp?.();
    if (writing) {
      const record = new WriteRecord();
      try {
        await record.run(next);
      } finally {
        await invalidate(record.scope);
      }
    } else {
      await next();
    }
    c.header("X-Content-Type-Options", "nosniff");
    c.header("Referrer-Policy", "strict-origin-when-cross-origin");
    c.header("X-Frame-Options", "DENY");
    if (!c.res.headers.has("Cache-Control")) c.header("Cache-Control", "no-store");
  });
  // Links the API writes (in mail, and to public pages in answers) point to this app (lib/app-links.ts).
  setProcessAppLinks({ appUrl: config.appUrl });
  api.use((_c, next) => withAppLinks({ appUrl: config.appUrl }, next));
  // New files go to the store STORAGE_URL chose; what a request did to the bucket is settled after it.
  const fileStore = createFileStore(config.storage);
  api.use((_c, next) => withFileStore(db, fileStore, next, log));
  api.use(async (c, next) => {
    c.req.raw = withStorableQuery(await limitRequestBody(c.req.raw, config.maxBodyBytes));
    await next();
  });
  // Who is calling first: the CSRF check depends on how the caller authenticated.
  api.use(authenticate);
  api.use(tokenAbilities);
  api.use(csrf);
  // REQUIRE_2FA_FOR_ADMINS: an admin without two-factor sign-in may only set it up.
  api.use(twoFactorRequirement);

  api.route("/", authRoutes);
  api.route("/", twoFactorRoutes);
  api.route("/", accountLinkRoutes);
  api.route("/", profileRoutes);
  api.route("/", accessRoutes);
  api.route("/", fileRoutes);
  api.route("/", referenceRoutes);
  api.route("/", collectionRoutes);
  api.route("/", eventFormRoutes);
  api.route("/", questionLibraryRoutes);
  api.route("/", webhookRoutes);
  api.route("/", openApiRoutes);
  api.route("/", apiTokenRoutes);
  api.route("/", reviewRoutes);
  api.route("/", applicationRoutes);
  api.route("/", createEventPageRoutes(eventPageCache));
  api.route("/", checkInRoutes);
  api.route("/", announcementRoutes);
  api.route("/", couponRoutes);
  api.route("/", auditLogRoutes);
  api.route("/", coFounderRoutes);
  api.route("/", invitationRoutes);
  api.route("/", teamRoutes);
  api.route("/", startupDetailRoutes);
  api.route("/", favoriteRoutes);
  api.route("/", startupRoutes);
  api.route("/", followRoutes);
  api.route("/", settingsRoutes);
  api.route("/", notificationRoutes);
  api.route("/", unsubscribeRoutes);
  api.route("/", conversationRoutes);
  api.route("/", placeRoutes);
  api.route("/", createWeatherRoutes({ weatherApiBase: config.weatherApiBase, geocodingApiBase: config.geocodingApiBase, log }));
  api.route("/", createDashboardRoutes(dashboardCache));
  api.route("/", createAiRoutes({ config: config.ai, log }));
  api.route("/", draftRoutes);
  api.route("/", meetingRoutes);
  api.route("/", mailOutboxRoutes);
  api.route("/", resourceRoutes);
  api.route("/", createBroadcastingRoutes(realtime));
  api.route(
    "/",
    createBillingRoutes({
      stripe: { secretKey: config.stripeSecretKey, apiBase: config.stripeApiBase },
      webhookSecret: config.stripeWebhookSecret,
      log,
    }),
  );

  // No route declares OPTIONS: it is answered for all of them from the route table.
  api.options("*", (c) => {
    const allowed = allowedMethods(api.routes, c.req.path);
    if (!allowed.length) return c.json({ message: "Not Found" }, 404);
    return c.body(null, 204, { Allow: [...allowed, "OPTIONS"].join(", ") });
  });
  api.notFound((c) => c.json({ message: "Not Found" }, 404));
  api.onError((error, c) => {
    if (error instanceof HttpError) {
      for (const [name, value] of Object.entries(error.headers ?? {})) c.header(name, value);
      const body: ApiErrorBody = error.errors ? { message: error.message, errors: error.errors } : { message: error.message };
      return c.json(body, error.status as 400);
    }
    if (error instanceof BodyTooLarge) return c.json({ message: BODY_TOO_LARGE }, 413);
    if (error instanceof HTTPException) {
      // Hono's own refusals, e.g. a body over the size limit.
      return c.json({ message: error.message || "Bad Request" }, error.status);
    }
    log(`API error on ${c.req.method} ${c.req.path}`, error);
    return c.json({ message: "Server Error" }, 500);
  });

  return api;
}

export type Api = ReturnType<typeof createApi>;

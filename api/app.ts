import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { HTTPException } from "hono/http-exception";
import type { ApiConfig } from "./config.ts";
import type { AppEnv } from "./context.ts";
import type { Db } from "./db/client.ts";
import { HttpError } from "./lib/errors.ts";
import { accessRoutes } from "./modules/access/routes.ts";
import { applicationRoutes } from "./modules/applications/routes.ts";
import { authenticate, csrf } from "./modules/auth/middleware.ts";
import { authRoutes } from "./modules/auth/routes.ts";
import { createBillingRoutes } from "./modules/billing/routes.ts";
import { collectionRoutes } from "./modules/collections/routes.ts";
import { couponRoutes } from "./modules/coupons/routes.ts";
import { eventFormRoutes } from "./modules/event-forms/routes.ts";
import { fileRoutes } from "./modules/files/routes.ts";
import { profileRoutes } from "./modules/profiles/routes.ts";
import { referenceRoutes } from "./modules/reference/routes.ts";

export interface ApiDeps {
  db: Db;
  config: ApiConfig;
  log?: (message: string, error?: unknown) => void;
}

/** Paths this API answers; server.ts sends these here and everything else to the panel. */
export const API_PREFIXES = ["/api/", "/sanctum/", "/broadcasting/"];

export function createApi({ db, config, log = console.error }: ApiDeps) {
  const api = new Hono<AppEnv>();

  api.use(async (c, next) => {
    c.set("db", db);
    c.set("config", config);
    await next();
    c.header("X-Content-Type-Options", "nosniff");
    c.header("Referrer-Policy", "strict-origin-when-cross-origin");
    c.header("X-Frame-Options", "DENY");
    if (!c.res.headers.has("Cache-Control")) c.header("Cache-Control", "no-store");
  });
  api.use(
    bodyLimit({
      maxSize: config.maxBodyBytes,
      onError: (c) => c.json({ message: "The request is too large." }, 413),
    }),
  );
  api.use(csrf);
  api.use(authenticate);

  api.route("/", authRoutes);
  api.route("/", profileRoutes);
  api.route("/", accessRoutes);
  api.route("/", fileRoutes);
  api.route("/", referenceRoutes);
  api.route("/", collectionRoutes);
  api.route("/", eventFormRoutes);
  api.route("/", applicationRoutes);
  api.route("/", couponRoutes);
  api.route(
    "/",
    createBillingRoutes({
      stripe: { secretKey: config.stripeSecretKey, apiBase: config.stripeApiBase },
      webhookSecret: config.stripeWebhookSecret,
      log,
    }),
  );

  api.notFound((c) => c.json({ message: "Not Found" }, 404));
  api.onError((error, c) => {
    if (error instanceof HttpError) {
      for (const [name, value] of Object.entries(error.headers ?? {})) c.header(name, value);
      const body = error.errors ? { message: error.message, errors: error.errors } : { message: error.message };
      return c.json(body, error.status as 400);
    }
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

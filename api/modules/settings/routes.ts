import { Hono } from "hono";
import { SETTINGS_SAVED } from "#schemas/settings.ts";
import { settingsRoutes as routes } from "#schemas/contract/settings.ts";
import type { AppEnv } from "#api/context.ts";
import { serve } from "#api/lib/contract.ts";
import { currentUser } from "../auth/middleware.ts";
import { getSettings, saveSettings } from "./service.ts";

/** The caller's own preferences: nobody reads or changes another user's. */
export const settingsRoutes = new Hono<AppEnv>();

serve(settingsRoutes, routes.showSettings, async (c) => ({ data: await getSettings(c.get("db"), currentUser(c).id) }));

// The notification checkboxes are a repeated form field: every value is kept.
serve(
  settingsRoutes,
  routes.saveSettings,
  async (c, { body }) => ({ message: SETTINGS_SAVED, data: await saveSettings(c.get("db"), currentUser(c).id, body) }),
  { readAll: true },
);

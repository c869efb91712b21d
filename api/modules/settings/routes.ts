import { Hono } from "hono";
import { SETTINGS_SAVED, settingsSchema } from "#schemas/settings.ts";
import type { AppEnv } from "#api/context.ts";
import { readBody } from "#api/lib/body.ts";
import { validate } from "#api/lib/validation.ts";
import { currentUser, requireUser } from "../auth/middleware.ts";
import { getSettings, saveSettings } from "./service.ts";

/** The caller's own preferences: nobody reads or changes another user's. */
export const settingsRoutes = new Hono<AppEnv>();

const BASE = "/api/v1/admin/settings";

settingsRoutes.get(BASE, requireUser, async (c) => c.json({ data: await getSettings(c.get("db"), currentUser(c).id) }));

settingsRoutes.put(BASE, requireUser, async (c) => {
  const input = validate(settingsSchema, await readBody(c, { all: true }));
  return c.json({ message: SETTINGS_SAVED, data: await saveSettings(c.get("db"), currentUser(c).id, input) });
});

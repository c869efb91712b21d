import { Hono } from "hono";
import { profileRoutes as routes } from "#schemas/contract/profiles.ts";
import type { AppEnv } from "#api/context.ts";
import { serve } from "#api/lib/contract.ts";
import { currentUser } from "../auth/middleware.ts";
import { coFounderResource, currentProfile, setUpCoFounder, setUpStartup, startupResource } from "./service.ts";

export const profileRoutes = new Hono<AppEnv>();

serve(profileRoutes, routes.setUpStartup, async (c, { body }) => {
  const startup = await setUpStartup(c.get("db"), currentUser(c).id, body);
  const noun = startup.accountType === "organization" ? "Organization" : "Startup";
  return { message: `${noun} set up successfully`, startup: startupResource(startup) };
});

serve(profileRoutes, routes.setUpCoFounderProfile, async (c, { body }) => {
  const profile = await setUpCoFounder(c.get("db"), currentUser(c).id, body);
  return { message: "Profile set up successfully", profile: coFounderResource(profile) };
});

serve(profileRoutes, routes.currentProfile, async (c) => currentProfile(c.get("db"), currentUser(c)));

import { Hono } from "hono";
import { coFounderSetupSchema, startupSetupSchema } from "../../../schemas/setup.ts";
import type { AppEnv } from "../../context.ts";
import { jsonList, readBody } from "../../lib/body.ts";
import { validate } from "../../lib/validation.ts";
import { currentUser, requireUser } from "../auth/middleware.ts";
import { coFounderResource, currentProfile, setUpCoFounder, setUpStartup, startupResource } from "./service.ts";

export const profileRoutes = new Hono<AppEnv>();

profileRoutes.post("/api/v1/admin/startups/setup", requireUser, async (c) => {
  const body = await readBody(c);
  const input = validate(startupSetupSchema, {
    ...body,
    links: jsonList(body.links),
    wanted_skills: jsonList(body.wanted_skills),
    wanted_roles: jsonList(body.wanted_roles),
  });
  const startup = await setUpStartup(c.var.db, currentUser(c).id, input);
  const noun = startup.accountType === "organization" ? "Organization" : "Startup";
  return c.json({ message: `${noun} set up successfully`, startup: startupResource(startup) }, 201);
});

profileRoutes.post("/api/v1/admin/profiles/setup", requireUser, async (c) => {
  const body = await readBody(c);
  const input = validate(coFounderSetupSchema, {
    ...body,
    links: jsonList(body.links),
    skills: jsonList(body.skills),
    roles: jsonList(body.roles),
    industries: jsonList(body.industries),
  });
  const profile = await setUpCoFounder(c.var.db, currentUser(c).id, input);
  return c.json({ message: "Profile set up successfully", profile: coFounderResource(profile) }, 201);
});

profileRoutes.get("/api/v1/admin/profiles/current", requireUser, async (c) => c.json(await currentProfile(c.var.db, currentUser(c))));

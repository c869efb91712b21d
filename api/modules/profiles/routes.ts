import { Hono } from "hono";
import { z } from "zod";
import { coFounderSetupSchema, startupSetupSchema } from "#schemas/setup.ts";
import type { AppEnv } from "#api/context.ts";
import { jsonList, readBody } from "#api/lib/body.ts";
import { validate } from "#api/lib/validation.ts";
import { currentUser, requireUser } from "../auth/middleware.ts";
import { coFounderResource, currentProfile, setUpCoFounder, setUpStartup, startupResource } from "./service.ts";

export const profileRoutes = new Hono<AppEnv>();

/** Multipart bodies carry the lists as JSON text (jsonList); the shared schemas take them as lists. */
const withJsonLists = <S extends z.ZodType>(schema: S, fields: string[]) =>
  z.preprocess((body) => {
    const values = body as Record<string, unknown>;
    return { ...values, ...Object.fromEntries(fields.map((field) => [field, jsonList(values[field])])) };
  }, schema);
const startupSetupBody = withJsonLists(startupSetupSchema, ["links", "wanted_skills", "wanted_roles"]);
const coFounderSetupBody = withJsonLists(coFounderSetupSchema, ["links", "skills", "roles", "industries"]);

profileRoutes.post("/api/v1/admin/startups/setup", requireUser, async (c) => {
  const input = validate(startupSetupBody, await readBody(c));
  const startup = await setUpStartup(c.get("db"), currentUser(c).id, input);
  const noun = startup.accountType === "organization" ? "Organization" : "Startup";
  return c.json({ message: `${noun} set up successfully`, startup: startupResource(startup) }, 201);
});

profileRoutes.post("/api/v1/admin/profiles/setup", requireUser, async (c) => {
  const input = validate(coFounderSetupBody, await readBody(c));
  const profile = await setUpCoFounder(c.get("db"), currentUser(c).id, input);
  return c.json({ message: "Profile set up successfully", profile: coFounderResource(profile) }, 201);
});

profileRoutes.get("/api/v1/admin/profiles/current", requireUser, async (c) => c.json(await currentProfile(c.get("db"), currentUser(c))));

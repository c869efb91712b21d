/** The caller's own profile: setting up a startup, an organization or a co-founder profile, and reading it back. */
import { z } from "zod";
import { apiPart, apiRoute } from "./route.ts";
import { coFounderResource, currentProfile, startupResource } from "../profiles.ts";
import { coFounderSetupBody, startupSetupBody } from "../setup.ts";

export const profileRoutes = apiPart("Profiles", {
  setUpStartup: apiRoute({
    method: "POST",
    path: "/api/v1/admin/startups/setup",
    summary: "Set up the caller's startup or organization, which they then own (JSON, or multipart with a logo)",
    access: "user",
    body: startupSetupBody,
    answer: z.object({ message: z.string(), startup: startupResource }),
    status: 201,
  }),
  setUpCoFounderProfile: apiRoute({
    method: "POST",
    path: "/api/v1/admin/profiles/setup",
    summary: "Set up the caller's co-founder profile (JSON, or multipart with an avatar)",
    access: "user",
    body: coFounderSetupBody,
    answer: z.object({ message: z.string(), profile: coFounderResource }),
    status: 201,
  }),
  currentProfile: apiRoute({
    method: "GET",
    path: "/api/v1/admin/profiles/current",
    summary: "Show the caller's own co-founder profile and startup, each null until set up",
    access: "user",
    answer: currentProfile,
  }),
});

import { z } from "zod";
import { COMMITMENTS } from "./profile-kinds.ts";

/** A startup's or organization's own record, as its setup and `GET /api/v1/admin/profiles/current` answer it. */
export const startupResource = z.object({
  id: z.number().int(),
  account_type: z.enum(["startup", "organization"]),
  name: z.string(),
  username: z.string(),
  logo_url: z.string().nullable(),
  country: z.string(),
  cityName: z.string(),
  description: z.string(),
  industry: z.string(),
  stage: z.string().nullable(),
  website: z.string().nullable(),
  links: z.array(z.string()),
  followers_count: z.number().int(),
  /** Lower-cased, as the match score compares them. */
  wanted_skills: z.array(z.string()),
  wanted_roles: z.array(z.string()),
  created_at: z.string(),
});
export type StartupResource = z.output<typeof startupResource>;

/** A co-founder's own profile, as its setup and `GET /api/v1/admin/profiles/current` answer it. */
export const coFounderResource = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  name: z.string(),
  headline: z.string(),
  skills: z.array(z.string()),
  country: z.string(),
  cityName: z.string(),
  bio: z.string(),
  links: z.array(z.string()),
  avatar_url: z.string().nullable(),
  roles: z.array(z.string()),
  industries: z.array(z.string()),
  commitment: z.enum(COMMITMENTS),
  desired_stage: z.string().nullable(),
  looking_for: z.string(),
  followers_count: z.number().int(),
  created_at: z.string(),
});
export type CoFounderResource = z.output<typeof coFounderResource>;

/** `GET /api/v1/admin/profiles/current`: the caller's co-founder profile or startup, whichever they set up. */
export const currentProfile = z.object({ profile: coFounderResource.nullable(), startup: startupResource.nullable() });
export type CurrentProfile = z.output<typeof currentProfile>;

import type { Commitment } from "./setup.ts";

/** A startup's or organization's own record, as its setup and `GET /api/v1/admin/profiles/current` answer it. */
export interface StartupResource {
  id: number;
  account_type: "startup" | "organization";
  name: string;
  username: string;
  logo_url: string | null;
  country: string;
  cityName: string;
  description: string;
  industry: string;
  stage: string | null;
  website: string | null;
  links: string[];
  followers_count: number;
  /** Lower-cased, as the match score compares them. */
  wanted_skills: string[];
  wanted_roles: string[];
  created_at: string;
}

/** A co-founder's own profile, as its setup and `GET /api/v1/admin/profiles/current` answer it. */
export interface CoFounderResource {
  id: number;
  user_id: number;
  name: string;
  headline: string;
  skills: string[];
  country: string;
  cityName: string;
  bio: string;
  links: string[];
  avatar_url: string | null;
  roles: string[];
  industries: string[];
  commitment: Commitment;
  desired_stage: string | null;
  looking_for: string;
  followers_count: number;
  created_at: string;
}

/** `GET /api/v1/admin/profiles/current`: the caller's co-founder profile or startup, whichever they set up. */
export interface CurrentProfile {
  profile: CoFounderResource | null;
  startup: StartupResource | null;
}

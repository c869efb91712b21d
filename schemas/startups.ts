import type { Page } from "./answers.ts";
import type { StartupMatch } from "./co-founders.ts";
import { z } from "zod";
import { followAccount, type FollowAccount } from "./follows.ts";

/** The directory's tabs: GET /api/v1/site/startups?account_type=… */
export const DIRECTORY_TYPES = ["startup", "organization"] as const;
export type DirectoryType = (typeof DIRECTORY_TYPES)[number];

/**
 * The API's sort columns (sort_by) for the directory. "match": best fit for the caller's co-founder profile
 * first (most followed first for a caller without one).
 */
export const DIRECTORY_SORTS = ["followers_count", "created_at", "name", "match"] as const;
export type DirectorySort = (typeof DIRECTORY_SORTS)[number];

/** The panel's sort choices (?sort=) and the API column each one means. */
export const DIRECTORY_SORT_CHOICES = [
  { value: "followers", label: "Most followed", sortBy: "followers_count" },
  { value: "newest", label: "Newest", sortBy: "created_at" },
  { value: "name", label: "Name (A–Z)", sortBy: "name" },
  { value: "match", label: "Best match for you", sortBy: "match" },
] as const satisfies readonly { value: string; label: string; sortBy: DirectorySort }[];

/** The directory's filters, as query parameters of both the API and the panel. */
export const DIRECTORY_FILTERS = ["industry", "stage", "country", "city"] as const;

export const STARTUP_NOT_FOUND = "Startup not found";

/** One card of GET /api/v1/site/startups. is_following / is_favorited only when the caller is logged in. */
export interface DirectoryStartup {
  id: number;
  username: string;
  account_type: DirectoryType;
  name: string;
  logo: string | null;
  description: string;
  industry: string;
  stage: string | null;
  cityName: string;
  country: string;
  followers_count: number;
  /** Its web links (website, social), as on its profile. */
  links: string[];
  is_following?: boolean;
  is_favorited?: boolean;
  /** How well the startup fits the caller's co-founder profile: only for a caller who has one. */
  match?: StartupMatch;
}

/** `meta.countries` of GET /api/v1/site/startups?with_countries=true: the country filter's choices. */
export interface CountryFacet {
  code: string;
  name: string;
  /** The emoji flag: option labels cannot hold the SVG one. */
  flag: string;
  /** Listings of the kind asked for in that country (0 for a country asked for that has none). */
  count: number;
}

/** `GET /api/v1/site/startups`: a page of the directory. */
export type DirectoryPage = Page<DirectoryStartup>;

/** The same with `with_countries=true`: the country filter's choices in `meta.countries`. */
export type DirectoryPageWithCountries = DirectoryPage & { meta: { countries: CountryFacet[] } };

export interface ProfileEvent {
  id: number;
  title: string;
  starts_at: string;
  /** The event's own clock (an IANA zone). */
  timezone: string;
  type_of_event: "free" | "paid";
  /** The event's cover image, if it has one. */
  banner_url: string | null;
  /** Where to apply in the panel. */
  link: string;
}

export interface TeamMember {
  co_founder_id: number;
  name: string;
  title: string;
  role: string;
  avatar_url: string | null;
}

/** GET /api/v1/site/startups/{username}. */
export interface StartupProfile extends DirectoryStartup {
  website: string | null;
  following_count: number;
  is_following: boolean;
  is_favorited: boolean;
  /** The caller's own startup or organization: it cannot follow itself. */
  is_own: boolean;
  created_at: string;
  events: ProfileEvent[];
  team: TeamMember[];
  /** Asked for with `followers_limit` (and `followers_page`): that page of its followers, newest first. */
  followers?: FollowersPage;
}

/** A page of followers in the API's list shape (as GET /api/v1/site/startup_followers/{id} answers it). */
export type FollowersPage = Page<FollowAccount>;

/** GET /api/v1/site/startup_followers/{id}?limited=1: the first few, for the avatars on a profile. */
export const limitedFollowers = z.object({ data: z.array(followAccount), total: z.number().int() });
export type LimitedFollowers = z.output<typeof limitedFollowers>;

import type { StartupMatch } from "./co-founder-match.ts";
import { z } from "zod";
import { pageOf, timestamp } from "./contract/answers.ts";
import { followAccount } from "./follows.ts";

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

/** A filter value: trimmed; blank, too long or not text means "no filter" (lists never refuse a query). */
const filterText = z
  .string()
  .trim()
  .max(120)
  .optional()
  .catch(undefined)
  .transform((v) => v || undefined);

/** The directory's tab and filters (GET /api/v1/site/startups), read leniently: a bad value is no filter. */
export const directoryFiltersSchema = z.object({
  account_type: z.enum(DIRECTORY_TYPES).optional().catch(undefined),
  industry: filterText,
  stage: filterText,
  country: filterText.transform((v) => v?.toUpperCase()),
  city: filterText,
});
export type DirectoryFilters = z.output<typeof directoryFiltersSchema>;

/** A startup's fit for a co-founder viewer: the score of `max`. (StartupMatch stays a plain type beside its words.) */
const startupMatch = z.object({
  score: z.number(),
  /** The most this startup's wants can score (co_founder_match_max). */
  max: z.number(),
  /** matchPercent(score, max): what the list is ranked by. */
  percent: z.number(),
  reasons: z.array(z.string()),
}) satisfies z.ZodType<StartupMatch>;

/** One card of GET /api/v1/site/startups. is_following / is_favorited only when the caller is logged in. */
export const directoryStartup = z.object({
  id: z.number().int(),
  username: z.string(),
  account_type: z.enum(DIRECTORY_TYPES),
  name: z.string(),
  logo: z.string().nullable(),
  description: z.string(),
  industry: z.string(),
  stage: z.string().nullable(),
  cityName: z.string(),
  country: z.string(),
  followers_count: z.number().int(),
  /** Its web links (website, social), as on its profile. */
  links: z.array(z.string()),
  is_following: z.boolean().optional(),
  is_favorited: z.boolean().optional(),
  /** How well the startup fits the caller's co-founder profile: only for a caller who has one. */
  match: startupMatch.optional(),
});
export type DirectoryStartup = z.output<typeof directoryStartup>;

/** `meta.countries` of GET /api/v1/site/startups?with_countries=true: the country filter's choices. */
export const countryFacet = z.object({
  code: z.string(),
  name: z.string(),
  /** The emoji flag: option labels cannot hold the SVG one. */
  flag: z.string(),
  /** Listings of the kind asked for in that country (0 for a country asked for that has none). */
  count: z.number().int(),
});
export type CountryFacet = z.output<typeof countryFacet>;

const directoryList = pageOf(directoryStartup);

/** `GET /api/v1/site/startups`: a page of the directory; with `with_countries=true`, the country filter's choices in `meta.countries`. */
export const directoryPage = directoryList.extend({
  meta: directoryList.shape.meta.extend({ countries: z.array(countryFacet).optional() }),
});
export type DirectoryPage = z.output<typeof directoryPage>;

/** The same with `with_countries=true`. */
export type DirectoryPageWithCountries = DirectoryPage & { meta: { countries: CountryFacet[] } };

/** An upcoming event on a profile. */
export const profileEvent = z.object({
  id: z.number().int(),
  title: z.string(),
  starts_at: timestamp,
  /** The event's own clock (an IANA zone). */
  timezone: z.string(),
  type_of_event: z.enum(["free", "paid"]),
  /** The event's cover image, if it has one. */
  banner_url: z.string().nullable(),
  /** Where to apply in the panel. */
  link: z.string(),
});
export type ProfileEvent = z.output<typeof profileEvent>;

export const teamMember = z.object({
  co_founder_id: z.number().int(),
  name: z.string(),
  title: z.string(),
  role: z.string(),
  avatar_url: z.string().nullable(),
});
export type TeamMember = z.output<typeof teamMember>;

/** GET /api/v1/site/startups/{username}. */
export const startupProfile = directoryStartup.extend({
  website: z.string().nullable(),
  following_count: z.number().int(),
  is_following: z.boolean(),
  is_favorited: z.boolean(),
  /** The caller's own startup or organization: it cannot follow itself. */
  is_own: z.boolean(),
  created_at: timestamp,
  events: z.array(profileEvent),
  team: z.array(teamMember),
  /** Asked for with `followers_limit` (and `followers_page`): that page of its followers, newest first. */
  followers: pageOf(followAccount).optional(),
});
export type StartupProfile = z.output<typeof startupProfile>;

/** GET /api/v1/site/startup_followers/{id}?limited=1: the first few, for the avatars on a profile. */
export const limitedFollowers = z.object({ data: z.array(followAccount), total: z.number().int() });
export type LimitedFollowers = z.output<typeof limitedFollowers>;

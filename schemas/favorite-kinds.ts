/*
 * What a user can save, without the favorite forms' rules (favorites.ts): the favorites screen reads these
 * and has no form to check, so it loads no validation library.
 */

/** What a user can save: the same four kinds as the `favorites` table. */
export const FAVORITE_TYPES = ["startup", "organization", "co_founder", "event"] as const;
export type FavoriteType = (typeof FAVORITE_TYPES)[number];

export const FAVORITE_TYPE_LABELS: Record<FavoriteType, { one: string; many: string }> = {
  startup: { one: "Startup", many: "Startups" },
  organization: { one: "Organization", many: "Organizations" },
  co_founder: { one: "Co-founder", many: "Co-founders" },
  event: { one: "Event", many: "Events" },
};

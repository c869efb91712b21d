/** The public ("site") directory of startups and organizations: no login needed. */
import { z } from "zod";
import { pageOf } from "./answers.ts";
import { listQuery, pageNumber, pageSize } from "./list-query.ts";
import { apiPart, apiRoute } from "./route.ts";
import { followAccount } from "../follows.ts";
import { directoryFiltersSchema, directoryPage, limitedFollowers, startupProfile } from "../startups.ts";

/** A number the lists read leniently: one that is not a whole number from 1 is as if not given. */
const lenient = <T extends z.ZodType>(number: T) => number.optional().catch(undefined);

export const startupRoutes = apiPart("Startup directory", {
  listStartups: apiRoute({
    method: "GET",
    path: "/api/v1/site/startups",
    summary:
      "A page of the directory of startups or organizations, filtered and sorted (match: best fit for the caller's co-founder profile); with_countries=true adds the country filter's choices",
    access: "public",
    query: listQuery.extend(directoryFiltersSchema.shape).extend({
      with_countries: z.string().optional(),
      // Still accepted from clients that send it; every card carries followers_count anyway.
      with_followers_count: z.string().optional(),
    }),
    answer: directoryPage,
  }),
  showStartup: apiRoute({
    method: "GET",
    path: "/api/v1/site/startups/{username}",
    summary: "A startup's or organization's public profile; followers_limit (and followers_page) add that page of its followers",
    access: "public",
    query: z.object({ followers_limit: lenient(pageSize), followers_page: lenient(pageNumber) }),
    answer: startupProfile,
    refusals: [404],
  }),
  listStartupFollowers: apiRoute({
    method: "GET",
    path: "/api/v1/site/startup_followers/{id}",
    summary: "A startup's followers, newest first: a page, or with limited=1 the first few and the total (for the avatars)",
    access: "public",
    // Read leniently: a page or size that is not a whole number from 1 falls back rather than being refused.
    query: z.object({ limited: z.string().optional(), limit: z.string().optional(), page: z.string().optional() }),
    answer: z.union([pageOf(followAccount), limitedFollowers]),
    refusals: [404],
  }),
});

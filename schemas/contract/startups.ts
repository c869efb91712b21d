/** The public ("site") directory of startups and organizations: no login needed. */
import { z } from "zod";
import { pageOf } from "./answers.ts";
import { apiPart, apiRoute } from "./route.ts";
import { followAccount } from "../follows.ts";
import { limitedFollowers } from "../startups.ts";

export const startupRoutes = apiPart("Startup directory", {
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

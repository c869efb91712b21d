import { Hono, type MiddlewareHandler } from "hono";
import { startupDetailRoutes as routes } from "#schemas/contract/startup-details.ts";
import { DETAIL_CATEGORY_NOT_FOUND, DETAIL_CATEGORY_SCHEMAS, STARTUP_DETAILS_SAVED } from "#schemas/startup-details.ts";
import type { AppEnv } from "#api/context.ts";
import { serve } from "#api/lib/contract.ts";
import { pathId } from "#api/lib/ids.ts";
import { validate } from "#api/lib/validation.ts";
import { currentUser } from "../auth/middleware.ts";
import { ownStartupId } from "#api/lib/owner.ts";
import { findCategory, getStartupDetails, listStartupDetails, saveStartupDetails } from "./service.ts";

/**
 * A startup's details, by category. Only the startup's own users (users.startup_id) read or write them:
 * the startup id comes from the caller, never from the request, so another startup's details cannot be named.
 */
export const startupDetailRoutes = new Hono<AppEnv>();

const categoryOf = (value: string | undefined) => findCategory(pathId(value, DETAIL_CATEGORY_NOT_FOUND));

/** A category that does not exist is "not found" before the body is read (and after the 403). */
const categoryFound: MiddlewareHandler<AppEnv> = async (c, next) => {
  ownStartupId(currentUser(c), "organization.profile");
  categoryOf(c.req.param("category_id"));
  await next();
};

serve(startupDetailRoutes, routes.listStartupDetails, async (c, { organization }) =>
  listStartupDetails(c.get("db"), organization.organizationId),
);

serve(startupDetailRoutes, routes.showStartupDetails, async (c, { params, organization }) => ({
  category: await getStartupDetails(c.get("db"), organization.organizationId, categoryOf(params.category_id)),
}));

serve(
  startupDetailRoutes,
  routes.saveStartupDetails,
  async (c, { params, body, organization }) => {
    const category = categoryOf(params.category_id);
    // Which fields there are depends on the category: the contract hands them over as sent.
    const values = validate(DETAIL_CATEGORY_SCHEMAS.get(category.id)!, body);
    await saveStartupDetails(c.get("db"), organization.organizationId, currentUser(c).id, category, values);
    const { data, completeness } = await listStartupDetails(c.get("db"), organization.organizationId);
    return { category: data.find((row) => row.id === category.id)!, completeness, message: STARTUP_DETAILS_SAVED };
  },
  { before: [categoryFound] },
);

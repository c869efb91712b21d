import { Hono } from "hono";
import { DETAIL_CATEGORY_NOT_FOUND, DETAIL_CATEGORY_SCHEMAS, STARTUP_DETAILS_SAVED } from "#schemas/startup-details.ts";
import type { AppEnv } from "#api/context.ts";
import { readBody } from "#api/lib/body.ts";
import { pathId } from "#api/lib/ids.ts";
import { validate } from "#api/lib/validation.ts";
import { currentUser, requireUser } from "../auth/middleware.ts";
import { ownStartupId } from "#api/lib/owner.ts";
import { findCategory, getStartupDetails, listStartupDetails, saveStartupDetails } from "./service.ts";

/**
 * A startup's details, by category. Only the startup's own users (users.startup_id) read or write them:
 * the startup id comes from the caller, never from the request, so another startup's details cannot be named.
 */
export const startupDetailRoutes = new Hono<AppEnv>();

const BASE = "/api/v1/admin/startup_details";
const categoryOf = (value: string) => findCategory(pathId(value, DETAIL_CATEGORY_NOT_FOUND));

startupDetailRoutes.get(BASE, requireUser, async (c) => {
  const startupId = ownStartupId(currentUser(c), "organization.profile");
  return c.json(await listStartupDetails(c.get("db"), startupId));
});

startupDetailRoutes.get(`${BASE}/:category_id`, requireUser, async (c) => {
  const startupId = ownStartupId(currentUser(c), "organization.profile");
  const category = categoryOf(c.req.param("category_id"));
  return c.json({
    category: await getStartupDetails(c.get("db"), startupId, category),
  });
});

startupDetailRoutes.put(`${BASE}/:category_id`, requireUser, async (c) => {
  const user = currentUser(c);
  const startupId = ownStartupId(user, "organization.profile");
  const category = categoryOf(c.req.param("category_id"));
  const values = validate(DETAIL_CATEGORY_SCHEMAS.get(category.id)!, await readBody(c));
  await saveStartupDetails(c.get("db"), startupId, user.id, category, values);
  const { data, completeness } = await listStartupDetails(c.get("db"), startupId);
  return c.json({
    category: data.find((row) => row.id === category.id),
    completeness,
    message: STARTUP_DETAILS_SAVED,
  });
});

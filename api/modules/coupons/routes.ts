import { Hono } from "hono";
import { z } from "zod";
import { COUPON_DISCOUNT_TYPES, COUPON_NOT_FOUND, COUPON_STATES, couponSchema, couponStatusSchema } from "#schemas/coupons.ts";
import { optionalIdField } from "#schemas/id-fields.ts";
import type { AppEnv } from "#api/context.ts";
import { readBody } from "#api/lib/body.ts";
import { pathId } from "#api/lib/ids.ts";
import { page, parseListQuery } from "#api/lib/pagination.ts";
import { validate } from "#api/lib/validation.ts";
import { authorize } from "../access/authorize.ts";
import { currentUser } from "../auth/middleware.ts";
import { ownStartupId } from "#api/lib/owner.ts";
import { createCoupon, deleteCoupon, getCoupon, listCoupons, setCouponActive, updateCoupon } from "./service.ts";

export const couponRoutes = new Hono<AppEnv>();

const BASE = "/api/v1/admin/coupon_codes";

const couponId = (value: string | undefined) => pathId(value, COUPON_NOT_FOUND);

/** Filters beyond the list basics; an unknown value is ignored rather than refused. */
const couponListFilters = z.object({
  // "used_up" is accepted for "used up", which is awkward in a query string.
  status: z.preprocess((v) => (v === "used_up" ? "used up" : v), z.enum(COUPON_STATES).optional()).catch(undefined),
  discount_type: z.enum(COUPON_DISCOUNT_TYPES).optional().catch(undefined),
  event_form_id: optionalIdField("The selected event form is invalid."),
});

couponRoutes.get(BASE, authorize("coupon code read"), async (c) => {
  const startupId = ownStartupId(currentUser(c), "money");
  const filters = validate(couponListFilters, c.req.query());
  // Not an id: nothing can match (0 names no row).
  const query = {
    ...parseListQuery(c.req.url),
    status: filters.status,
    discount_type: filters.discount_type,
    event_form_id: filters.event_form_id,
  };
  // Newest first unless the caller asks for an order.
  if (!query.sort_by && !c.req.query("sort_order")) query.sort_order = "desc";
  const { total, data } = await listCoupons(c.get("db"), startupId, query);
  return c.json(page(c.req.url, query, total, data));
});

couponRoutes.post(BASE, authorize("coupon code write"), async (c) => {
  const startupId = ownStartupId(currentUser(c), "money");
  const coupon_code = await createCoupon(c.get("db"), startupId, currentUser(c), validate(couponSchema, await readBody(c)));
  return c.json({ coupon_code, message: "Coupon code created." }, 201);
});

couponRoutes.get(`${BASE}/:id`, authorize("coupon code read"), async (c) => {
  const startupId = ownStartupId(currentUser(c), "money");
  return c.json({ coupon_code: await getCoupon(c.get("db"), startupId, couponId(c.req.param("id"))) });
});

couponRoutes.put(`${BASE}/:id`, authorize("coupon code write"), async (c) => {
  const startupId = ownStartupId(currentUser(c), "money");
  const id = couponId(c.req.param("id"));
  // A coupon that is not the caller's is "not found" before its fields are looked at.
  await getCoupon(c.get("db"), startupId, id);
  const coupon_code = await updateCoupon(c.get("db"), startupId, currentUser(c), id, validate(couponSchema, await readBody(c)));
  return c.json({ coupon_code, message: "Coupon code updated." });
});

/** The list's on/off toggle: one field, so it never rewrites the rest of the coupon. */
couponRoutes.put(`${BASE}/:id/status`, authorize("coupon code write"), async (c) => {
  const startupId = ownStartupId(currentUser(c), "money");
  const id = couponId(c.req.param("id"));
  await getCoupon(c.get("db"), startupId, id);
  const { is_active } = validate(couponStatusSchema, await readBody(c));
  const coupon_code = await setCouponActive(c.get("db"), startupId, currentUser(c), id, is_active);
  return c.json({ coupon_code, message: is_active ? "Coupon code activated." : "Coupon code deactivated." });
});

couponRoutes.delete(`${BASE}/:id`, authorize("coupon code write"), async (c) => {
  const startupId = ownStartupId(currentUser(c), "money");
  const result = await deleteCoupon(c.get("db"), startupId, currentUser(c), couponId(c.req.param("id")));
  if (result.deleted) return c.json({ message: "Coupon code deleted." });
  return c.json({ coupon_code: result.coupon, message: "This coupon has been used, so it was deactivated instead of deleted." });
});

import { Hono, type MiddlewareHandler } from "hono";
import { COUPON_NOT_FOUND } from "#schemas/coupons.ts";
import { couponRoutes as routes } from "#schemas/contract/coupons.ts";
import type { AppEnv } from "#api/context.ts";
import { serve } from "#api/lib/contract.ts";
import { pathId } from "#api/lib/ids.ts";
import { inOwnOrder, page } from "#api/lib/pagination.ts";
import { ownStartupId } from "#api/lib/owner.ts";
import { currentUser } from "../auth/middleware.ts";
import { createCoupon, deleteCoupon, getCoupon, listCoupons, setCouponActive, updateCoupon } from "./service.ts";

export const couponRoutes = new Hono<AppEnv>();

const couponId = (value: string | undefined) => pathId(value, COUPON_NOT_FOUND);

/** A coupon that is not the caller's is "not found" before its fields are looked at (before the body is read). */
const couponFound: MiddlewareHandler<AppEnv> = async (c, next) => {
  const startupId = ownStartupId(currentUser(c), "money");
  await getCoupon(c.get("db"), startupId, couponId(c.req.param("id")));
  await next();
};

serve(couponRoutes, routes.listCoupons, async (c, { query, organization }) => {
  // Newest first unless the caller asks for an order.
  const list = inOwnOrder(c.req.url, query, "desc");
  const { total, data } = await listCoupons(c.get("db"), organization.organizationId, list);
  return page(c.req.url, list, total, data);
});

serve(couponRoutes, routes.createCoupon, async (c, { body, organization }) => {
  const coupon_code = await createCoupon(c.get("db"), organization.organizationId, currentUser(c), body);
  return { coupon_code, message: "Coupon code created." };
});

serve(couponRoutes, routes.showCoupon, async (c, { params, organization }) => ({
  coupon_code: await getCoupon(c.get("db"), organization.organizationId, couponId(params.id)),
}));

serve(
  couponRoutes,
  routes.updateCoupon,
  async (c, { params, body, organization }) => {
    const coupon_code = await updateCoupon(c.get("db"), organization.organizationId, currentUser(c), couponId(params.id), body);
    return { coupon_code, message: "Coupon code updated." };
  },
  { before: [couponFound] },
);

/** The list's on/off toggle: one field, so it never rewrites the rest of the coupon. */
serve(
  couponRoutes,
  routes.setCouponActive,
  async (c, { params, body: { is_active }, organization }) => {
    const coupon_code = await setCouponActive(c.get("db"), organization.organizationId, currentUser(c), couponId(params.id), is_active);
    return { coupon_code, message: is_active ? "Coupon code activated." : "Coupon code deactivated." };
  },
  { before: [couponFound] },
);

serve(couponRoutes, routes.deleteCoupon, async (c, { params, organization }) => {
  const result = await deleteCoupon(c.get("db"), organization.organizationId, currentUser(c), couponId(params.id));
  if (result.deleted) return { message: "Coupon code deleted." };
  return { coupon_code: result.coupon, message: "This coupon has been used, so it was deactivated instead of deleted." };
});

/** An organization's coupon codes: discounts on its paid events, kept by those who handle its money. */
import { z } from "zod";
import { pageOf } from "./answers.ts";
import { listQuery } from "./list-query.ts";
import { apiPart, apiRoute } from "./route.ts";
import {
  COUPON_DISCOUNT_TYPES,
  COUPON_STATES,
  couponDeleted,
  couponSaved,
  couponSchema,
  couponStatusSchema,
  couponView,
} from "../coupons.ts";
import { optionalIdField } from "../id-fields.ts";

const reads = { feature: "coupon code read", organization: "money" } as const;
const writes = { feature: "coupon code write", organization: "money" } as const;

/** The list's filters beyond the basics; an unknown value is ignored rather than refused. */
export const couponListQuery = listQuery.extend({
  // "used_up" is accepted for "used up", which is awkward in a query string.
  status: z.preprocess((v) => (v === "used_up" ? "used up" : v), z.enum(COUPON_STATES).optional()).catch(undefined),
  discount_type: z.enum(COUPON_DISCOUNT_TYPES).optional().catch(undefined),
  event_form_id: optionalIdField("The selected event form is invalid."),
});

export const couponRoutes = apiPart("Coupon codes", {
  listCoupons: apiRoute({
    method: "GET",
    path: "/api/v1/admin/coupon_codes",
    summary: "List the organization's coupon codes, newest first (search by code; filter by status, discount type, event form)",
    access: reads,
    query: couponListQuery,
    answer: pageOf(couponView),
  }),
  createCoupon: apiRoute({
    method: "POST",
    path: "/api/v1/admin/coupon_codes",
    summary: "Create a coupon code, for every paid event of the organization or for one",
    access: writes,
    body: couponSchema,
    answer: couponSaved,
    status: 201,
  }),
  showCoupon: apiRoute({
    method: "GET",
    path: "/api/v1/admin/coupon_codes/{id}",
    summary: "Show one coupon code",
    access: reads,
    answer: z.object({ coupon_code: couponView }),
    refusals: [404],
  }),
  updateCoupon: apiRoute({
    method: "PUT",
    path: "/api/v1/admin/coupon_codes/{id}",
    summary: "Change a coupon code (a used one keeps its code and discount)",
    access: writes,
    body: couponSchema,
    answer: couponSaved,
    refusals: [404],
  }),
  setCouponActive: apiRoute({
    method: "PUT",
    path: "/api/v1/admin/coupon_codes/{id}/status",
    summary: "Switch a coupon code on or off, leaving the rest of it as it is",
    access: writes,
    body: couponStatusSchema,
    answer: couponSaved,
    refusals: [404],
  }),
  deleteCoupon: apiRoute({
    method: "DELETE",
    path: "/api/v1/admin/coupon_codes/{id}",
    summary: "Delete a coupon code; a used one is deactivated instead, and answered as it is now",
    access: writes,
    answer: couponDeleted,
    refusals: [404],
  }),
});

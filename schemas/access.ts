import { z } from "zod";
import { requiredText } from "./fields.ts";

/** The spec's nine permission strings plus the write permissions later features need. */
export const PERMISSIONS = [
  "co founder read",
  "co founder write",
  "coupon code read",
  "coupon code write",
  "event form read",
  "event form write",
  "event billing read",
  "event billing write",
  "event response read",
  "event response write",
  "resource center read",
  "role read",
  "role write",
  "user read",
  "user write",
] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const roleSchema = z.object({
  name: requiredText("name", 60),
  permissions: z.array(z.enum(PERMISSIONS, { error: "The selected permission is invalid." })).default([]),
});

export const userRolesSchema = z.object({
  roles: z.array(z.coerce.number().int().positive()).default([]),
});

export const userStatusSchema = z.object({
  is_active: z.union([z.boolean(), z.enum(["true", "false", "1", "0"]).transform((v) => v === "true" || v === "1")]),
});

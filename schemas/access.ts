import { z } from "zod";
import { idField } from "./id-fields.ts";
import { booleanField, requiredText } from "./fields.ts";
import { PERMISSIONS } from "./permissions.ts";

export { PERMISSIONS, SUPER_ADMIN, type Permission } from "./permissions.ts";

export const roleSchema = z.object({
  name: requiredText("name", 60),
  permissions: z.array(z.enum(PERMISSIONS, { error: "The selected permission is invalid." })).default([]),
});

/** The whole set of a user's roles: required, so a body that lost its field cannot clear them. */
export const userRolesSchema = z.object({
  roles: z.array(idField("The selected role is invalid."), { error: "The roles field must be a list of role ids." }),
});

export const userStatusSchema = z.object({
  is_active: booleanField("is active"),
});

/** A role as `GET /api/v1/admin/roles` and `/roles/{id}` answer it: its permissions and how many users hold it. */
export const roleView = z.object({
  id: z.number().int(),
  name: z.string(),
  /** A built-in role: it keeps its name and cannot be deleted. */
  is_system: z.boolean(),
  permissions: z.array(z.string()),
  users_count: z.number().int(),
  created_at: z.string(),
});
export type RoleView = z.output<typeof roleView>;

/** One row of `GET /api/v1/admin/users`. */
export const userListItem = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  is_active: z.boolean(),
  roles: z.array(z.object({ id: z.number().int(), name: z.string() })),
  created_at: z.string(),
  /** What the caller may do to this user, by the API's one rule: the panel offers nothing else. */
  can: z.object({
    /** Deactivate or reactivate them. */
    set_status: z.boolean(),
    /** The roles the caller may give them or take away; any other role they hold stays as it is. */
    roles: z.array(z.number().int()),
  }),
});
export type UserListItem = z.output<typeof userListItem>;

/** One of `GET /api/v1/admin/permissions`: what a role can be given. */
export const permissionItem = z.object({ id: z.number().int(), name: z.string() });
export type PermissionItem = z.output<typeof permissionItem>;

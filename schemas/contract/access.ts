/** Who may do what account-wide: the roles, the permissions they carry, and the users who hold them. */
import { z } from "zod";
import { messageAnswer, pageOf } from "./answers.ts";
import { listQuery } from "./list-query.ts";
import { apiPart, apiRoute } from "./route.ts";
import { permissionItem, roleSchema, roleView, userListItem, userRolesSchema, userStatusSchema } from "../access.ts";
import { optionalIdField } from "../id-fields.ts";

const roleSaved = z.object({ role: roleView, message: z.string() });

/** The users list's filter beyond the basics: the users holding one role. */
export const userListQuery = listQuery.extend({ role: optionalIdField("The selected role is invalid.") });

export const accessRoutes = apiPart("Roles and users", {
  listPermissions: apiRoute({
    method: "GET",
    path: "/api/v1/admin/permissions",
    summary: "List every permission a role can be given",
    access: { feature: "role read" },
    answer: z.object({ data: z.array(permissionItem) }),
  }),
  listRoles: apiRoute({
    method: "GET",
    path: "/api/v1/admin/roles",
    summary: "List the roles with their permissions and how many users hold each (search by name; sort by name or created_at)",
    access: { feature: "role read" },
    query: listQuery,
    answer: pageOf(roleView),
  }),
  showRole: apiRoute({
    method: "GET",
    path: "/api/v1/admin/roles/{id}",
    summary: "Show one role",
    access: { feature: "role read" },
    answer: z.object({ role: roleView }),
    refusals: [404],
  }),
  createRole: apiRoute({
    method: "POST",
    path: "/api/v1/admin/roles",
    summary: "Create a role with a set of permissions",
    access: { feature: "role write" },
    body: roleSchema,
    answer: roleSaved,
    status: 201,
  }),
  updateRole: apiRoute({
    method: "PUT",
    path: "/api/v1/admin/roles/{id}",
    summary: "Rename a role and replace its permissions (a built-in role keeps its name; super admin cannot change)",
    access: { feature: "role write" },
    body: roleSchema,
    answer: roleSaved,
    refusals: [404],
  }),
  deleteRole: apiRoute({
    method: "DELETE",
    path: "/api/v1/admin/roles/{id}",
    summary: "Delete a role nobody holds (a built-in role cannot be deleted)",
    access: { feature: "role write" },
    answer: messageAnswer,
    refusals: [404, 422],
  }),
  listUsers: apiRoute({
    method: "GET",
    path: "/api/v1/admin/users",
    summary: "List every account with its roles and what the caller may change of it (search by name or email; filter by role)",
    access: { feature: "user read" },
    query: userListQuery,
    answer: pageOf(userListItem),
  }),
  setUserRoles: apiRoute({
    method: "PUT",
    path: "/api/v1/admin/users/{id}/roles",
    summary: "Replace a user's roles (only roles whose permissions the caller holds change)",
    access: { feature: "user write" },
    body: userRolesSchema,
    answer: messageAnswer,
    refusals: [404],
  }),
  setUserStatus: apiRoute({
    method: "PUT",
    path: "/api/v1/admin/users/{id}/status",
    summary: "Deactivate or reactivate a user",
    access: { feature: "user write" },
    body: userStatusSchema,
    answer: messageAnswer,
    refusals: [404],
  }),
});

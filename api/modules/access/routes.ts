import { Hono } from "hono";
import { z } from "zod";
import { roleSchema, userRolesSchema, userStatusSchema } from "#schemas/access.ts";
import { optionalIdField } from "#schemas/id-fields.ts";
import type { AppEnv } from "#api/context.ts";
import { readBody } from "#api/lib/body.ts";
import { pathId } from "#api/lib/ids.ts";
import { page, parseListQuery } from "#api/lib/pagination.ts";
import { validate } from "#api/lib/validation.ts";
import { currentUser } from "../auth/middleware.ts";
import { recheckListeners } from "../broadcasting/recheck.ts";
import { authorize } from "./authorize.ts";
import { createRole, deleteRole, getRole, listPermissions, listRoles, roleHolders, updateRole } from "./service.ts";
import { listUsers, setUserActive, setUserRoles } from "./user-admin.ts";

export const accessRoutes = new Hono<AppEnv>();

accessRoutes.get("/api/v1/admin/permissions", authorize("role read"), async (c) => c.json({ data: await listPermissions(c.get("db")) }));

accessRoutes.get("/api/v1/admin/roles", authorize("role read"), async (c) => {
  const query = parseListQuery(c.req.url);
  const { total, data } = await listRoles(c.get("db"), query);
  return c.json(page(c.req.url, query, total, data));
});

accessRoutes.get("/api/v1/admin/roles/:id", authorize("role read"), async (c) =>
  c.json({ role: await getRole(c.get("db"), pathId(c.req.param("id"))) }),
);

accessRoutes.post("/api/v1/admin/roles", authorize("role write"), async (c) => {
  const role = await createRole(c.get("db"), validate(roleSchema, await readBody(c)));
  return c.json({ role, message: "Role created." }, 201);
});

accessRoutes.put("/api/v1/admin/roles/:id", authorize("role write"), async (c) => {
  const id = pathId(c.req.param("id"));
  const role = await updateRole(c.get("db"), id, validate(roleSchema, await readBody(c)));
  // Its holders may have lost a permission a channel asks for.
  await recheckListeners(c, () => roleHolders(c.get("db"), id));
  return c.json({ role, message: "Role updated." });
});

accessRoutes.delete("/api/v1/admin/roles/:id", authorize("role write"), async (c) => {
  await deleteRole(c.get("db"), pathId(c.req.param("id")));
  return c.json({ message: "Role deleted." });
});

const userListQuery = z.object({ role: optionalIdField("The selected role is invalid.") });

accessRoutes.get("/api/v1/admin/users", authorize("user read"), async (c) => {
  const query = { ...parseListQuery(c.req.url), ...validate(userListQuery, c.req.query()) };
  const { total, data } = await listUsers(c.get("db"), currentUser(c), query);
  return c.json(page(c.req.url, query, total, data));
});

accessRoutes.put("/api/v1/admin/users/:id/roles", authorize("user write"), async (c) => {
  const id = pathId(c.req.param("id"));
  await setUserRoles(c.get("db"), currentUser(c).id, id, validate(userRolesSchema, await readBody(c)).roles);
  await recheckListeners(c, [id]);
  return c.json({ message: "Roles updated." });
});

accessRoutes.put("/api/v1/admin/users/:id/status", authorize("user write"), async (c) => {
  const id = pathId(c.req.param("id"));
  const { is_active } = validate(userStatusSchema, await readBody(c));
  await setUserActive(c.get("db"), currentUser(c).id, id, is_active);
  if (!is_active) await recheckListeners(c, [id]);
  return c.json({ message: is_active ? "User reactivated." : "User deactivated." });
});

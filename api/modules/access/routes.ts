import { Hono } from "hono";
import { accessRoutes as routes } from "#schemas/contract/access.ts";
import type { AppEnv } from "#api/context.ts";
import { serve } from "#api/lib/contract.ts";
import { pathId, pathIdFirst } from "#api/lib/ids.ts";
import { page } from "#api/lib/pagination.ts";
import { currentUser } from "../auth/middleware.ts";
import { recheckListeners } from "../broadcasting/recheck.ts";
import { createRole, deleteRole, getRole, listPermissions, listRoles, roleHolders, updateRole } from "./service.ts";
import { listUsers, setUserActive, setUserRoles } from "./user-admin.ts";

export const accessRoutes = new Hono<AppEnv>();

serve(accessRoutes, routes.listPermissions, async (c) => ({ data: await listPermissions(c.get("db")) }));

serve(accessRoutes, routes.listRoles, async (c, { query }) => {
  const { total, data } = await listRoles(c.get("db"), query);
  return page(c.req.url, query, total, data);
});

serve(accessRoutes, routes.showRole, async (c, { params }) => ({ role: await getRole(c.get("db"), pathId(params.id)) }));

serve(accessRoutes, routes.createRole, async (c, { body }) => {
  const role = await createRole(c.get("db"), body);
  return { role, message: "Role created." };
});

serve(
  accessRoutes,
  routes.updateRole,
  async (c, { params, body }) => {
    const id = pathId(params.id);
    const role = await updateRole(c.get("db"), id, body);
    // Its holders may have lost a permission a channel asks for.
    await recheckListeners(c, () => roleHolders(c.get("db"), id));
    return { role, message: "Role updated." };
  },
  { before: [pathIdFirst()] },
);

serve(accessRoutes, routes.deleteRole, async (c, { params }) => {
  await deleteRole(c.get("db"), pathId(params.id));
  return { message: "Role deleted." };
});

serve(accessRoutes, routes.listUsers, async (c, { query }) => {
  const { total, data } = await listUsers(c.get("db"), currentUser(c), query);
  return page(c.req.url, query, total, data);
});

serve(
  accessRoutes,
  routes.setUserRoles,
  async (c, { params, body }) => {
    const id = pathId(params.id);
    await setUserRoles(c.get("db"), currentUser(c).id, id, body.roles);
    await recheckListeners(c, [id]);
    return { message: "Roles updated." };
  },
  { before: [pathIdFirst()] },
);

serve(
  accessRoutes,
  routes.setUserStatus,
  async (c, { params, body: { is_active } }) => {
    const id = pathId(params.id);
    await setUserActive(c.get("db"), currentUser(c).id, id, is_active);
    if (!is_active) await recheckListeners(c, [id]);
    return { message: is_active ? "User reactivated." : "User deactivated." };
  },
  { before: [pathIdFirst()] },
);

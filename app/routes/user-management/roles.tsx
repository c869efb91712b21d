import { buttonClass } from "~/components/ui/button";
import { Badge, Card, EmptyState, PageHeader } from "~/components/ui/layout";
import { ListSearch } from "~/components/ui/list-controls";
import { Pagination } from "~/components/ui/pagination";
import { apiContext } from "~/lib/contexts";
import { listQueryOf } from "~/lib/list-query.server";
import { can, requirePermission } from "~/lib/guards.server";
import { API } from "#schemas/contract/index";
import type { Route } from "./+types/roles";
import { InAppLink } from "~/components/ui/in-app-link";

export async function loader({ url, context }: Route.LoaderArgs) {
  const user = requirePermission(context, "role read");
  const query = listQueryOf(url, ["page", "search"], { per_page: "20" });
  const roles = await context.get(apiContext).answer(API.listRoles, { query });
  return { roles, canWrite: can(user, "role write") };
}

export default function Roles({ loaderData }: Route.ComponentProps) {
  const { roles, canWrite } = loaderData;
  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader
        title="Roles"
        description="What each role may do. A user may hold several roles and gets every permission they carry."
        actions={
          canWrite ? (
            <InAppLink to="/user-management/roles/new" className={buttonClass()}>
              New role
            </InAppLink>
          ) : null
        }
      />
      <ListSearch label="Search roles" placeholder="Search roles" />
      {roles.data.length === 0 ? (
        <EmptyState title="No roles found">Try another search.</EmptyState>
      ) : (
        <div className="space-y-3">
          {roles.data.map((role) => (
            <Card key={role.id} className="p-4">
              <div className="flex flex-wrap items-start justify-between gap-3" data-testid={`role-${role.name}`}>
                <div className="min-w-0 flex-1">
                  <div className="flex items-center gap-2">
                    <h2 className="font-semibold">{role.name}</h2>
                    {role.is_system ? <Badge tone="blue">Built-in</Badge> : null}
                    <span className="text-sm text-slate-500">
                      {role.users_count} user{role.users_count === 1 ? "" : "s"}
                    </span>
                  </div>
                  <ul className="mt-2 flex flex-wrap gap-1">
                    {role.permissions.length ? (
                      role.permissions.map((p) => (
                        <li key={p}>
                          <Badge>{p}</Badge>
                        </li>
                      ))
                    ) : (
                      <li className="text-sm text-slate-500">No permissions</li>
                    )}
                  </ul>
                </div>
                {canWrite && role.name !== "super admin" ? (
                  <InAppLink to={`/user-management/roles/${role.id}`} className={buttonClass("secondary", "sm")}>
                    Edit
                  </InAppLink>
                ) : null}
              </div>
            </Card>
          ))}
        </div>
      )}
      <Pagination meta={roles.meta} />
    </div>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Roles · Launchpad" }];

import { data, useLocation, useSearchParams } from "react-router";
import { z } from "zod";
import { idField } from "#schemas/id-fields";
import { parseId } from "#schemas/ids";
import { CONFIRM_DEACTIVATE, UserActions, withConfirmation } from "~/components/user-management/user-actions";
import { FormErrors } from "~/components/ui/field";
import { DataTable } from "~/components/ui/data-table";
import { Badge, PageHeader } from "~/components/ui/layout";
import { ListSearch } from "~/components/ui/list-controls";
import { Pagination } from "~/components/ui/pagination";
import { apiContext } from "~/lib/contexts";
import { listQueryOf } from "~/lib/list-query.server";
import { redirectWithToast } from "~/lib/flash.server";
import { can, requirePermission } from "~/lib/guards.server";
import { requestEnvContext } from "~/lib/request-env";
import { API } from "#schemas/contract/index";
import type { Route } from "./+types/users";
import { useDates } from "~/lib/dates";

export async function loader({ url, context }: Route.LoaderArgs) {
  const user = requirePermission(context, "user read");
  const api = context.get(apiContext);
  const query = listQueryOf(url, ["page", "search", "role", "sort_by", "sort_order"], { per_page: "20" });
  const [users, roles] = await Promise.all([
    api.answer(API.listUsers, { query }),
    // Role names for the filter and the editor; without role read the roles just are not offered.
    can(user, "role read") ? api.answer(API.listRoles, { query: { per_page: "100" } }) : Promise.resolve(null),
  ]);
  return {
    users,
    roles: roles?.data.map((r) => ({ id: r.id, name: r.name })) ?? [],
    canWrite: can(user, "user write"),
    confirming: parseId(url.searchParams.get(CONFIRM_DEACTIVATE) ?? "") ?? null,
  };
}

const NOT_UNDERSTOOD = "That request was not understood.";

const actionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("roles"), user_id: idField(NOT_UNDERSTOOD), roles: z.array(idField(NOT_UNDERSTOOD)).default([]) }),
  z.object({ intent: z.literal("status"), user_id: idField(NOT_UNDERSTOOD), is_active: z.enum(["true", "false"]) }),
]);

export async function action({ request, url, context }: Route.ActionArgs) {
  requirePermission(context, "user write");
  const formData = await request.formData();
  const parsed = actionSchema.safeParse({
    intent: formData.get("intent"),
    user_id: formData.get("user_id"),
    roles: formData.getAll("roles"),
    is_active: formData.get("is_active"),
  });
  if (!parsed.success) return data({ error: NOT_UNDERSTOOD, userId: null }, { status: 400 });
  const input = parsed.data;
  const api = context.get(apiContext);
  const result =
    input.intent === "roles"
      ? await api.request(API.setUserRoles, { params: { id: input.user_id }, body: { roles: input.roles } })
      : await api.request(API.setUserStatus, { params: { id: input.user_id }, body: { is_active: input.is_active === "true" } });
  if (!result.ok) {
    const error = Object.values(result.body.errors ?? {}).flat()[0] ?? result.body.message;
    return data({ error, userId: input.user_id }, { status: result.status });
  }
  // Back to the list as it was, the confirmation closed.
  return redirectWithToast(context.get(requestEnvContext), withConfirmation(url, null), { type: "success", message: result.body.message });
}

export default function Users({ loaderData, actionData }: Route.ComponentProps) {
  const dates = useDates();
  const { users, roles, canWrite, confirming } = loaderData;
  const [searchParams] = useSearchParams();
  const location = useLocation();
  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader title="Users" description="Everyone with an account, their roles and whether they can log in." />
      <ListSearch
        label="Search users"
        placeholder="Search by name or email"
        filters={
          roles.length
            ? [{ name: "role", label: "Role", anyLabel: "All roles", options: roles.map((r) => ({ value: r.id, label: r.name })) }]
            : []
        }
      />
      {actionData?.error && !actionData.userId ? <FormErrors errors={[actionData.error]} /> : null}
      <DataTable
        caption="Users"
        rows={users.data}
        rowKey={(user) => user.id}
        rowProps={(user) => ({ "data-testid": `user-row-${user.id}` })}
        empty={{ title: "No users found", children: searchParams.get("search") ? "Try another search." : "Nobody has registered yet." }}
        columns={[
          {
            label: "Name",
            cell: (user) => (
              <>
                <p className="font-medium">{user.name}</p>
                <p className="text-slate-500">{user.email}</p>
                {actionData?.error && actionData.userId === user.id ? (
                  <p className="mt-1 text-red-600" role="alert">
                    {actionData.error}
                  </p>
                ) : null}
              </>
            ),
          },
          {
            label: "Roles",
            cell: (user) => (
              <div className="flex flex-wrap gap-1">
                {user.roles.length ? (
                  user.roles.map((role) => <Badge key={role.id}>{role.name}</Badge>)
                ) : (
                  <span className="text-slate-500">No role</span>
                )}
              </div>
            ),
          },
          {
            label: "Status",
            cell: (user) => (user.is_active ? <Badge tone="green">Active</Badge> : <Badge tone="red">Deactivated</Badge>),
          },
          { label: "Joined", className: "text-slate-500", cell: (user) => dates.day(user.created_at) },
        ]}
        actions={
          canWrite && {
            showLabel: true,
            cell: (user) => <UserActions user={user} roles={roles} address={location} confirming={confirming === user.id} />,
          }
        }
      />
      <Pagination meta={users.meta} />
    </div>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Users · Launchpad" }];

import { parseSubmission } from "~/lib/submission.server";
import { Form, data, useSearchParams } from "react-router";
import { roleSchema } from "#schemas/access";
import { API } from "#schemas/contract/index";
import { requireId } from "~/lib/route-params.server";
import { buttonClass } from "~/components/ui/button";
import { FormErrors } from "~/components/ui/field";
import { Card, PageHeader } from "~/components/ui/layout";
import { RoleForm } from "~/components/user-management/role-form";
import { apiContext } from "~/lib/contexts";
import { redirectWithToast } from "~/lib/flash.server";
import { replyInvalid, replyWithApiErrors } from "~/lib/forms.server";
import { requirePermission } from "~/lib/guards.server";
import { requestEnvContext } from "~/lib/request-env";
import type { Route } from "./+types/role-edit";
import { InAppLink } from "~/components/ui/in-app-link";

/** The role's id from the URL; anything but an id names no role, as the API says of an unknown one. */
function roleId(params: Route.LoaderArgs["params"]): number {
  return requireId(params.id, "Role not found");
}

export async function loader({ params, context }: Route.LoaderArgs) {
  requirePermission(context, "role write");
  const id = roleId(params);
  const api = context.get(apiContext);
  const [{ role }, permissions] = await Promise.all([api.answer(API.showRole, { params: { id } }), api.answer(API.listPermissions, {})]);
  return { role, permissions: permissions.data };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  requirePermission(context, "role write");
  const id = roleId(params);
  const api = context.get(apiContext);
  const env = context.get(requestEnvContext);
  const formData = await request.formData();
  if (formData.get("intent") === "delete") {
    const result = await api.request(API.deleteRole, { params: { id } });
    if (!result.ok) {
      const message = Object.values(result.body.errors ?? {}).flat()[0] ?? result.body.message;
      return data({ result: undefined, deleteError: message }, { status: result.status });
    }
    return redirectWithToast(env, "/user-management/roles", { type: "success", message: result.body.message });
  }
  const submission = parseSubmission(formData, { schema: roleSchema });
  if (submission.status !== "success") return replyInvalid(submission);
  const result = await api.request(API.updateRole, { params: { id }, body: submission.value });
  if (!result.ok) return replyWithApiErrors(submission, result);
  return redirectWithToast(env, "/user-management/roles", { type: "success", message: result.body.message });
}

export default function EditRole({ loaderData, actionData }: Route.ComponentProps) {
  const { role, permissions } = loaderData;
  const [searchParams] = useSearchParams();
  const confirming = searchParams.get("confirm") === "delete";
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div>
        <InAppLink to="/user-management/roles" className="text-sm text-brand-600 hover:underline">
          ← Roles
        </InAppLink>
        <PageHeader
          title={`Edit role: ${role.name}`}
          description={`${role.users_count} user${role.users_count === 1 ? "" : "s"} hold this role.`}
        />
      </div>
      <Card>
        <RoleForm
          key={role.id}
          role={role}
          permissions={permissions}
          lastResult={actionData && "result" in actionData ? actionData.result : undefined}
          nameLocked={role.is_system}
          submitLabel="Save role"
        />
      </Card>
      {role.is_system ? null : (
        <Card className="border-red-200">
          <h2 className="font-semibold text-red-700">Delete this role</h2>
          {actionData && "deleteError" in actionData && actionData.deleteError ? <FormErrors errors={[actionData.deleteError]} /> : null}
          {confirming ? (
            <Form method="post" className="mt-3 flex flex-wrap items-center gap-3">
              <p className="text-sm">Delete “{role.name}” for good? This cannot be undone.</p>
              <button type="submit" name="intent" value="delete" className={buttonClass("danger", "sm")}>
                Yes, delete the role
              </button>
              <InAppLink to="." className={buttonClass("ghost", "sm")}>
                Cancel
              </InAppLink>
            </Form>
          ) : (
            <InAppLink to="?confirm=delete" className={`${buttonClass("secondary", "sm")} mt-3`}>
              Delete role…
            </InAppLink>
          )}
        </Card>
      )}
    </div>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Edit role · Launchpad" }];

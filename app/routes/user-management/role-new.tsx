import { parseSubmission } from "~/lib/submission.server";
import { roleSchema } from "#schemas/access";
import { API } from "#schemas/contract/index";
import { RoleForm } from "~/components/user-management/role-form";
import { Card, PageHeader } from "~/components/ui/layout";
import { apiContext } from "~/lib/contexts";
import { redirectWithToast } from "~/lib/flash.server";
import { replyInvalid, replyWithApiErrors } from "~/lib/forms.server";
import { requirePermission } from "~/lib/guards.server";
import { requestEnvContext } from "~/lib/request-env";
import type { Route } from "./+types/role-new";
import { InAppLink } from "~/components/ui/in-app-link";

export async function loader({ context }: Route.LoaderArgs) {
  requirePermission(context, "role write");
  return context.get(apiContext).answer(API.listPermissions, {});
}

export async function action({ request, context }: Route.ActionArgs) {
  requirePermission(context, "role write");
  const submission = parseSubmission(await request.formData(), { schema: roleSchema });
  if (submission.status !== "success") return replyInvalid(submission);
  const result = await context.get(apiContext).request(API.createRole, { body: submission.value });
  if (!result.ok) return replyWithApiErrors(submission, result);
  return redirectWithToast(context.get(requestEnvContext), "/user-management/roles", { type: "success", message: result.body.message });
}

export default function NewRole({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-3xl">
      <InAppLink to="/user-management/roles" className="text-sm text-brand-600 hover:underline">
        ← Roles
      </InAppLink>
      <PageHeader title="New role" />
      <Card>
        <RoleForm permissions={loaderData.data} lastResult={actionData?.result} submitLabel="Create role" />
      </Card>
    </div>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "New role · Launchpad" }];

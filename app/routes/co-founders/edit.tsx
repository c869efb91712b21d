import { getFormProps } from "@conform-to/react";
import { parseSubmission } from "~/lib/submission.server";
import { Form, data, useNavigation } from "react-router";
import { CO_FOUNDER_ROLES, teamMemberUpdateSchema } from "#schemas/co-founders";
import { API } from "#schemas/contract/index";
import { requireId } from "~/lib/route-params.server";
import { Avatar } from "~/components/ui/avatar";
import { Button, buttonClass } from "~/components/ui/button";
import { FormErrors } from "~/components/ui/field";
import { ChoiceField, InputField, TextareaField } from "~/components/ui/form-fields";
import { Badge, Card, PageHeader } from "~/components/ui/layout";
import { apiContext } from "~/lib/contexts";
import { redirectWithToast } from "~/lib/flash.server";
import { replyInvalid, replyWithApiErrors } from "~/lib/forms.server";
import { requirePermission } from "~/lib/guards.server";
import { requestEnvContext } from "~/lib/request-env";
import { useZodForm } from "~/lib/use-zod-form";
import type { Route } from "./+types/edit";
import { InAppLink } from "~/components/ui/in-app-link";

const NOT_FOUND = "Team member not found";

function memberId(value: string | undefined) {
  return requireId(value, NOT_FOUND);
}

export async function loader({ url, params, context }: Route.LoaderArgs) {
  requirePermission(context, "co founder write");
  const id = memberId(params.id);
  const { team_member } = await context.get(apiContext).answer(API.showCoFounderTeamMember, { params: { id } });
  return { member: team_member, confirmingRemoval: url.searchParams.get("confirm") === "remove" };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  requirePermission(context, "co founder write");
  const id = memberId(params.id);
  const api = context.get(apiContext);
  const env = context.get(requestEnvContext);
  const formData = await request.formData();
  if (formData.get("intent") === "remove") {
    const result = await api.request(API.removeCoFounderTeamMember, { params: { id } });
    if (!result.ok) throw data(result.body.message, { status: result.status });
    return redirectWithToast(env, "/co-founders", { type: "success", message: result.body.message });
  }
  const submission = parseSubmission(formData, { schema: teamMemberUpdateSchema });
  if (submission.status !== "success") return replyInvalid(submission);
  const result = await api.request(API.updateCoFounderTeamMember, { params: { id }, body: submission.value });
  if (!result.ok) {
    if (result.status === 404) throw data(result.body.message, { status: 404 });
    return replyWithApiErrors(submission, result);
  }
  return redirectWithToast(env, "/co-founders", { type: "success", message: result.body.message });
}

export default function EditTeamMember({ loaderData, actionData }: Route.ComponentProps) {
  const { member, confirmingRemoval } = loaderData;
  const navigation = useNavigation();
  const [form, fields] = useZodForm(teamMemberUpdateSchema, {
    id: `team-member-${member.id}`,
    lastResult: actionData?.result,
    defaultValue: { title: member.title, role: member.role, equity_note: member.equity_note ?? "" },
  });
  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <PageHeader title={`Edit ${member.name}`} description="Title, role and equity note on your team." />
      <Card>
        <div className="mb-4 flex items-center gap-3">
          <Avatar name={member.name} url={member.avatar_url} size="size-10" />
          <div>
            <p className="font-medium">{member.name}</p>
            <p className="text-sm text-slate-600">{member.on_platform ? member.headline : <Badge>Not on Launchpad</Badge>}</p>
          </div>
        </div>
        <Form method="post" className="space-y-4" {...getFormProps(form)} aria-label={`Edit ${member.name}`}>
          <FormErrors errors={form.errors} />
          <input type="hidden" name="intent" value="update" />
          <div className="grid gap-4 sm:grid-cols-2">
            <InputField field={fields.title} type="text" label="Title" />
            <ChoiceField field={fields.role} label="Role" placeholder="Choose a role" options={CO_FOUNDER_ROLES} />
          </div>
          <TextareaField field={fields.equity_note} label="Equity note (optional)" />
          <div className="flex gap-2">
            <Button type="submit" pending={navigation.state === "submitting" && navigation.formData?.get("intent") === "update"}>
              Save
            </Button>
            <InAppLink to="/co-founders" className={buttonClass("ghost")}>
              Cancel
            </InAppLink>
          </div>
        </Form>
      </Card>
      {confirmingRemoval ? (
        <Card className="border-red-200">
          <Form method="post" className="space-y-3" aria-label={`Remove ${member.name}`}>
            <input type="hidden" name="intent" value="remove" />
            <h2 className="font-semibold text-red-700">Remove {member.name} from the team?</h2>
            <p className="text-sm">They stay on Launchpad; only their place on your team goes. This cannot be undone.</p>
            <div className="flex gap-2">
              <button type="submit" className={buttonClass("danger", "sm")}>
                Remove from team
              </button>
              <InAppLink to={`/co-founders/edit/${member.id}`} className={buttonClass("ghost", "sm")}>
                Keep
              </InAppLink>
            </div>
          </Form>
        </Card>
      ) : (
        <InAppLink to="?confirm=remove" className={buttonClass("secondary", "sm")}>
          Remove from team…
        </InAppLink>
      )}
    </div>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Edit team member · Launchpad" }];

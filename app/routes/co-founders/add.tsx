import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { parseSubmission } from "~/lib/submission.server";
import { Form, useNavigation, useSearchParams } from "react-router";
import { CO_FOUNDER_ROLES, teamMemberCreateSchema } from "#schemas/co-founders";
import { API } from "#schemas/contract/index";
import { MatchSummary } from "~/components/co-founders/co-founder-card";
import { InviteForm } from "~/components/co-founders/invite-form";
import { Avatar } from "~/components/ui/avatar";
import { Button } from "~/components/ui/button";
import { FormErrors, inputClass } from "~/components/ui/field";
import { ChoiceField, InputField, TextareaField } from "~/components/ui/form-fields";
import { Badge, Card, EmptyState, PageHeader } from "~/components/ui/layout";
import { apiContext } from "~/lib/contexts";
import { redirectWithToast } from "~/lib/flash.server";
import { replyInvalid, replyWithApiErrors } from "~/lib/forms.server";
import { can, requirePermission } from "~/lib/guards.server";
import { requestEnvContext } from "~/lib/request-env";
import { useZodForm } from "~/lib/use-zod-form";
import type { Route } from "./+types/add";
import { sendInvitation } from "./invite.server";
import { InAppLink } from "~/components/ui/in-app-link";

export async function loader({ url, context }: Route.LoaderArgs) {
  const user = requirePermission(context, "co founder read");
  const q = url.searchParams.get("q")?.trim() ?? "";
  // The picker is a plain GET form: the results come with the page, no fetching from the browser.
  const found = q ? await context.get(apiContext).answer(API.findCoFounders, { query: { search: q, per_page: "8" } }) : null;
  return { q, found, hasStartup: Boolean(user.startup_id), canWrite: can(user, "co founder write") };
}

export async function action({ request, url, context }: Route.ActionArgs) {
  requirePermission(context, "co founder read");
  const formData = await request.formData();
  if (formData.get("intent") === "invite") return sendInvitation(context, url, formData);
  requirePermission(context, "co founder write");
  const submission = parseSubmission(formData, { schema: teamMemberCreateSchema });
  if (submission.status !== "success") return replyInvalid(submission);
  const result = await context.get(apiContext).request(API.addCoFounderTeamMember, { body: submission.value });
  if (!result.ok) return replyWithApiErrors(submission, result);
  return redirectWithToast(context.get(requestEnvContext), "/co-founders", { type: "success", message: result.body.message });
}

export default function AddToTeam({ loaderData, actionData }: Route.ComponentProps) {
  const { q, found, hasStartup, canWrite } = loaderData;
  if (!hasStartup) {
    return (
      <div className="mx-auto max-w-4xl">
        <PageHeader title="Add to team" />
        <EmptyState title="Teams belong to startups">Set up a startup to build a team.</EmptyState>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <PageHeader
        title="Add to team"
        description="Invite someone with a co-founder profile, or record a team member who is not on Launchpad."
      />
      <Card>
        <h2 className="mb-3 text-lg font-semibold">Invite a co-founder</h2>
        <Picker q={q} />
        {found ? (
          found.data.length ? (
            <ul className="mt-4 divide-y divide-slate-100" aria-label="Matching co-founders">
              {found.data.map((card) => (
                <li key={card.id} className="flex flex-wrap items-center gap-3 py-3" data-testid={`pick-${card.id}`}>
                  <Avatar name={card.name} url={card.avatar_url} size="size-10" />
                  <div className="min-w-0 flex-1">
                    <p className="font-medium">{card.name}</p>
                    <p className="text-sm text-slate-600">{card.headline}</p>
                    <MatchSummary card={card} hasStartup={hasStartup} />
                  </div>
                  {card.invitation_status === "pending" ? (
                    <Badge tone="blue">Invitation pending</Badge>
                  ) : (
                    <InviteForm coFounderId={card.id} name={card.name} defaultRole={card.match.matching_roles[0]} />
                  )}
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-4 text-sm text-slate-600">Nobody matches “{q}”. Try a skill or another name.</p>
          )
        ) : null}
      </Card>
      {canWrite ? <OffPlatformForm lastResult={actionData?.result} /> : null}
    </div>
  );
}

function Picker({ q }: { q: string }) {
  const navigation = useNavigation();
  const [params] = useSearchParams();
  return (
    <Form method="get" role="search" className="flex gap-2">
      <label className="flex-1">
        <span className="sr-only">Search co-founders by name, headline or skill</span>
        <input
          type="search"
          name="q"
          defaultValue={q || params.get("q") || ""}
          className={inputClass}
          placeholder="Search by name, headline or skill"
        />
      </label>
      <Button type="submit" variant="secondary" pending={navigation.state === "loading" && navigation.formMethod === "GET"}>
        Search
      </Button>
    </Form>
  );
}

function OffPlatformForm({ lastResult }: { lastResult: SubmissionResult<string[]> | null | undefined }) {
  const navigation = useNavigation();
  const [form, fields] = useZodForm(teamMemberCreateSchema, { id: "team-member", lastResult });
  return (
    <Card>
      <Form method="post" className="space-y-4" {...getFormProps(form)} aria-labelledby="off-platform-heading">
        <h2 id="off-platform-heading" className="text-lg font-semibold">
          Record someone not on Launchpad
        </h2>
        <FormErrors errors={form.errors} />
        <input type="hidden" name="intent" value="create" />
        <div className="grid gap-4 sm:grid-cols-2">
          <InputField field={fields.name} type="text" label="Name" />
          <InputField field={fields.email} type="email" label="Email (optional)" />
          <InputField field={fields.title} type="text" label="Title" placeholder="e.g. Co-founder & COO" />
          <ChoiceField field={fields.role} label="Role" placeholder="Choose a role" options={CO_FOUNDER_ROLES} />
        </div>
        <TextareaField field={fields.equity_note} label="Equity note (optional)" />
        <div className="flex gap-2">
          <Button type="submit" pending={navigation.state === "submitting" && navigation.formData?.get("intent") === "create"}>
            Add to team
          </Button>
          <InAppLink to="/co-founders" className="px-4 py-2 text-slate-700 hover:underline">
            Cancel
          </InAppLink>
        </div>
      </Form>
    </Card>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Add to team · Launchpad" }];

import type { SubmissionResult } from "@conform-to/react";
import { data } from "react-router";
import { parseId } from "#schemas/ids";
import { roleAllows } from "#schemas/organization-roles";
import {
  ownershipTransferSchema,
  teamInvitationSchema,
  teamMemberUpdateSchema,
  TEAM_INVITATION_NOT_FOUND,
  TEAM_MEMBER_NOT_FOUND,
} from "#schemas/team";
import { API } from "#schemas/contract/index";
import type { ApiResult } from "~/lib/api.server";
import { apiContext } from "~/lib/contexts";
import { redirectWithToast } from "~/lib/flash.server";
import { replyWithApiErrors } from "~/lib/forms.server";
import { listQueryOf } from "~/lib/list-query.server";
import { requestEnvContext } from "~/lib/request-env";
import { parseSubmission } from "~/lib/submission.server";
import { TeamScreen } from "./team-screen";
import type { Route } from "./+types/team";

/*
 * /team: the organization's members and invitations for those who manage the team, and for every member
 * their own place in it (leaving). Every action is a plain form post, so it all works without JavaScript;
 * removing and leaving ask to confirm on a page of their own (?remove=, ?leave=1).
 */

export async function loader({ url, context }: Route.LoaderArgs) {
  const api = context.get(apiContext);
  const membership = await api.request(API.teamMembership, {});
  const organization = membership.ok ? membership.body.organization : null;
  const view = {
    organization,
    leaving: url.searchParams.get("leave") === "1",
    editing: parseId(url.searchParams.get("edit")) ?? null,
    removing: parseId(url.searchParams.get("remove")) ?? null,
  };
  if (!organization || !roleAllows(organization.role, "team.manage")) return { ...view, team: null };
  const query = listQueryOf(url, ["page", "search"], { per_page: "20" });
  const [members, invitations, forms] = await Promise.all([
    api.answer(API.listTeamMembers, { query }),
    api.answer(API.listTeamInvitations, { query: { per_page: "100" } }),
    api.request(API.listEventForms, { query: { per_page: "100", sort_by: "title" } }),
  ]);
  const formOptions = forms.ok ? forms.body.data.map((form) => ({ id: form.id, title: form.title })) : [];
  return { ...view, team: { members, invitations: invitations.data, forms: formOptions } };
}

/** What a parsed form can answer with (conform's reply). */
type Submitted = { reply(options?: { formErrors?: string[]; fieldErrors?: Record<string, string[]> }): SubmissionResult<string[]> };

export type TeamIntent = "invite" | "update" | "remove" | "resend" | "revoke" | "leave" | "transfer";

export async function action({ request, context }: Route.ActionArgs) {
  const api = context.get(apiContext);
  const env = context.get(requestEnvContext);
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "") as TeamIntent;
  const done = (message: string, to = "/team") => redirectWithToast(env, to, { type: "success", message });
  const refused = (error: string, status: number) => data({ intent, result: undefined, error }, { status });
  const failed = (result: { status: number; body: { message: string; errors?: Record<string, string[]> } }) =>
    refused(Object.values(result.body.errors ?? {}).flat()[0] ?? result.body.message, result.status);

  const answer = async (submission: Submitted, call: Promise<ApiResult<unknown>>, message: string) => {
    const result = await call;
    if (result.ok) return done(message);
    const reply = replyWithApiErrors(submission, result);
    return data({ intent, result: reply.data.result, error: null }, reply.init ?? undefined);
  };
  const invalid = (submission: Submitted) => data({ intent, result: submission.reply(), error: null }, { status: 422 });
  if (intent === "invite") {
    const submission = parseSubmission(formData, { schema: teamInvitationSchema });
    if (submission.status !== "success") return invalid(submission);
    return answer(
      submission,
      api.request(API.inviteTeamMember, { body: submission.value }),
      `Invitation sent to ${submission.value.email}.`,
    );
  }
  if (intent === "update") {
    const userId = parseId(formData.get("user_id"));
    if (userId === undefined) return refused(TEAM_MEMBER_NOT_FOUND, 404);
    const submission = parseSubmission(formData, { schema: teamMemberUpdateSchema });
    if (submission.status !== "success") return invalid(submission);
    return answer(submission, api.request(API.updateTeamMember, { params: { userId }, body: submission.value }), "Member updated.");
  }
  if (intent === "transfer") {
    const submission = parseSubmission(formData, { schema: ownershipTransferSchema });
    if (submission.status !== "success") return invalid(submission);
    return answer(submission, api.request(API.transferOwnership, { body: submission.value }), "Ownership transferred.");
  }
  if (intent === "leave") {
    const result = await api.request(API.leaveTeam, {});
    return result.ok ? done(result.body.message, "/") : failed(result);
  }
  const id = parseId(formData.get("id"));
  if (intent === "remove") {
    if (id === undefined) return refused(TEAM_MEMBER_NOT_FOUND, 404);
    const result = await api.request(API.removeTeamMember, { params: { userId: id } });
    return result.ok ? done(result.body.message) : failed(result);
  }
  if (intent === "resend" || intent === "revoke") {
    if (id === undefined) return refused(TEAM_INVITATION_NOT_FOUND, 404);
    const result =
      intent === "resend"
        ? await api.request(API.resendTeamInvitation, { params: { id } })
        : await api.request(API.revokeTeamInvitation, { params: { id } });
    return result.ok ? done(intent === "resend" ? "Invitation sent again." : "Invitation revoked.") : failed(result);
  }
  return refused("This action is not known.", 400);
}

export default function Team({ loaderData, actionData }: Route.ComponentProps) {
  return <TeamScreen {...loaderData} actionData={actionData} />;
}

export const meta: Route.MetaFunction = () => [{ title: "Team · Launchpad" }];

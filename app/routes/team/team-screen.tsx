import type { SubmissionResult } from "@conform-to/react";
import { Form, useSearchParams } from "react-router";
import type { Page } from "#schemas/answers";
import { ROLE_LABELS, roleAllows, type OrganizationRole } from "#schemas/organization-roles";
import type { TeamInvitationView, TeamMemberView } from "#schemas/team";
import { buttonClass } from "~/components/ui/button";
import { DataTable } from "~/components/ui/data-table";
import { FormErrors } from "~/components/ui/field";
import { InAppLink } from "~/components/ui/in-app-link";
import { Badge, Card, PageHeader } from "~/components/ui/layout";
import { ListSearch } from "~/components/ui/list-controls";
import { Pagination } from "~/components/ui/pagination";
import { useDates } from "~/lib/dates";
import { InviteForm, MemberForm, TransferForm, type FormOption } from "./team-forms";

export interface TeamScreenProps {
  organization: { id: number; name: string; role: OrganizationRole } | null;
  leaving: boolean;
  editing: number | null;
  removing: number | null;
  team: { members: Page<TeamMemberView>; invitations: TeamInvitationView[]; forms: FormOption[] } | null;
  actionData?: { intent: string; result: SubmissionResult<string[]> | undefined; error: string | null };
}

/** The forms a member is limited to, by title; none means every form. */
function scopeText(ids: number[] | null, forms: FormOption[]): string {
  if (!ids) return "All forms";
  const titles = new Map(forms.map((form) => [form.id, form.title]));
  return ids.map((id) => titles.get(id) ?? `Form #${id}`).join(", ");
}

export function TeamScreen({ organization, leaving, editing, removing, team, actionData }: TeamScreenProps) {
  const dates = useDates();
  const [searchParams] = useSearchParams();
  const resultFor = (intent: string) => (actionData?.intent === intent ? actionData.result : undefined);
  if (!organization)
    return (
      <div className="mx-auto max-w-6xl space-y-6">
        <PageHeader title="Team" />
        <Card>You are not a member of an organization.</Card>
      </div>
    );
  const owner = organization.role === "owner";
  const edited = team?.members.data.find((member) => member.user_id === editing) ?? null;
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <PageHeader title="Team" description={`Who works for ${organization.name}, and as what.`} />
      {actionData?.error ? <FormErrors errors={[actionData.error]} /> : null}
      <Card>
        <p data-testid="team-role">
          You are {owner ? "the" : "a"} <strong>{ROLE_LABELS[organization.role]}</strong> of {organization.name}.
        </p>
        {owner ? null : leaving ? (
          <Form method="post" className="mt-3 flex flex-wrap items-center gap-2">
            <input type="hidden" name="intent" value="leave" />
            <span>Leave {organization.name}? You lose access to its data at once.</span>
            <button type="submit" className={buttonClass("danger", "sm")}>
              Yes, leave
            </button>
            <InAppLink to="/team" className={buttonClass("ghost", "sm")}>
              Stay
            </InAppLink>
          </Form>
        ) : (
          <InAppLink to="?leave=1" className={`${buttonClass("secondary", "sm")} mt-3`}>
            Leave the team…
          </InAppLink>
        )}
      </Card>
      {team ? (
        <>
          <InviteForm forms={team.forms} lastResult={resultFor("invite")} />
          {edited ? <MemberForm key={edited.user_id} member={edited} forms={team.forms} lastResult={resultFor("update")} /> : null}
          <section className="space-y-3" aria-labelledby="team-members">
            <h2 id="team-members" className="text-lg font-semibold">
              Members
            </h2>
            <ListSearch label="Search members" placeholder="Search by name or email" />
            <DataTable
              caption="Members"
              rows={team.members.data}
              rowKey={(member) => member.user_id}
              rowProps={(member) => ({ "data-testid": `member-${member.email}` })}
              empty={{ title: "No members found", children: searchParams.get("search") ? "Try another search." : null }}
              columns={[
                { label: "Name", className: "font-medium", cell: (member) => member.name },
                { label: "Email", cell: (member) => member.email },
                {
                  label: "Role",
                  cell: (member) => <Badge tone={member.role === "owner" ? "blue" : "slate"}>{ROLE_LABELS[member.role]}</Badge>,
                },
                { label: "Scope", cell: (member) => scopeText(member.event_form_ids, team.forms) },
                { label: "Joined", cell: (member) => dates.day(member.joined_at) },
              ]}
              actions={{
                showLabel: true,
                cell: (member) =>
                  member.role === "owner" ? null : removing === member.user_id ? (
                    <Form method="post" className="flex items-center gap-2">
                      <input type="hidden" name="intent" value="remove" />
                      <input type="hidden" name="id" value={member.user_id} />
                      <button type="submit" className={buttonClass("danger", "sm")}>
                        Yes, remove {member.name}
                      </button>
                      <InAppLink to="/team" className={buttonClass("ghost", "sm")}>
                        Keep
                      </InAppLink>
                    </Form>
                  ) : (
                    <>
                      <InAppLink to={`?edit=${member.user_id}`} className={buttonClass("secondary", "sm")}>
                        Change role
                      </InAppLink>
                      <InAppLink to={`?remove=${member.user_id}`} className={buttonClass("ghost", "sm")}>
                        Remove…
                      </InAppLink>
                    </>
                  ),
              }}
            />
            <Pagination meta={team.members.meta} />
          </section>
          <section className="space-y-3" aria-labelledby="team-invitations">
            <h2 id="team-invitations" className="text-lg font-semibold">
              Pending invitations
            </h2>
            <DataTable
              caption="Pending invitations"
              rows={team.invitations}
              rowKey={(invitation) => invitation.id}
              rowProps={(invitation) => ({ "data-testid": `invitation-${invitation.email}` })}
              empty={{ title: "No pending invitations" }}
              columns={[
                { label: "Email", className: "font-medium", cell: (invitation) => invitation.email },
                { label: "Role", cell: (invitation) => ROLE_LABELS[invitation.role] },
                { label: "Scope", cell: (invitation) => scopeText(invitation.event_form_ids, team.forms) },
                {
                  label: "Status",
                  cell: (invitation) => <Badge tone={invitation.status === "pending" ? "green" : "red"}>{invitation.status}</Badge>,
                },
                { label: "Expires", cell: (invitation) => dates.dayTime(invitation.expires_at) },
              ]}
              actions={{
                showLabel: true,
                cell: (invitation) => (
                  <>
                    <Form method="post">
                      <input type="hidden" name="intent" value="resend" />
                      <input type="hidden" name="id" value={invitation.id} />
                      <button type="submit" className={buttonClass("secondary", "sm")}>
                        Resend
                      </button>
                    </Form>
                    <Form method="post">
                      <input type="hidden" name="intent" value="revoke" />
                      <input type="hidden" name="id" value={invitation.id} />
                      <button type="submit" className={buttonClass("ghost", "sm")}>
                        Revoke
                      </button>
                    </Form>
                  </>
                ),
              }}
            />
          </section>
          {roleAllows(organization.role, "organization.own") ? (
            <TransferForm members={team.members.data.filter((member) => member.role !== "owner")} lastResult={resultFor("transfer")} />
          ) : null}
        </>
      ) : null}
    </div>
  );
}

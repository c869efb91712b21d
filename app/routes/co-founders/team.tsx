import { useSearchParams } from "react-router";
import type { JoinedTeams } from "#schemas/co-founders";
import { API } from "#schemas/contract/index";
import { buttonClass } from "~/components/ui/button";
import { Badge, Card, EmptyState, PageHeader } from "~/components/ui/layout";
import { ListSearch } from "~/components/ui/list-controls";
import { Pagination } from "~/components/ui/pagination";
import { apiContext } from "~/lib/contexts";
import { listQueryOf } from "~/lib/list-query.server";
import { can, requirePermission } from "~/lib/guards.server";
import type { Route } from "./+types/team";
import { InAppLink } from "~/components/ui/in-app-link";
import { TeamMemberLine } from "~/components/co-founders/team-member-line";

export async function loader({ url, context }: Route.LoaderArgs) {
  const user = requirePermission(context, "co founder read");
  // A team belongs to a startup: a co-founder sees the teams they joined, or is pointed to search and invitations.
  if (!user.startup_id) {
    const joined = await context.get(apiContext).answer(API.myCoFounderTeams, {});
    return { team: null, joined: joined.data, canWrite: false };
  }
  const query = listQueryOf(url, ["page", "search"], { per_page: "25" });
  const team = await context.get(apiContext).answer(API.listCoFounderTeam, { query });
  return { team, joined: [], canWrite: can(user, "co founder write") };
}

export default function Team({ loaderData }: Route.ComponentProps) {
  const { team, joined, canWrite } = loaderData;
  const [params] = useSearchParams();
  if (!team && joined.length > 0) return <JoinedTeamsPage teams={joined} />;
  if (!team) {
    return (
      <div className="mx-auto max-w-4xl">
        <PageHeader title="Co-founders" />
        <EmptyState title="Teams belong to startups">
          You can still{" "}
          <InAppLink to="/co-founders/find" className="text-brand-700 underline">
            find co-founders
          </InAppLink>{" "}
          and answer{" "}
          <InAppLink to="/co-founder-invitations" className="text-brand-700 underline">
            your invitations
          </InAppLink>
          .
        </EmptyState>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <PageHeader
        title="Co-founders"
        description="Your team: co-founders who accepted, people not on Launchpad, and who you have invited."
        actions={
          <>
            <InAppLink to="/co-founders/find" className={buttonClass("secondary")}>
              Find co-founders
            </InAppLink>
            {canWrite ? (
              <InAppLink to="/co-founders/add" className={buttonClass("primary")}>
                Add to team
              </InAppLink>
            ) : null}
          </>
        }
      />
      <ListSearch label="Search the team" placeholder="Search by name, title or role" />
      {team.data.length === 0 ? (
        <EmptyState title={params.get("search") ? "Nobody on the team matches" : "No team members yet"}>
          Invite a co-founder from{" "}
          <InAppLink to="/co-founders/find" className="text-brand-700 underline">
            Find co-founders
          </InAppLink>{" "}
          or add someone who is not on Launchpad.
        </EmptyState>
      ) : (
        <Card flush>
          <ul aria-label="Team members">
            {team.data.map((member) => (
              <li
                key={member.id}
                className="flex flex-wrap items-center gap-3 border-b border-slate-100 px-4 py-3 last:border-0"
                data-testid={`team-member-${member.id}`}
              >
                <TeamMemberLine member={member} detail={member.equity_note} />
                {canWrite ? (
                  <InAppLink
                    to={`/co-founders/edit/${member.id}`}
                    className={buttonClass("secondary", "sm")}
                    aria-label={`Edit ${member.name}`}
                  >
                    Edit
                  </InAppLink>
                ) : null}
              </li>
            ))}
          </ul>
        </Card>
      )}
      <Pagination meta={team.meta} />
      <section aria-labelledby="invited-heading">
        <h2 id="invited-heading" className="mb-3 text-lg font-semibold text-slate-900">
          Invited
        </h2>
        {team.pending_invitations.length === 0 ? (
          <p className="text-sm text-slate-600">No pending invitations.</p>
        ) : (
          <Card flush>
            <ul aria-label="Pending invitations">
              {team.pending_invitations.map((invitation) => (
                <li
                  key={invitation.id}
                  className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-100 px-4 py-3 last:border-0"
                >
                  <div>
                    <p className="font-medium text-slate-900">{invitation.name}</p>
                    <p className="text-sm text-slate-600">
                      {[invitation.title, invitation.role].filter(Boolean).join(" · ") || invitation.headline}
                    </p>
                  </div>
                  <Badge tone="blue">Pending</Badge>
                </li>
              ))}
            </ul>
            <p className="px-4 py-3 text-sm">
              <InAppLink to="/co-founder-invitations?box=sent" className="text-brand-700 underline">
                Manage invitations
              </InAppLink>
            </p>
          </Card>
        )}
      </section>
    </div>
  );
}

/** A co-founder's view: each startup team they are on, its members as the team lists them. */
function JoinedTeamsPage({ teams }: { teams: JoinedTeams["data"] }) {
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <PageHeader title="Co-founders" description="The startup teams you joined." />
      {teams.map(({ startup, members }) => (
        <section key={startup.id} aria-labelledby={`team-${startup.id}`} className="space-y-3">
          <h2 id={`team-${startup.id}`} className="text-lg font-semibold text-slate-900">
            <InAppLink to={`/startups/${startup.username}`} className="hover:text-brand-700 hover:underline">
              {startup.name}
            </InAppLink>
          </h2>
          <Card flush>
            <ul aria-label={`${startup.name} team`}>
              {members.map((member) => (
                <li key={member.id} className="flex items-center gap-3 border-b border-slate-100 px-4 py-3 last:border-0">
                  <TeamMemberLine member={member} />
                </li>
              ))}
            </ul>
          </Card>
        </section>
      ))}
    </div>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Co-founders · Launchpad" }];

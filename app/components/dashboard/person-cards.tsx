/** Cards every account has: followers per week, the user's own applications, and invitations. */
import type { FollowersPerWeek, InvitationsSummary, MyApplicationsSummary, StatusCount } from "#schemas/dashboard";
import { CardFailed, DashboardCard, FirstStep } from "./card-frame";
import { ChartFigure, NumbersTable, type RenderedChart } from "./chart";
import { longDate } from "./chart-spec";
import { periodText, statusLabel } from "./labels";
import { counted } from "#schemas/plural";

type Loaded<T> = { ok: true; data: T } | { ok: false; message: string } | null;

const summary = (statuses: StatusCount[]) => statuses.map((s) => `${statusLabel(s.status)} ${s.count}`).join(", ");

export function FollowersCard({ card }: { card: Loaded<FollowersPerWeek & { chart: RenderedChart }> }) {
  if (!card) return null;
  const profile = card.ok && card.data.account.type === "co_founder";
  return (
    <DashboardCard title="New followers" id="card-followers">
      {!card.ok ? (
        <CardFailed message={card.message} />
      ) : card.data.total === 0 ? (
        <FirstStep
          text={`No new followers in ${periodText(card.data.period)} (${card.data.followers_count} in all). A complete profile helps people find you.`}
          to={profile ? "/account" : "/startup-details"}
          action={profile ? "Update your account" : "Complete your startup details"}
        />
      ) : (
        <ChartFigure
          title={`${counted(card.data.total, "new follower")} in ${periodText(card.data.period)} · ${card.data.followers_count} in all`}
          label={`Line chart of new followers per week from ${longDate(card.data.from)} to ${longDate(card.data.to)}: ${card.data.total} in all.`}
          chart={card.data.chart}
          table={
            <NumbersTable
              caption="New followers per week"
              head={["Week of", "New followers"]}
              rows={card.data.weeks.map((w) => [longDate(w.week), w.count])}
            />
          }
        />
      )}
    </DashboardCard>
  );
}

export function MyApplicationsCard({ card }: { card: Loaded<MyApplicationsSummary & { chart: RenderedChart }> }) {
  if (!card) return null;
  return (
    <DashboardCard title="My applications" id="card-my-applications">
      {!card.ok ? (
        <CardFailed message={card.message} />
      ) : card.data.total === 0 ? (
        <FirstStep text={`You have not started an application in ${periodText(card.data.period)}.`} to="/events" action="Discover events" />
      ) : (
        <ChartFigure
          title={`${counted(card.data.total, "application")} you started, by status`}
          label={`Bar chart of your applications by status: ${summary(card.data.statuses)}.`}
          chart={card.data.chart}
          table={
            <NumbersTable
              caption="My applications by status"
              head={["Status", "Applications"]}
              rows={card.data.statuses.map((s) => [statusLabel(s.status), s.count])}
            />
          }
        />
      )}
    </DashboardCard>
  );
}

type InvitationsData = InvitationsSummary & { sentChart: RenderedChart | null; receivedChart: RenderedChart | null };

export function InvitationsCard({ card }: { card: Loaded<InvitationsData> }) {
  if (!card) return null;
  if (!card.ok)
    return (
      <DashboardCard title="Invitations" id="card-invitations">
        <CardFailed message={card.message} />
      </DashboardCard>
    );
  const sides = [
    { name: "sent", statuses: card.data.sent, chart: card.data.sentChart },
    { name: "received", statuses: card.data.received, chart: card.data.receivedChart },
  ].filter((side) => side.statuses && side.chart);
  const none = sides.every((side) => side.statuses!.every((s) => s.count === 0));
  return (
    <DashboardCard title="Invitations" id="card-invitations">
      {none ? (
        card.data.sent ? (
          <FirstStep
            text={`No invitations sent in ${periodText(card.data.period)}. Find people whose skills match what you need.`}
            to="/co-founders/find"
            action="Find co-founders"
          />
        ) : (
          <FirstStep
            text={`No invitations received in ${periodText(card.data.period)}. A complete profile helps startups find you.`}
            to="/account"
            action="Update your account"
          />
        )
      ) : (
        sides.map((side) => (
          <ChartFigure
            key={side.name}
            title={`Invitations ${side.name}, by state`}
            label={`Bar chart of invitations ${side.name} by state: ${summary(side.statuses!)}.`}
            chart={side.chart!}
            table={
              <NumbersTable
                caption={`Invitations ${side.name} by state`}
                head={["State", "Invitations"]}
                rows={side.statuses!.map((s) => [statusLabel(s.status), s.count])}
              />
            }
          />
        ))
      )}
    </DashboardCard>
  );
}

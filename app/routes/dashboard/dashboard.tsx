import { BillingsCard, ApplicationsPerDayCard, StagesCard, UpcomingCard } from "~/components/dashboard/owner-cards";
import { FollowersCard, InvitationsCard, MyApplicationsCard } from "~/components/dashboard/person-cards";
import { HeadlineFigures, headlineFigures } from "~/components/dashboard/headline-figures";
import { PeriodPicker } from "~/components/dashboard/period-picker";
import { PageHeader } from "~/components/ui/layout";
import { WeatherPanel } from "~/components/weather/weather-panel";
import { apiContext, userContext } from "~/lib/contexts";
import { canInOrganization, roleCan } from "~/lib/permissions";
import type { Route } from "./+types/dashboard";
import { loadDashboard, readSelection } from "./data.server";

export async function loader({ url, context }: Route.LoaderArgs) {
  const selection = readSelection(url);
  const user = context.get(userContext);
  const cards = await loadDashboard(context.get(apiContext), user, selection);
  // The weather card loads after the page (components/weather/weather-panel.tsx): the page never waits on the provider.
  // A member who may not read the forms (the door) reaches each upcoming event's check-in screen instead.
  const upcomingOpens = roleCan(user, "forms.read") ? "responses" : "check-in";
  // Only a member who builds forms is offered to build the first one.
  const canCreateForms = canInOrganization(user, "event form write", "forms.manage");
  return { selection, cards, hasCity: user.startup_id !== null || user.co_founder_id !== null, upcomingOpens, canCreateForms } as const;
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { selection, cards, hasCity, upcomingOpens, canCreateForms } = loaderData;
  const forms = cards.perDay?.ok ? cards.perDay.data.forms : null;
  const zone = cards.perDay?.ok ? cards.perDay.data.time_zone : "UTC";
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <PageHeader
        title="Dashboard"
        description={`Your figures for the last ${selection.period} days. Days and weeks are counted in ${zone}.`}
      />
      {selection.periodRefused ? (
        <p role="status" className="text-sm text-amber-800">
          That period is not available: showing the last {selection.period} days. Choose 30, 90 or 365 days.
        </p>
      ) : null}
      <PeriodPicker period={selection.period} formId={selection.formId} forms={forms} />
      <HeadlineFigures figures={headlineFigures(cards, selection.period)} />
      {hasCity ? <WeatherPanel /> : null}
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <ApplicationsPerDayCard card={cards.perDay} canCreate={canCreateForms} />
        <StagesCard card={cards.stages} />
        <UpcomingCard card={cards.upcoming} opens={upcomingOpens} canCreate={canCreateForms} />
        <BillingsCard card={cards.billings} />
        <FollowersCard card={cards.followers} />
        <InvitationsCard card={cards.invitations} />
        <MyApplicationsCard card={cards.mine} />
      </div>
    </div>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Dashboard · Launchpad" }];

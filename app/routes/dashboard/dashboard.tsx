import { BillingsCard, ApplicationsPerDayCard, StagesCard, UpcomingCard } from "~/components/dashboard/owner-cards";
import { FollowersCard, InvitationsCard, MyApplicationsCard } from "~/components/dashboard/person-cards";
import { HeadlineFigures, headlineFigures } from "~/components/dashboard/headline-figures";
import { PeriodPicker } from "~/components/dashboard/period-picker";
import { PageHeader } from "~/components/ui/layout";
import { WeatherPanel } from "~/components/weather/weather-panel";
import { apiContext, userContext } from "~/lib/contexts";
import type { Route } from "./+types/dashboard";
import { loadDashboard, readQuery } from "./data.server";

export async function loader({ url, context }: Route.LoaderArgs) {
  const query = readQuery(url);
  const user = context.get(userContext);
  const cards = await loadDashboard(context.get(apiContext), user, query);
  // The weather card loads after the page (components/weather/weather-panel.tsx): the page never waits on the provider.
  return { query, cards, hasCity: user.startup_id !== null || user.co_founder_id !== null };
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { query, cards, hasCity } = loaderData;
  const forms = cards.perDay?.ok ? cards.perDay.data.forms : null;
  const zone = cards.perDay?.ok ? cards.perDay.data.time_zone : "UTC";
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <PageHeader
        title="Dashboard"
        description={`Your figures for the last ${query.period} days. Days and weeks are counted in ${zone}.`}
      />
      {query.periodRefused ? (
        <p role="status" className="text-sm text-amber-800">
          That period is not available: showing the last {query.period} days. Choose 30, 90 or 365 days.
        </p>
      ) : null}
      <PeriodPicker period={query.period} formId={query.formId} forms={forms} />
      <HeadlineFigures figures={headlineFigures(cards, query.period)} />
      {hasCity ? <WeatherPanel /> : null}
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <ApplicationsPerDayCard card={cards.perDay} />
        <StagesCard card={cards.stages} />
        <UpcomingCard card={cards.upcoming} />
        <BillingsCard card={cards.billings} />
        <FollowersCard card={cards.followers} />
        <InvitationsCard card={cards.invitations} />
        <MyApplicationsCard card={cards.mine} />
      </div>
    </div>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Dashboard · Launchpad" }];

import { API } from "#schemas/contract/index";
import { ConnectionBadge } from "~/components/meetings/provider-state";
import { buttonClass } from "~/components/ui/button";
import { Card, PageHeader } from "~/components/ui/layout";
import { apiContext } from "~/lib/contexts";
import type { Route } from "./+types/index";
import { InAppLink } from "~/components/ui/in-app-link";

export async function loader({ context }: Route.LoaderArgs) {
  const { data: providers } = await context.get(apiContext).answer(API.listMeetingConnections, {});
  return { providers };
}

export default function Integrations({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader
        title="Integrations"
        description="Video-meeting services for your online and hybrid events. A connection is yours alone: meetings are created on your own account."
      />
      <div className="grid gap-4 md:grid-cols-2">
        {loaderData.providers.map((state) => (
          <Card key={state.provider}>
            <div className="flex items-center justify-between gap-3" data-testid={`integration-${state.slug}`}>
              <h2 className="text-lg font-semibold">{state.label}</h2>
              <ConnectionBadge state={state} />
            </div>
            <p className="mt-2 text-sm text-slate-700">
              {!state.configured
                ? `Not set up on this server: ${state.missing_settings.join(" and ")} must be set.`
                : state.connected
                  ? `Connected${state.account_label ? ` as ${state.account_label}` : ""}.`
                  : "Not connected yet."}
            </p>
            <p className="mt-2 text-sm text-slate-600">{state.used_for}</p>
            <InAppLink to={`/integration/${state.slug}`} className={`${buttonClass("secondary", "sm")} mt-4`}>
              {state.connected ? `Manage ${state.label}` : state.configured ? `Connect ${state.label}` : `Set up ${state.label}`}
            </InAppLink>
          </Card>
        ))}
      </div>
    </div>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Integrations · Launchpad" }];

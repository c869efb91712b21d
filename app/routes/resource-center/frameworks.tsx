import { API } from "#schemas/contract/index";
import { FrameworkCard } from "~/components/resource-center/framework-card";
import { PageHeader } from "~/components/ui/layout";
import { apiContext } from "~/lib/contexts";
import { requirePermission } from "~/lib/guards.server";
import type { Route } from "./+types/frameworks";
import { InAppLink } from "~/components/ui/in-app-link";

export async function loader({ context }: Route.LoaderArgs) {
  requirePermission(context, "resource center read");
  return context.get(apiContext).answer(API.listFrameworks, {});
}

export default function Frameworks({ loaderData }: Route.ComponentProps) {
  const { data: frameworks, startup } = loaderData;
  return (
    <div className="mx-auto max-w-6xl">
      <InAppLink to="/resource-center" className="text-sm text-brand-700 hover:underline">
        ← Resource center
      </InAppLink>
      <PageHeader
        title="Frameworks"
        description={
          startup
            ? `Fill in a framework for ${startup.name}: it saves as you type, keeps every version, and exports to Markdown or prints on one page.`
            : "Read how each framework works. Canvases are saved for a startup or organization: set one up, or join a startup's team, to fill them in."
        }
      />
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Frameworks">
        {frameworks.map((framework) => (
          <FrameworkCard key={framework.type} framework={framework} showWhen />
        ))}
      </ul>
    </div>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Frameworks · Resource center · Launchpad" }];

import { CompletionMeter } from "~/components/favorites/completion-meter";
import { Badge, Card, PageHeader } from "~/components/ui/layout";
import { apiContext } from "~/lib/contexts";
import type { Route } from "./+types/list";
import { API } from "#schemas/contract/index";
import { useDates } from "~/lib/dates";
import { InAppLink } from "~/components/ui/in-app-link";

export async function loader({ context }: Route.LoaderArgs) {
  return context.get(apiContext).answer(API.listStartupDetails, {});
}

export default function StartupDetails({ loaderData }: Route.ComponentProps) {
  const dates = useDates();
  const { data: categories, completeness } = loaderData;
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <PageHeader
        title="Startup details"
        description="What investors, partners and co-founders want to know about your startup, one topic at a time."
      />
      <Card>
        <CompletionMeter label="Overall completeness" value={completeness} />
        <p className="mt-2 text-sm text-slate-600">
          {completeness === 100
            ? "Every detail is filled in. Keep it up to date as you grow."
            : "Fill in every field of every category to reach 100%."}
        </p>
      </Card>
      <ul className="grid gap-4 sm:grid-cols-2">
        {categories.map((category) => (
          <li key={category.id}>
            <Card className="flex h-full flex-col gap-3">
              <div className="flex items-start justify-between gap-2">
                <h2 className="font-semibold text-slate-900">
                  <InAppLink to={`/complete-startup-details/${category.id}`} className="hover:text-brand-700 hover:underline">
                    {category.name}
                  </InAppLink>
                </h2>
                {category.is_complete ? (
                  <Badge tone="green">Required fields done</Badge>
                ) : (
                  <Badge>{category.required_count - category.required_filled} required left</Badge>
                )}
              </div>
              <p className="text-sm text-slate-600">{category.description}</p>
              <CompletionMeter label={`${category.name} completion`} value={category.completion} size="sm" />
              <p className="text-xs text-slate-500">
                {category.filled_count} of {category.field_count} fields filled
                {category.updated_at ? ` · updated ${dates.day(category.updated_at)}` : ""}
              </p>
              <InAppLink
                to={`/complete-startup-details/${category.id}`}
                className="mt-auto text-sm font-medium text-brand-700 hover:underline"
                aria-label={`Edit ${category.name}`}
              >
                {category.filled_count ? "Edit" : "Start"} →
              </InAppLink>
            </Card>
          </li>
        ))}
      </ul>
    </div>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Startup details · Launchpad" }];

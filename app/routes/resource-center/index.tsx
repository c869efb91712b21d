import { useLocation, useNavigation } from "react-router";
import { API } from "#schemas/contract/index";
import { GUIDE_CATEGORIES } from "#schemas/resources";
import { FrameworkCard } from "~/components/resource-center/framework-card";
import { GuideCard } from "~/components/resource-center/guide-card";
import { EmptyState, PageHeader } from "~/components/ui/layout";
import { ListSearch } from "~/components/ui/list-controls";
import { Pagination } from "~/components/ui/pagination";
import { apiContext } from "~/lib/contexts";
import { listQueryOf } from "~/lib/list-query.server";
import { requirePermission } from "~/lib/guards.server";
import type { Route } from "./+types/index";
import { InAppLink } from "~/components/ui/in-app-link";
import { counted } from "#schemas/plural";

const PER_PAGE = "6";
/** The frameworks shown on this page; the catalogue has them all. */
const FEATURED_FRAMEWORKS = 4;

export async function loader({ url, context }: Route.LoaderArgs) {
  requirePermission(context, "resource center read");
  const query = listQueryOf(url, ["page", "search", "category"], { per_page: PER_PAGE });
  // An unknown category (an edited address) lists every guide rather than failing the page.
  if (query.category !== undefined && !(GUIDE_CATEGORIES as readonly string[]).includes(query.category)) delete query.category;
  const api = context.get(apiContext);
  const [guides, frameworks] = await Promise.all([api.answer(API.listGuides, { query }), api.answer(API.listFrameworks, {})]);
  return {
    guides,
    search: query.search ?? null,
    category: query.category ?? null,
    frameworks: frameworks.data.slice(0, FEATURED_FRAMEWORKS),
    frameworkCount: frameworks.data.length,
  };
}

export default function ResourceCenter({ loaderData }: Route.ComponentProps) {
  const { guides, search, category, frameworks, frameworkCount } = loaderData;
  const navigation = useNavigation();
  const location = useLocation();
  const loading = navigation.state === "loading" && navigation.location.pathname === location.pathname;
  const filters = [
    {
      name: "category",
      label: "Category",
      anyLabel: "All categories",
      options: guides.categories.map((c) => ({ value: c.name, label: `${c.name} (${c.count})` })),
    },
  ];
  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader
        title="Resource center"
        description="Guides written for founders, and frameworks to think your startup through on one page."
      />

      <section aria-labelledby="guides-heading">
        <h2 id="guides-heading" className="mb-3 text-lg font-semibold text-slate-900">
          Guides
        </h2>
        <ListSearch label="Search guides" placeholder="Search guides, e.g. SAFE, equity, pricing" filters={filters} />
        <div aria-busy={loading} className={loading ? "opacity-60 transition-opacity" : undefined}>
          <p className="sr-only" role="status">
            {loading ? "Loading…" : counted(guides.meta.total, "guide")}
          </p>
          {guides.data.length === 0 ? (
            guides.meta.total > 0 ? (
              <EmptyState title="This page is past the end of the list">
                <InAppLink className="text-brand-700 hover:underline" to="/resource-center">
                  Go to the first page
                </InAppLink>
              </EmptyState>
            ) : search || category ? (
              <EmptyState
                title={search ? `No guides match “${search}”${category ? ` in ${category}` : ""}` : `No guides in ${category} yet`}
              >
                <InAppLink className="text-brand-700 hover:underline" to="/resource-center">
                  Clear the search
                </InAppLink>
              </EmptyState>
            ) : (
              <EmptyState title="No guides yet">Guides for founders appear here once they are published.</EmptyState>
            )
          ) : (
            <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Guides">
              {guides.data.map((guide) => (
                <GuideCard key={guide.slug} guide={guide} />
              ))}
            </ul>
          )}
          <Pagination meta={guides.meta} />
        </div>
      </section>

      <section aria-labelledby="frameworks-heading" className="mt-10">
        <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="frameworks-heading" className="text-lg font-semibold text-slate-900">
            Frameworks
          </h2>
          <InAppLink to="/resource-center/frameworks" className="text-sm font-medium text-brand-700 hover:underline">
            All {frameworkCount} frameworks
          </InAppLink>
        </div>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" aria-label="Frameworks">
          {frameworks.map((framework) => (
            <FrameworkCard key={framework.type} framework={framework} />
          ))}
        </ul>
      </section>
    </div>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Resource center · Launchpad" }];

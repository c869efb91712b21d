import { redirect, useLocation, useNavigation } from "react-router";
import { API } from "#schemas/contract/index";
import { DIRECTORY_FILTERS, DIRECTORY_SORT_CHOICES, DIRECTORY_TYPES, type DirectoryType } from "#schemas/startups";
import { DirectoryFilters, DirectoryTabs } from "~/components/community/directory-filters";
import { NO_ACCOUNT_REASON } from "~/components/community/follow-button";
import { StartupCard } from "~/components/community/startup-card";
import { EmptyState, PageHeader } from "~/components/ui/layout";
import { Pagination } from "~/components/ui/pagination";
import { forwardListParams } from "~/lib/list-query.server";
import { apiContext, userContext } from "~/lib/contexts";
import type { Route } from "./+types/list";
import { followAction } from "./follow.server";
import { InAppLink } from "~/components/ui/in-app-link";
import { MatchLegend } from "~/components/co-founders/match-legend";

const PER_PAGE = "12";

export async function loader({ url, context }: Route.LoaderArgs) {
  const username = url.searchParams.get("username")?.trim();
  if (username) throw redirect(`/startups/${encodeURIComponent(username)}`);
  // Without a type the directory is of startups, answered at once: a phone pays a whole round trip for a
  // redirect. One that is no tab is sent to startups, with the rest of the query (a search, filters).
  const type = url.searchParams.get("type") ?? "startup";
  if (!DIRECTORY_TYPES.includes(type as DirectoryType)) {
    const kept = new URLSearchParams(url.searchParams);
    kept.set("type", "startup");
    throw redirect(`/startups?${kept}`);
  }

  // with_countries: the country filter offers the countries that have listings, not all 250.
  const query = forwardListParams(url, ["page", "search", ...DIRECTORY_FILTERS], {
    account_type: type!,
    per_page: PER_PAGE,
    with_countries: "true",
  });
  const user = context.get(userContext);
  const sortChoices = sortChoicesFor(type as DirectoryType, user.co_founder_id !== null);
  // `sort`, the form's field, or the API's own `sort_by`; a co-founder's startups open best match first.
  const asked = url.searchParams.get("sort") ?? url.searchParams.get("sort_by");
  const sort = sortChoices.find((c) => c.value === asked || c.sortBy === asked) ?? sortChoices[0];
  query.set("sort_by", sort.sortBy);

  const api = context.get(apiContext);
  const { meta, ...startups } = await api.answer(API.listStartups, { query: Object.fromEntries(query) });
  // Always there, since the query asks for it; an API that leaves it out leaves the filter without choices.
  const { countries = [], ...pageMeta } = meta;
  const filtered = ["search", ...DIRECTORY_FILTERS].some((key) => query.has(key));
  return {
    type: type as DirectoryType,
    startups: { ...startups, meta: pageMeta },
    filtered,
    search: query.get("search"),
    countries: countries.map((c) => ({ code: c.code, label: `${c.flag} ${c.name} (${c.count})` })),
    blockedReason: user.startup_id || user.co_founder_id ? null : NO_ACCOUNT_REASON,
    ownId: user.startup_id,
    sortChoices: sortChoices.map(({ value, label }) => ({ value, label })),
    sort: sort.value,
  };
}

/** "Best match for you" only where a score means something: a co-founder looking at startups, and first. */
function sortChoicesFor(type: DirectoryType, isCoFounder: boolean) {
  const match = DIRECTORY_SORT_CHOICES.filter((c) => c.sortBy === "match");
  const others = DIRECTORY_SORT_CHOICES.filter((c) => c.sortBy !== "match");
  return isCoFounder && type === "startup" ? [...match, ...others] : others;
}

export const action = (args: Route.ActionArgs) => followAction(args);

/** The same address on page 1. */
function pageOne(search: string): string {
  const params = new URLSearchParams(search);
  params.delete("page");
  return `?${params}`;
}

export default function StartupDirectory({ loaderData }: Route.ComponentProps) {
  const { type, startups, filtered, search, countries, blockedReason, ownId, sortChoices, sort } = loaderData;
  const navigation = useNavigation();
  const location = useLocation();
  // Another page, tab or filter of this list is on its way: the current cards are shown dimmed meanwhile.
  const loading = navigation.state === "loading" && navigation.location.pathname === location.pathname;
  const noun = type === "startup" ? "startups" : "organizations";
  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader
        title="Startups"
        description="Discover startups and organizations in the community, follow them and save your favorites."
      />
      <DirectoryTabs current={type} />
      <DirectoryFilters key={type} type={type} countries={countries} sortChoices={sortChoices} sort={sort} />
      {sort === "match" ? <MatchLegend /> : null}
      <div aria-busy={loading} className={loading ? "opacity-60 transition-opacity" : undefined}>
        <p className="sr-only" role="status">
          {loading ? "Loading…" : `${startups.meta.total} ${noun}`}
        </p>
        {startups.data.length === 0 ? (
          startups.meta.total > 0 ? (
            <EmptyState title="This page is past the end of the list">
              <InAppLink className="text-brand-600 hover:underline" to={pageOne(location.search)}>
                Go to the first page
              </InAppLink>
            </EmptyState>
          ) : filtered ? (
            <EmptyState title={search ? `No ${noun} match “${search}”` : `No ${noun} match these filters`}>
              <InAppLink className="text-brand-600 hover:underline" to={`/startups?type=${type}`}>
                Clear the search and filters
              </InAppLink>
            </EmptyState>
          ) : (
            <EmptyState title={`No ${noun} yet`}>When {noun} set up their profiles, they appear here.</EmptyState>
          )
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label={type === "startup" ? "Startups" : "Organizations"}>
            {startups.data.map((startup) => (
              <StartupCard key={startup.id} startup={startup} blockedReason={blockedReason} ownId={ownId} />
            ))}
          </ul>
        )}
        <Pagination meta={startups.meta} />
      </div>
    </div>
  );
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data?.type === "organization" ? "Organizations" : "Startups"} · Launchpad` },
];

import { useState } from "react";
import { FAVORITE_TYPES, FAVORITE_TYPE_LABELS, type FavoriteType } from "#schemas/favorite-kinds";
import { RemoveFavorite } from "~/components/favorites/remove-favorite";
import type { FavoriteView } from "#schemas/favorites";
import { API } from "#schemas/contract/index";
import { Avatar } from "~/components/ui/avatar";
import { Badge, Card, EmptyState, PageHeader } from "~/components/ui/layout";
import { Pagination } from "~/components/ui/pagination";
import { apiContext } from "~/lib/contexts";
import { listQueryOf } from "~/lib/list-query.server";
import { requestEnvContext } from "~/lib/request-env";
import type { Route } from "./+types/favorites";
import { toggleFavorite } from "./action.server";
import { useDates } from "~/lib/dates";
import { InAppLink } from "~/components/ui/in-app-link";

/** The `type` filter, when it names a kind of favorite; anything else shows them all. */
const typeParam = (value: string | null): FavoriteType | undefined => FAVORITE_TYPES.find((type) => type === value);

export async function loader({ url, context }: Route.LoaderArgs) {
  const type = typeParam(url.searchParams.get("type"));
  const query = { ...listQueryOf(url, ["page"], { per_page: "12" }), favoritable_type: type };
  const list = await context.get(apiContext).answer(API.listFavorites, { query });
  return { list, type: type ?? null };
}

export async function action({ request, context }: Route.ActionArgs) {
  return toggleFavorite(request, context.get(apiContext), context.get(requestEnvContext));
}

const BROWSE: Record<FavoriteType, { to: string; text: string }> = {
  startup: { to: "/startups?type=startup", text: "Browse startups" },
  organization: { to: "/startups?type=organization", text: "Browse organizations" },
  co_founder: { to: "/co-founders/find", text: "Find co-founders" },
  event: { to: "/events", text: "Discover events" },
};

export default function Favorites({ loaderData }: Route.ComponentProps) {
  const { list, type } = loaderData;
  const total = Object.values(list.counts).reduce((a, b) => a + b, 0);
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <PageHeader title="Favorites" description="Startups, organizations, co-founders and events you saved for later." />
      <nav aria-label="Favorite kinds" className="flex flex-wrap gap-2 border-b border-slate-200 pb-2">
        <Tab to="/favorites" current={type === null} label="All" count={total} />
        {FAVORITE_TYPES.map((kind) => (
          <Tab
            key={kind}
            to={`/favorites?type=${kind}`}
            current={type === kind}
            label={FAVORITE_TYPE_LABELS[kind].many}
            count={list.counts[kind]}
          />
        ))}
      </nav>
      {list.data.length === 0 ? (
        <Empty type={type} anything={total > 0} />
      ) : (
        <Card flush>
          <ul aria-label={type ? `Saved ${FAVORITE_TYPE_LABELS[type].many.toLowerCase()}` : "Saved items"}>
            {list.data.map((item) => (
              <FavoriteRow key={item.id} item={item} />
            ))}
          </ul>
        </Card>
      )}
      <Pagination meta={list.meta} />
    </div>
  );
}

function Tab({ to, current, label, count }: { to: string; current: boolean; label: string; count: number }) {
  return (
    <InAppLink
      to={to}
      aria-current={current ? "page" : undefined}
      className={`rounded-md px-3 py-1.5 text-sm font-medium ${current ? "bg-brand-600 text-white" : "text-slate-700 hover:bg-slate-100"}`}
    >
      {label} <span className={current ? "text-brand-100" : "text-slate-500"}>({count})</span>
    </InAppLink>
  );
}

function FavoriteRow({ item }: { item: FavoriteView }) {
  const dates = useDates();
  const [removing, setRemoving] = useState(false);
  return (
    <li
      className={`flex flex-wrap items-center gap-4 border-b border-slate-100 px-4 py-3 last:border-0 ${removing ? "opacity-50" : ""}`}
      data-testid={`favorite-${item.favoritable_type}-${item.favoritable_id}`}
    >
      {item.favoritable_type === "event" ? (
        item.image_url ? (
          <img src={item.image_url} alt="" className="size-12 rounded-md object-cover" />
        ) : (
          <span className="size-12 rounded-md bg-gradient-to-br from-brand-100 to-brand-50" aria-hidden />
        )
      ) : (
        <Avatar name={item.name} url={item.image_url} size="size-12" />
      )}
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <InAppLink to={item.link} className="font-medium text-slate-900 hover:text-brand-700 hover:underline">
            {item.name}
          </InAppLink>
          <Badge tone="blue">{FAVORITE_TYPE_LABELS[item.favoritable_type].one}</Badge>
        </div>
        <p className="truncate text-sm text-slate-600">
          {item.subtitle}
          {item.starts_at ? ` · ${dates.day(item.starts_at)}` : ""}
        </p>
      </div>
      <RemoveFavorite type={item.favoritable_type} id={item.favoritable_id} label={item.name} onPending={setRemoving} />
    </li>
  );
}

function Empty({ type, anything }: { type: FavoriteType | null; anything: boolean }) {
  if (type) {
    const browse = BROWSE[type];
    return (
      <EmptyState title={`No saved ${FAVORITE_TYPE_LABELS[type].many.toLowerCase()}`}>
        Press the star on one to keep it here.{" "}
        <InAppLink to={browse.to} className="text-brand-700 underline">
          {browse.text}
        </InAppLink>
      </EmptyState>
    );
  }
  return (
    <EmptyState title={anything ? "Nothing on this page" : "No favorites yet"}>
      {anything ? (
        <InAppLink to="/favorites" className="text-brand-700 underline">
          Back to the first page
        </InAppLink>
      ) : (
        <>
          Press the star on a startup, co-founder or event to save it here.{" "}
          <InAppLink to="/events" className="text-brand-700 underline">
            Discover events
          </InAppLink>
        </>
      )}
    </EmptyState>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Favorites · Launchpad" }];

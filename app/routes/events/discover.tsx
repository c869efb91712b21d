import { Form, useSearchParams } from "react-router";
import { EVENT_CATEGORIES, EVENT_NATURES } from "#schemas/events";
import { Button } from "~/components/ui/button";
import { inputClass } from "~/components/ui/field";
import { Badge, Card, EmptyState, PageHeader } from "~/components/ui/layout";
import { Pagination } from "~/components/ui/pagination";
import { apiContext } from "~/lib/contexts";
import { forwardListParams } from "~/lib/list-query.server";
import { MY_APPLICATION_LABELS, NATURE_LABELS, STATUS_TONES, formatEventTime, price } from "~/lib/event-format";
import { FavoriteToggle } from "~/components/favorites/favorite-toggle";
import type { Page } from "#schemas/answers";
import type { EventCard } from "#schemas/event-form-views";
import type { Route } from "./+types/discover";
import { InAppLink } from "~/components/ui/in-app-link";

export async function loader({ url, context }: Route.LoaderArgs) {
  const query = forwardListParams(url, ["page", "search", "category", "nature", "from", "to"], { per_page: "12" });
  return context.get(apiContext).load<Page<EventCard>>(`/api/v1/site/events?${query}`);
}

export default function Discover({ loaderData: events }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  const value = (key: string) => searchParams.get(key) ?? "";
  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader title="Discover events" description="Upcoming events from startups and organizations on Launchpad." />
      <Form method="get" className="mb-6 flex flex-wrap items-center gap-3" role="search">
        <label className="min-w-56 flex-1">
          <span className="sr-only">Search events</span>
          <input className={inputClass} type="search" name="search" placeholder="Search events" defaultValue={value("search")} />
        </label>
        <label>
          <span className="sr-only">Category</span>
          <select className={inputClass} name="category" defaultValue={value("category")}>
            <option value="">Any category</option>
            {EVENT_CATEGORIES.map((c) => (
              <option key={c}>{c}</option>
            ))}
          </select>
        </label>
        <label>
          <span className="sr-only">Nature</span>
          <select className={inputClass} name="nature" defaultValue={value("nature")}>
            <option value="">Online or in person</option>
            {EVENT_NATURES.map((n) => (
              <option key={n.value} value={n.value}>
                {n.label}
              </option>
            ))}
          </select>
        </label>
        <label className="flex items-center gap-2 text-sm text-slate-700">
          From
          <input className={inputClass} type="date" name="from" defaultValue={value("from")} />
        </label>
        <label className="flex items-center gap-2 text-sm text-slate-700">
          To
          <input className={inputClass} type="date" name="to" defaultValue={value("to")} />
        </label>
        <Button type="submit" variant="secondary">
          Filter
        </Button>
      </Form>
      {events.data.length === 0 ? (
        <EmptyState title="No events found">
          {searchParams.size ? "Try other filters." : "No upcoming events have been published yet."}
        </EmptyState>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {events.data.map((event) => (
            <li key={event.id}>
              <Card className="flex h-full flex-col overflow-hidden p-0">
                {event.banner_url ? (
                  <img src={event.banner_url} alt="" className="h-32 w-full object-cover" />
                ) : (
                  <div className="h-32 bg-gradient-to-br from-brand-100 to-brand-50" />
                )}
                <div className="flex flex-1 flex-col gap-2 p-4">
                  <div className="flex items-start justify-between gap-2">
                    <div className="flex flex-wrap gap-1">
                      <Badge tone="blue">{event.category}</Badge>
                      <Badge>{NATURE_LABELS[event.nature]}</Badge>
                    </div>
                    <FavoriteToggle type="event" id={event.id} favorited={event.is_favorited ?? false} label={event.title} />
                  </div>
                  <InAppLink
                    to={`/form-submission?form_id=${event.id}`}
                    className="font-semibold text-slate-900 hover:text-brand-700 hover:underline"
                  >
                    {event.title}
                  </InAppLink>
                  <p className="text-sm text-slate-500">{event.startup.name}</p>
                  <p className="text-sm text-slate-700">{formatEventTime(event.starts_at, event.ends_at, event.timezone)}</p>
                  <div className="mt-auto flex items-center justify-between gap-2">
                    <p className="text-sm font-medium">{price(event.paid_event_information)}</p>
                    {event.my_application_status ? (
                      <Badge tone={STATUS_TONES[event.my_application_status]}>{MY_APPLICATION_LABELS[event.my_application_status]}</Badge>
                    ) : null}
                  </div>
                </div>
              </Card>
            </li>
          ))}
        </ul>
      )}
      <Pagination meta={events.meta} />
    </div>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Discover events · Launchpad" }];

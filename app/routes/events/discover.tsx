import { Form, useSearchParams } from "react-router";
import { EVENT_CATEGORIES, EVENT_NATURES } from "#schemas/event-kinds";
import { Button } from "~/components/ui/button";
import { inputClass } from "~/components/ui/field";
import { Badge, Card, EmptyState, PageHeader } from "~/components/ui/layout";
import { Pagination } from "~/components/ui/pagination";
import { apiContext } from "~/lib/contexts";
import { listQueryOf } from "~/lib/list-query.server";
import { MY_APPLICATION_LABELS, NATURE_LABELS, STATUS_TONES, formatEventTime, price } from "~/lib/event-format";
import { FavoriteToggle } from "~/components/favorites/favorite-toggle";
import { API } from "#schemas/contract/index";
import type { Route } from "./+types/discover";
import { InAppLink } from "~/components/ui/in-app-link";
import { EventCover } from "~/components/events/event-cover";
import { eventLocation } from "#schemas/event-pages";

export async function loader({ url, context }: Route.LoaderArgs) {
  const query = listQueryOf(url, ["page", "search", "category", "nature", "from", "to"], { per_page: "12" });
  return context.get(apiContext).answer(API.listSiteEvents, { query });
}

export default function Discover({ loaderData: events }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  const value = (key: string) => searchParams.get(key) ?? "";
  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader title="Discover events" description="Upcoming events from startups and organizations on Launchpad." />
      {/* Two columns on a phone (search and the button across both), one wrapping row on a wide screen. */}
      <Form method="get" className="mb-6 grid grid-cols-2 gap-3 lg:flex lg:flex-wrap lg:items-center" role="search">
        <label className="col-span-2 lg:min-w-48 lg:flex-1">
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
        <label className="flex flex-col gap-1 text-sm text-slate-700 lg:flex-row lg:items-center lg:gap-2">
          From
          <input className={inputClass} type="date" name="from" defaultValue={value("from")} />
        </label>
        <label className="flex flex-col gap-1 text-sm text-slate-700 lg:flex-row lg:items-center lg:gap-2">
          To
          <input className={inputClass} type="date" name="to" defaultValue={value("to")} />
        </label>
        <Button type="submit" variant="secondary" className="col-span-2">
          Filter
        </Button>
      </Form>
      {events.data.length === 0 ? (
        <EmptyState title="No events found">
          {searchParams.size ? "Try other filters." : "No upcoming events have been published yet."}
        </EmptyState>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {events.data.map((event, index) => (
            <li key={event.id}>
              <Card flush className="flex h-full flex-col overflow-hidden">
                <EventCover event={event} eager={index < 3} />
                <div className="flex flex-1 flex-col gap-1 p-4">
                  <p className="text-sm font-medium text-brand-700">{formatEventTime(event.starts_at, event.ends_at, event.timezone)}</p>
                  <div className="flex items-start justify-between gap-2">
                    <h2 className="text-base leading-snug font-semibold">
                      <InAppLink
                        to={`/form-submission?form_id=${event.id}`}
                        className="text-slate-900 hover:text-brand-700 hover:underline"
                      >
                        {event.title}
                      </InAppLink>
                    </h2>
                    <FavoriteToggle type="event" id={event.id} favorited={event.is_favorited ?? false} label={event.title} />
                  </div>
                  <p className="text-sm text-slate-600">By {event.startup.name}</p>
                  <p className="text-sm text-slate-600">{eventLocation({ ...event, venue_city: null })}</p>
                  <div className="mt-auto flex flex-wrap items-center gap-2 pt-3">
                    <span className="mr-auto text-sm font-semibold text-slate-900">{price(event.paid_event_information)}</span>
                    <Badge tone="blue">{event.category}</Badge>
                    <Badge>{NATURE_LABELS[event.nature]}</Badge>
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

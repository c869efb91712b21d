import { redirect } from "react-router";
import { API } from "#schemas/contract/index";
import { eventIdOfSlug, eventPosterPath } from "#schemas/event-pages";
import { ApplyCall, type ReaderApplication } from "~/components/event-page/apply-call";
import { Attendees } from "~/components/event-page/attendees";
import { AddToCalendar, EventFacts } from "~/components/event-page/event-facts";
import { StartupLogo } from "~/components/community/startup-logo";
import { Badge } from "~/components/ui/layout";
import { InAppLink } from "~/components/ui/in-app-link";
import type { ApiClient } from "~/lib/api.server";
import { apiContext } from "~/lib/contexts";
import { NATURE_LABELS } from "~/lib/event-format";
import { loginStepUrl } from "~/lib/two-factor";
import { formPath } from "../form-submission/paths";
import type { Route } from "./+types/event-page";
import { eventPageMeta } from "./event-page-meta";

/*
 * An event's public page (/e/{slug}): what anyone sees of a published event, without an account, and the
 * one way in (apply, or register to apply). Search engines may list it (robots.txt and the sitemap:
 * crawler-files.ts); link previews and search results read its meta tags and schema.org Event.
 */

export async function loader({ params, context, url }: Route.LoaderArgs) {
  const api = context.get(apiContext);
  // A draft or an unknown event is the API's 404 "Event Form not found", shown as the status screen.
  const [{ event }, reader] = await Promise.all([
    api.answer(API.showEventPage, { params: { slug: params.slug } }),
    readerOf(api, params.slug),
  ]);
  // An older slug (the event was renamed) or none but the id: the one address a page is shared under.
  if (event.slug !== params.slug) throw redirect(`/e/${event.slug}${url.search}`, 301);
  return { event, loggedIn: reader !== null, mine: reader?.mine ?? null };
}

/**
 * Who reads the page: null for a visitor without a live session (a reader without a session cookie costs
 * no call beyond the event's); for a member, their own application to the event, which the page shows in
 * place of Apply once sent. Should the API not answer it, the member just sees Apply.
 */
async function readerOf(api: ApiClient, slug: string): Promise<{ mine: ReaderApplication | null } | null> {
  if (!api.hadSession || !(await api.currentUser())) return null;
  const id = eventIdOfSlug(slug);
  const form = id === undefined ? undefined : await api.request(API.showSiteEventForm, { params: { id } });
  if (!form?.ok || !form.body.my_application) return { mine: null };
  const { my_application, my_waitlist_position, my_offer_expires_at } = form.body;
  return { mine: { status: my_application.status, waitlist_position: my_waitlist_position, offer_expires_at: my_offer_expires_at } };
}

export const meta: Route.MetaFunction = ({ data }) => eventPageMeta(data?.event ?? null);

export default function EventPage({ loaderData }: Route.ComponentProps) {
  const { event, loggedIn } = loaderData;
  return (
    <div className="min-h-screen bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-5xl items-center justify-between px-4 py-3">
          <InAppLink to="/" className="flex items-center gap-2 text-lg font-bold text-slate-900">
            <img src="/favicon.svg" alt="" className="size-7" />
            Launchpad
          </InAppLink>
          {loggedIn ? null : (
            <InAppLink to={loginStepUrl(`/e/${event.slug}`)} className="text-sm font-medium text-brand-700 underline">
              Log in
            </InAppLink>
          )}
        </div>
      </header>
      <main className="mx-auto max-w-5xl space-y-6 px-4 py-8">
        <div className="grid gap-6 md:grid-cols-3">
          <article className="space-y-6 md:col-span-2">
            <div className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
              {/* Without an uploaded cover, the poster its link previews show: one look for both. */}
              <img
                src={event.banner_url ?? eventPosterPath(event.slug)}
                alt=""
                width={1200}
                height={600}
                className="aspect-[2/1] w-full object-cover"
              />
            </div>
            <div className="space-y-3">
              <div className="flex flex-wrap gap-2">
                <Badge tone="blue">{event.category}</Badge>
                <Badge>{NATURE_LABELS[event.nature]}</Badge>
                {event.status === "closed" ? <Badge tone="red">Closed</Badge> : null}
              </div>
              <h1 className="text-3xl font-bold text-slate-900">{event.title}</h1>
              <p className="flex items-center gap-2 text-slate-700">
                <StartupLogo name={event.host.name} url={event.host.logo_url} size="size-8" />
                <span>
                  Hosted by{" "}
                  <InAppLink to={`/startups/${event.host.username}`} className="font-medium text-brand-700 underline">
                    {event.host.name}
                  </InAppLink>
                </span>
              </p>
            </div>
            <section aria-labelledby="about-heading" className="space-y-2">
              <h2 id="about-heading" className="text-lg font-semibold text-slate-900">
                About this event
              </h2>
              <p className="whitespace-pre-line text-slate-700">{event.description}</p>
            </section>
            <Attendees attendees={event.attendees} total={event.attendees_count} />
          </article>
          <aside
            className="h-fit space-y-5 rounded-xl border border-slate-200 bg-white p-5 shadow-sm md:sticky md:top-6"
            aria-label="Event details"
          >
            <EventFacts event={event} />
            <ApplyCall event={event} formPath={formPath(event.id)} loggedIn={loggedIn} mine={loaderData.mine} />
            <AddToCalendar event={event} />
          </aside>
        </div>
      </main>
    </div>
  );
}

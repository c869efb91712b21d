import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createEventForm,
  createRouteHarness,
  ownerWithCollection,
  registered,
  renderPage,
  setEventFormStatus,
  validEventFormFields,
  type RouteHarness,
} from "~/testing/route-harness";
import EventPage, { loader, meta } from "./event-page";
import { loader as calendarLoader } from "./event-calendar";
import { loader as crawlerFiles } from "./crawler-files";

let h: RouteHarness;
beforeAll(async () => {
  h = await createRouteHarness();
});
afterAll(() => h.close());

/** A published event of a new startup, with its public slug. */
async function publishedEvent(title: string, overrides: Record<string, unknown> = {}) {
  const owner = await ownerWithCollection(h.t);
  const draft = await createEventForm(owner.client, owner.collection.id, { title, ...overrides });
  const form = await setEventFormStatus(owner.client, draft.id, "published");
  return { owner, form, slug: new URL(form.public_url).pathname.replace(/^\/e\//, "") };
}

/** The page's schema.org Event. */
const jsonLd = (tags: Record<string, unknown>[]) =>
  tags.find((tag) => "script:ld+json" in tag)!["script:ld+json"] as Record<string, unknown>;

const open = (path: string, params: Record<string, string>, as: RouteCall["as"] = null) =>
  h.run(loader, { as, path, params, layout: "guest" });
type RouteCall = Parameters<RouteHarness["run"]>[1];

describe("/e/{slug}", () => {
  it("shows a visitor the event and one Apply that registers them, then brings them back to the form", async () => {
    const { form, slug } = await publishedEvent("Robotics Open Night");
    expect(slug).toBe(`robotics-open-night-${form.id}`);
    const { status, data } = await open(`/e/${slug}`, { slug });
    expect(status).toBe(200);
    expect(data.loggedIn).toBe(false);
    const html = renderPage(EventPage, { path: `/e/${slug}`, loaderData: data });
    expect(html).toContain("Robotics Open Night");
    expect(html).toContain(`Hosted by`);
    expect(html).toContain("Fri, 1 Jun 2035, 18:00 – 21:00 (Africa/Lagos)");
    expect(html).toContain(`href="/register?redirectTo=${encodeURIComponent(`/form-submission?form_id=${form.id}`)}"`);
    expect(html).toContain(`href="/login?redirectTo=${encodeURIComponent(`/form-submission?form_id=${form.id}`)}"`);
    expect(html).toContain(`href="/e/${slug}/calendar.ics"`);
    expect(html).toContain("https://calendar.google.com/calendar/render?action=TEMPLATE");
    expect(html).toContain("Open in maps");
    // Without an uploaded cover, the page shows the poster its link previews show.
    expect(html).toContain(`src="/api/v1/public/events/${slug}/preview.png"`);
    // The join link is never on the public page.
    expect(html).not.toContain("meet.example.com");
  });

  it("sends a logged-in reader straight to the form", async () => {
    const { form, slug } = await publishedEvent("Members Evening");
    const reader = await registered(h.t, "Reader");
    const { data } = await open(`/e/${slug}`, { slug }, reader.client);
    expect(data.loggedIn).toBe(true);
    const html = renderPage(EventPage, { path: `/e/${slug}`, loaderData: data });
    expect(html).toContain(`href="/form-submission?form_id=${form.id}"`);
    expect(html).not.toContain("Have an account?");
  });

  it("shows a member their own application in place of Apply: sent, waiting in line, or cancelled", async () => {
    const { form, slug } = await publishedEvent("Small Workshop", { custom_questions: [], capacity: 1, waitlist_enabled: true });
    const first = await registered(h.t, "First In");
    const second = await registered(h.t, "Second In");
    const apply = (client: typeof first.client, email: string) =>
      client.post(`/api/v1/admin/event_forms/${form.id}/applications`, { intent: "submit", answers: { full_name: "A", email } });
    const sent = await apply(first.client, first.email);
    expect(sent.status).toBe(201);
    expect((await apply(second.client, second.email)).status).toBe(201);
    const call = async (client: typeof first.client) => {
      const { data } = await open(`/e/${slug}`, { slug }, client);
      const html = renderPage(EventPage, { path: `/e/${slug}`, loaderData: data });
      return html.match(/data-testid="my-application">(.*?)<\/div>/)?.[1] ?? html;
    };
    const yours = `href="/form-submission\\?form_id=${form.id}"[^>]*>View your application<`;
    expect(await call(first.client)).toMatch(new RegExp(`>pending</span>You applied\\..*${yours}`));
    expect(await call(second.client)).toMatch(new RegExp(`>waitlisted</span>You are number 1 on the waitlist\\..*${yours}`));
    // A cancelled application cannot be sent again: the page says so rather than offering Apply.
    await first.client.put(`/api/v1/admin/event_applications/${sent.body.event_application.id}/cancel_apply`);
    const cancelled = await call(first.client);
    expect(cancelled).toMatch(new RegExp(`>cancelled</span>You cancelled your application\\..*${yours}`));
    expect(cancelled).not.toContain(">Apply<");
  });

  it("offers a member who saved a draft to continue it", async () => {
    const { form, slug } = await publishedEvent("Draft Friendly", { custom_questions: [] });
    const member = await registered(h.t, "Drafter");
    await member.client.post(`/api/v1/admin/event_forms/${form.id}/applications`, { intent: "draft", answers: { full_name: "D" } });
    const { data } = await open(`/e/${slug}`, { slug }, member.client);
    const html = renderPage(EventPage, { path: `/e/${slug}`, loaderData: data });
    expect(html).toMatch(new RegExp(`href="/form-submission\\?form_id=${form.id}"[^>]*>Continue your application<`));
  });

  it("treats a visitor whose session ended as a visitor: Log in, and Apply through registering", async () => {
    const { slug } = await publishedEvent("After Hours");
    const member = await registered(h.t, "Leaver");
    const stale = h.t.client();
    for (const [name, value] of member.client.cookies) stale.cookies.set(name, value);
    await member.client.post("/api/logout");
    const { data } = await open(`/e/${slug}`, { slug }, stale);
    expect(data).toMatchObject({ loggedIn: false, mine: null });
  });

  it("moves an old slug (a renamed event) to the current one, keeping the query", async () => {
    const { form, slug } = await publishedEvent("Renamed Meetup");
    const old = `first-name-of-it-${form.id}`;
    const outcome = await open(`/e/${old}?ref=mail`, { slug: old });
    expect(outcome.status).toBe(301);
    expect(outcome.location).toBe(`/e/${slug}?ref=mail`);
  });

  it("is the 404 screen for a draft, with nothing about it", async () => {
    const owner = await ownerWithCollection(h.t);
    const draft = await createEventForm(owner.client, owner.collection.id, { title: "Secret Draft" });
    const slug = `secret-draft-${draft.id}`;
    const outcome = await open(`/e/${slug}`, { slug });
    expect(outcome).toMatchObject({ thrown: true, status: 404, data: "Event Form not found" });
  });

  it("says why nobody can apply instead of offering Apply", async () => {
    const { owner, form, slug } = await publishedEvent("Closing Soon");
    await setEventFormStatus(owner.client, form.id, "closed");
    const { data } = await open(`/e/${slug}`, { slug });
    const html = renderPage(EventPage, { path: `/e/${slug}`, loaderData: data });
    expect(html).toContain("This event is not open for applications.");
    expect(html).not.toContain(">Apply<");
  });

  it("describes itself to link previews and search engines", async () => {
    const { form, slug } = await publishedEvent("Preview Party", {
      type_of_event: "paid",
      paid_event_information: { price: "15", currency: "EUR", includes: null },
    });
    const { data } = await open(`/e/${slug}`, { slug });
    const tags = meta({ data } as Parameters<typeof meta>[0]) as Record<string, unknown>[];
    const content = (key: string, value: string) => tags.find((tag) => tag[key] === value)?.content;
    expect(content("property", "og:title")).toBe("Preview Party");
    expect(content("property", "og:url")).toBe(form.public_url);
    expect(content("property", "og:image")).toBe(`http://localhost:3000/api/v1/public/events/${slug}/preview.png`);
    // The drawn poster's size and type, so a preview is laid out before the image arrives.
    expect(content("property", "og:image:width")).toBe("1200");
    expect(content("property", "og:image:height")).toBe("630");
    expect(content("property", "og:image:type")).toBe("image/png");
    expect(content("name", "twitter:image:alt")).toBe(content("property", "og:image:alt"));
    expect(content("name", "twitter:image:alt")).toMatch(/^Preview Party, hosted by /);
    expect(content("name", "twitter:card")).toBe("summary_large_image");
    expect(content("name", "robots")).toBe("index, follow");
    // An uploaded cover: its stored type; its size is not known, so none is claimed.
    const covered = meta({
      data: { ...data, event: { ...data.event, banner_url: "/api/v1/files/f1", banner_type: "image/jpeg" } },
    } as Parameters<typeof meta>[0]) as Record<string, unknown>[];
    expect(covered.find((tag) => tag.property === "og:image")?.content).toBe("http://localhost:3000/api/v1/files/f1");
    expect(covered.find((tag) => tag.property === "og:image:type")?.content).toBe("image/jpeg");
    expect(covered.some((tag) => tag.property === "og:image:width" || tag.property === "og:image:height")).toBe(false);
    const host = { "@type": "Organization", url: `http://localhost:3000/startups/${data.event.host.username}` };
    expect(jsonLd(tags)).toMatchObject({
      "@type": "Event",
      name: "Preview Party",
      // On the event's own clock (Lagos, UTC+1), not in UTC.
      startDate: "2035-06-01T18:00:00+01:00",
      endDate: "2035-06-01T21:00:00+01:00",
      eventStatus: "https://schema.org/EventScheduled",
      eventAttendanceMode: "https://schema.org/MixedEventAttendanceMode",
      // A hybrid event happens at its venue and online.
      location: [
        { "@type": "Place", address: { addressLocality: "Lagos", addressCountry: "NG" } },
        { "@type": "VirtualLocation", url: form.public_url },
      ],
      organizer: host,
      performer: host,
      offers: {
        price: "15",
        priceCurrency: "EUR",
        availability: "https://schema.org/InStock",
        validThrough: "2035-05-30T23:59:00+01:00",
      },
    });
    expect(jsonLd(tags)).not.toHaveProperty("previousStartDate");
    // Valid from its publication, written on the event's clock.
    const validFrom = (jsonLd(tags).offers as { validFrom: string }).validFrom;
    expect(validFrom).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+01:00$/);
    expect(Math.abs(Date.parse(validFrom) - Date.now())).toBeLessThan(60_000);
  });

  it("tells search engines that a published event was moved, and from when", async () => {
    const { owner, form, slug } = await publishedEvent("Moving Night");
    const moved = validEventFormFields(owner.collection.id, {
      title: "Moving Night",
      starts_at: "2035-06-08T18:00",
      ends_at: "2035-06-08T21:00",
    });
    expect((await owner.client.put(`/api/v1/admin/event_forms/${form.id}`, moved)).status).toBe(200);
    const { data } = await open(`/e/${slug}`, { slug });
    expect(jsonLd(meta({ data } as Parameters<typeof meta>[0]) as Record<string, unknown>[])).toMatchObject({
      startDate: "2035-06-08T18:00:00+01:00",
      eventStatus: "https://schema.org/EventRescheduled",
      previousStartDate: "2035-06-01T18:00:00+01:00",
    });
  });
});

describe("/e/{slug}/calendar.ics", () => {
  it("is the event's calendar file, passed on from the API with its type and name", async () => {
    const { form, slug } = await publishedEvent("Calendar Evening");
    const outcome = await h.run(calendarLoader, { as: null, path: `/e/${slug}/calendar.ics`, params: { slug }, layout: "guest" });
    expect(outcome.status).toBe(200);
    expect(outcome.response!.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
    expect(outcome.response!.headers.get("Content-Disposition")).toBe(`attachment; filename="event-${form.id}.ics"`);
    const file = await outcome.response!.text();
    expect(file).toContain("BEGIN:VCALENDAR");
    expect(file).toContain("SUMMARY:Calendar Evening");
    expect(file).toContain(`UID:event-form-${form.id}@localhost`);
  });
});

describe("/robots.txt and /sitemap.xml", () => {
  it("are the API's crawler files, passed on with their type", async () => {
    const { slug } = await publishedEvent("Sitemap Party");
    const get = (path: string) => h.run(crawlerFiles, { as: null, path, params: {}, layout: "guest" });
    const robots = await get("/robots.txt");
    expect(robots.response!.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    expect(await robots.response!.text()).toContain("Sitemap: http://localhost:3000/sitemap.xml");
    const sitemap = await get("/sitemap.xml");
    expect(sitemap.response!.headers.get("Content-Type")).toBe("application/xml; charset=utf-8");
    expect(await sitemap.response!.text()).toContain(`<loc>http://localhost:3000/e/${slug}</loc>`);
    expect((await get("/sitemaps/events-1.xml")).response!.headers.get("Content-Type")).toBe("application/xml; charset=utf-8");
    expect(await get("/sitemaps/events-9.xml")).toMatchObject({ thrown: true, status: 404 });
  });
});

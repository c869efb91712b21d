import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventSlug } from "#schemas/event-pages.ts";
import { insertEventForm, ownerWithForm } from "#api/testing/application-fixtures.ts";
import { checkedFetch, createTestApi, type TestApi } from "#api/testing/harness.ts";
import { withAppLinks } from "#api/lib/app-links.ts";
import { SITEMAP_URLS, sitemap, sitemapPage } from "./sitemap.ts";

const APP_URL = "https://launchpad.example.org";
let t: TestApi;
beforeAll(async () => {
  t = await createTestApi({ appUrl: APP_URL });
});
afterAll(() => t.close());

/**
 * Whether robots.txt lets `agent` fetch `path`, as RFC 9309 says: the group naming the agent, else `*`;
 * of its rules, the longest that matches (`*` any characters, `$` the end) decides, Allow on a tie.
 */
function robotsAllow(robots: string, agent: string, path: string): boolean {
  const groups = new Map<string, [string, string][]>();
  let agents: string[] = [];
  let inRules = false;
  for (const line of robots.split("\n")) {
    const [field, ...rest] = line.split(":");
    const value = rest.join(":").trim();
    if (/^user-agent$/i.test(field)) {
      if (inRules) agents = [];
      inRules = false;
      agents.push(value.toLowerCase());
      groups.set(value.toLowerCase(), groups.get(value.toLowerCase()) ?? []);
    } else if (/^(allow|disallow)$/i.test(field)) {
      inRules = true;
      for (const name of agents) groups.get(name)!.push([field.toLowerCase(), value]);
    }
  }
  const rules = groups.get(agent.toLowerCase()) ?? groups.get("*") ?? [];
  const matches = (pattern: string) => new RegExp(`^${pattern.replace(/[.+?^{}()|[\]\\]/g, "\\$&").replace(/\*/g, ".*")}`).test(path);
  const best = rules
    .filter(([, pattern]) => pattern && matches(pattern))
    .sort((a, b) => b[1].length - a[1].length || (a[0] === "allow" ? -1 : 1));
  return best.length === 0 || best[0][0] === "allow";
}

describe("robots.txt", () => {
  it("lets search engines and link previews read events' pages and what their previews show, and nothing else", async () => {
    const res = await checkedFetch(t.api, new Request("http://localhost/api/v1/public/robots.txt"));
    expect(res.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    const robots = await res.text();
    expect(robots).toContain(`\nSitemap: ${APP_URL}/sitemap.xml\n`);
    for (const agent of ["Googlebot", "Twitterbot", "facebookexternalhit"]) {
      for (const path of [
        "/e/robot-night-12",
        "/api/v1/public/events/robot-night-12/preview.png",
        "/api/v1/files/0b4f9c1e-8a8e-4c4e-9d47-3c2a1b0e9f10",
        "/assets/entry.client-CkR2x1.js",
        "/assets/root-B7x.css",
        "/favicon.svg",
        "/startups/robot-club",
      ])
        expect(robotsAllow(robots, agent, path), `${agent} ${path}`).toBe(true);
      for (const path of [
        "/",
        "/login",
        "/event-forms",
        "/api/v1/public/events/robot-night-12",
        "/api/v1/public/events/12/calendar.ics",
        "/api/user",
      ])
        expect(robotsAllow(robots, agent, path), `${agent} ${path}`).toBe(false);
    }
  });
});

describe("the sitemap", () => {
  it("lists every published or closed event's page, absolute from APP_URL with its last change, as XML", async () => {
    const { owner, form } = await ownerWithForm(t, { title: "Sitemap Evening & Co", updatedAt: new Date("2026-11-02T10:00:00Z") });
    const closed = await insertEventForm(t, owner.startup.id, { title: "Closed Night", status: "closed" });
    const draft = await insertEventForm(t, owner.startup.id, { title: "Secret Draft", status: "draft" });
    const res = await checkedFetch(t.api, new Request("http://localhost/api/v1/public/sitemap.xml"));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/xml; charset=utf-8");
    const xml = await res.text();
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')).toBe(
      true,
    );
    expect(xml).toContain(
      `<url><loc>${APP_URL}/e/${eventSlug(form.id, form.title)}</loc><lastmod>2026-11-02T10:00:00.000Z</lastmod></url>`,
    );
    expect(xml).toContain(`<loc>${APP_URL}/e/${eventSlug(closed.id, closed.title)}</loc>`);
    expect(xml).not.toContain(`-${draft.id}</loc>`);
    // One file is all: numbered file 1 is the same, and there is no second.
    const numbered = await checkedFetch(t.api, new Request("http://localhost/api/v1/public/sitemaps/events-1.xml"));
    expect(numbered.headers.get("content-type")).toBe("application/xml; charset=utf-8");
    expect(await numbered.text()).toBe(xml);
    expect((await checkedFetch(t.api, new Request("http://localhost/api/v1/public/sitemaps/events-2.xml"))).status).toBe(404);
    expect((await checkedFetch(t.api, new Request("http://localhost/api/v1/public/sitemaps/other.xml"))).status).toBe(404);
  });

  it("is an index of numbered files past the most one file may list (50,000), each file its share in order", async () => {
    expect(SITEMAP_URLS).toBe(50_000);
    const few = await createTestApi({ appUrl: APP_URL });
    try {
      const { owner, form } = await ownerWithForm(few, { title: "First Of Five" });
      for (const title of ["Second", "Third", "Fourth", "Fifth"]) await insertEventForm(few, owner.startup.id, { title });
      const db = few.database.db;
      // Two a file, for five events: an index of three files.
      const index = await withAppLinks({ appUrl: APP_URL }, () => sitemap(db, 2));
      expect(index).toBe(
        '<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
          [1, 2, 3].map((n) => `<sitemap><loc>${APP_URL}/sitemaps/events-${n}.xml</loc></sitemap>\n`).join("") +
          "</sitemapindex>\n",
      );
      const file = (page: number) => withAppLinks({ appUrl: APP_URL }, () => sitemapPage(db, page, 2));
      expect((await file(1))!.match(/<url>/g)).toHaveLength(2);
      expect(await file(1)).toContain(`<loc>${APP_URL}/e/first-of-five-${form.id}</loc>`);
      expect((await file(3))!.match(/<url>/g)).toHaveLength(1);
      expect(await file(3)).toContain("/e/fifth-");
      expect(await file(4)).toBeNull();
      // Five fit one file of ten: the sitemap is that file.
      expect(await withAppLinks({ appUrl: APP_URL }, () => sitemap(db, 10))).toBe(
        await withAppLinks({ appUrl: APP_URL }, () => sitemapPage(db, 1, 10)),
      );
    } finally {
      await few.close();
    }
  });
});

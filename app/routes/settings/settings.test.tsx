import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_MAIL_PREFERENCES } from "#schemas/mail-preferences";
import { DEFAULT_SETTINGS, SETTINGS_SAVED } from "#schemas/settings";
import { coFounder, createRouteHarness, formFields, renderPage, type RouteHarness } from "~/testing/route-harness";
import Settings, { action, loader } from "./settings";

let h: RouteHarness;
beforeAll(async () => {
  h = await createRouteHarness();
});
afterAll(() => h.close());

const DEFAULTS = { ...DEFAULT_SETTINGS, mail: DEFAULT_MAIL_PREFERENCES };
/** The mail choices as the page posts them: a select per kind, `mail.<kind>`. */
const MAIL = { ...DEFAULT_MAIL_PREFERENCES, new_follower: "immediately", message_received: "off", event_calendar: "off" };
const CHOICES = {
  time_zone: "Africa/Lagos",
  date_format: "iso",
  theme: "dark",
  layout: "compact",
  notifications: ["new_follower", "message_received"],
};

describe("/settings", () => {
  it("sends a visitor to log in and come back", async () => {
    const answer = await h.run(loader, { as: null, path: "/settings" });
    expect(answer).toMatchObject({ thrown: true, status: 302, location: "/login?redirectTo=%2Fsettings" });
  });

  it("shows the defaults, then keeps the chosen time zone: saved with a toast, shown on the next visit", async () => {
    const { client } = await coFounder(h.t);
    const before = await h.run(loader, { as: client, path: "/settings" });
    expect(before.data.settings).toEqual(DEFAULTS);
    expect(before.data.timeZones).toContain("Africa/Lagos");

    const saved = await h.run(action, { as: client, path: "/settings", form: { ...CHOICES, ...formFields({ mail: MAIL }) } });
    expect(saved).toMatchObject({ status: 302, location: "/settings", toast: { type: "success", message: SETTINGS_SAVED } });

    const after = await h.run(loader, { as: client, path: "/settings" });
    expect(after.data.settings).toEqual({ ...CHOICES, mail: MAIL });
    const html = renderPage(Settings, { path: "/settings", loaderData: after.data });
    expect(html).toContain(`<option selected="">Africa/Lagos</option>`);
    // Each kind's mail choice beside its in-app box, as saved, with the choices its kind has.
    const select = (kind: string) => new RegExp(`<select name="mail\\.${kind}"[^>]*>(.*?)</select>`).exec(html)?.[1] ?? "";
    expect(select("new_follower")).toContain('<option value="immediately" selected="">Immediately</option>');
    expect(select("message_received")).toContain('<option value="off" selected="">Off</option>');
    expect(select("event_calendar")).not.toContain("digest");
    expect(html).toContain('aria-label="Mail: You receive a chat message"');
  });

  it("refuses a time zone that is not on the list with 422 on that field, and keeps the old settings", async () => {
    const { client } = await coFounder(h.t);
    const refused = await h.run(action, { as: client, path: "/settings", form: { ...CHOICES, time_zone: "Mars/Olympus_Mons" } });
    expect(refused).toMatchObject({ thrown: false, status: 422, location: null });
    expect(refused.data.result.error).toEqual({ time_zone: ["Choose a time zone from the list."] });
    const html = renderPage(Settings, {
      path: "/settings",
      loaderData: (await h.run(loader, { as: client, path: "/settings" })).data,
      actionData: refused.data,
    });
    expect(html).toContain("Choose a time zone from the list.");
    expect((await h.run(loader, { as: client, path: "/settings" })).data.settings).toEqual(DEFAULTS);
  });
});

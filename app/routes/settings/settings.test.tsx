import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_SETTINGS, SETTINGS_SAVED } from "#schemas/settings";
import { coFounder, createRouteHarness, renderPage, type RouteHarness } from "~/testing/route-harness";
import Settings, { action, loader } from "./settings";

let h: RouteHarness;
beforeAll(async () => {
  h = await createRouteHarness();
});
afterAll(() => h.close());

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
    expect(before.data.settings).toEqual(DEFAULT_SETTINGS);
    expect(before.data.timeZones).toContain("Africa/Lagos");

    const saved = await h.run(action, { as: client, path: "/settings", form: CHOICES });
    expect(saved).toMatchObject({ status: 302, location: "/settings", toast: { type: "success", message: SETTINGS_SAVED } });

    const after = await h.run(loader, { as: client, path: "/settings" });
    expect(after.data.settings).toEqual(CHOICES);
    const html = renderPage(Settings, { path: "/settings", loaderData: after.data });
    expect(html).toContain(`<option selected="">Africa/Lagos</option>`);
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
    expect((await h.run(loader, { as: client, path: "/settings" })).data.settings).toEqual(DEFAULT_SETTINGS);
  });
});

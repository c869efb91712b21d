import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { coFounderWith, createRouteHarness, renderPage, startupOwner, type RouteHarness } from "~/testing/route-harness";
import { NAVIGATION, navHref } from "~/components/app-shell/navigation";
import StartupDirectory, { loader } from "./list";

let h: RouteHarness;
beforeAll(async () => {
  h = await createRouteHarness();
});
afterAll(() => h.close());

describe("/startups for a co-founder", () => {
  it("opens on the startups that fit them best, each scored against its scale with its reasons and a legend", async () => {
    const fit = await startupOwner(h.t, { wanted_skills: "TypeScript", industry: "Fintech" });
    const person = await coFounderWith(h.t, { skills: "TypeScript", industries: ["Fintech"], country: "GH", cityName: "Accra" });
    const path = `/startups?type=startup&search=${encodeURIComponent(fit.startup.name)}`;
    const { data } = await h.run(loader, { as: person.client, path });
    expect(data.sort).toBe("match");
    expect(data.sortChoices[0]).toEqual({ value: "match", label: "Best match for you" });
    expect(data.startups.data[0].match).toEqual({
      score: 5,
      max: 9,
      percent: 56,
      reasons: ["wants 1 of your skills: TypeScript", "in an industry you want"],
    });
    const html = renderPage(StartupDirectory, { path, loaderData: data });
    expect(html).toContain("56% match (5 of 9)");
    expect(html).toContain("wants 1 of your skills: TypeScript · in an industry you want");
    expect(html).toContain("How the match is scored");
  });

  it("takes the API's sort_by=match in the address too, and offers no match order to a startup", async () => {
    const person = await coFounderWith(h.t);
    expect((await h.run(loader, { as: person.client, path: "/startups?type=startup&sort_by=match&sort=" })).data.sort).toBe("match");
    const owner = await startupOwner(h.t);
    const { data } = await h.run(loader, { as: owner.client, path: "/startups?type=startup&sort_by=match" });
    expect(data.sort).toBe("followers");
    expect(data.sortChoices.map((c: { value: string }) => c.value)).not.toContain("match");
    expect(data.startups.data.every((s: object) => !("match" in s))).toBe(true);
    expect(renderPage(StartupDirectory, { path: "/startups?type=startup", loaderData: data })).not.toContain("How the match is scored");
  });
});

describe("/startups from the sidebar", () => {
  it("answers the address it is linked at and the bare one with startups, at once: a visit costs no redirect", async () => {
    const person = await coFounderWith(h.t, {});
    const item = NAVIGATION.flatMap((section) => section.items).find((i) => i.to === "/startups")!;
    const linked = await h.run(loader, { as: person.client, path: navHref(item) });
    expect(linked.thrown).toBe(false);
    expect(await h.run(loader, { as: person.client, path: "/startups" })).toMatchObject({ thrown: false, data: { type: "startup" } });
    // A type that is no tab is still sent to startups, with the search kept.
    expect(await h.run(loader, { as: person.client, path: "/startups?type=nope&search=robots" })).toMatchObject({
      thrown: true,
      status: 302,
      location: "/startups?type=startup&search=robots",
    });
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ageAccount, createRouteHarness, registered, setUpStartupProfile, type RouteHarness } from "~/testing/route-harness";
import { loader } from "./home";

let h: RouteHarness;
beforeAll(async () => {
  h = await createRouteHarness();
});
afterAll(() => h.close());

describe("/ (home)", () => {
  it("greets a new account with Welcome, and one coming back another day with Welcome back", async () => {
    const { client, id } = await registered(h.t, "Nia Newcomer");
    await setUpStartupProfile(client);
    expect((await h.run(loader, { as: client, path: "/" })).data.greeting).toBe("Welcome");
    await ageAccount(h.t, id, 2);
    expect((await h.run(loader, { as: client, path: "/" })).data.greeting).toBe("Welcome back");
  });
});

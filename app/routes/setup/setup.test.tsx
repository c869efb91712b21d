import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { coFounder, createRouteHarness, joinedMember, registered, renderPage, teamOwner, type RouteHarness } from "~/testing/route-harness";
import { loader as applyLoader } from "../form-submission/apply";
import Setup, { action, loader } from "./setup";

let h: RouteHarness;
beforeAll(async () => {
  h = await createRouteHarness();
});
afterAll(() => h.close());

const STARTUP_FAILED = "Error setting up startup. Make sure you've filled the form correctly";
const guest = { layout: "guest" } as const;

let usernames = 0;
/** A startup's setup form as the page posts it. */
const startupForm = (overrides: Record<string, string> = {}) => ({
  account_type: "startup",
  name: "Acme",
  username: `acme-route-${++usernames}`,
  country: "NG",
  cityName: "Lagos",
  description: "Robots for small farms.",
  industry: "Hardware",
  stage: "Seed",
  "links[0]": "https://acme.example.com",
  ...overrides,
});

describe("/setup", () => {
  it("sends a visitor to log in and one who is set up home", async () => {
    expect(await h.run(loader, { ...guest, as: null, path: "/setup" })).toMatchObject({
      thrown: true,
      status: 302,
      location: "/login?redirectTo=%2Fsetup",
    });
    const { client } = await coFounder(h.t);
    expect(await h.run(loader, { ...guest, as: client, path: "/setup" })).toMatchObject({ thrown: true, status: 302, location: "/" });
    expect(await h.run(action, { ...guest, as: client, path: "/setup", form: startupForm() })).toMatchObject({
      thrown: true,
      status: 302,
      location: "/",
    });
  });

  it("lets a member of another's team, who has no profile of their own, make one", async () => {
    const owner = await teamOwner(h.t);
    const member = await joinedMember(h.t, owner.client, "reviewer");
    const page = await h.run(loader, { ...guest, as: member.client, path: "/setup?type=co-founder" });
    expect(page).toMatchObject({ thrown: false, data: { type: "co-founder", user: { member: true } } });
    // The panel stays a link away, instead of a Log out as the only way on.
    const shown = renderPage(Setup, { ...guest, path: "/setup?type=co-founder", loaderData: page.data });
    expect(shown).toContain("Back to the panel");
    expect(shown).not.toContain("Log out");
    // The owner has one: their organization.
    expect(await h.run(loader, { ...guest, as: owner.client, path: "/setup" })).toMatchObject({ thrown: true, location: "/" });
  });

  it("an event's link opened before setting up a profile leads through /setup to that event", async () => {
    const { client } = await registered(h.t, "Link Follower");
    // Any admin page sends a member without a profile to /setup; the event form they came for rides along.
    expect(await h.run(applyLoader, { as: client, path: "/form-submission?form_id=5" })).toMatchObject({
      thrown: true,
      status: 302,
      location: "/setup?form_id=5",
    });
    expect(await h.run(applyLoader, { as: client, path: "/form-submission?form_id=nope" })).toMatchObject({ location: "/setup" });
  });

  it("greets the new account and offers the countries once a type is chosen", async () => {
    const { client, email } = await registered(h.t, "Grace Hopper");
    const picking = await h.run(loader, { ...guest, as: client, path: "/setup?form_id=12" });
    // No verification banner: the tests' API keeps mail in the outbox, so nobody could verify.
    expect(picking.data).toEqual({
      user: { name: "Grace Hopper", email, member: false },
      emailVerification: null,
      type: null,
      countries: [],
      formId: 12,
    });
    const startup = await h.run(loader, { ...guest, as: client, path: "/setup?type=startup" });
    expect(startup.data).toMatchObject({ type: "startup", formId: null });
    expect(startup.data.countries.length).toBeGreaterThan(100);
    expect(renderPage(Setup, { path: "/setup?type=startup", loaderData: startup.data })).toContain("Welcome, <!-- -->Grace Hopper");
  });

  it("answers a form it cannot accept with 422, the page's message and each field's error", async () => {
    const { client } = await registered(h.t);
    const refused = await h.run(action, {
      ...guest,
      as: client,
      path: "/setup?type=startup",
      form: startupForm({ username: "-x-", description: "" }),
    });
    expect(refused).toMatchObject({ thrown: false, status: 422, data: { message: STARTUP_FAILED } });
    expect(Object.keys(refused.data.result.error).sort()).toEqual(["description", "username"]);
    const page = (await h.run(loader, { ...guest, as: client, path: "/setup?type=startup" })).data;
    const html = renderPage(Setup, { path: "/setup?type=startup", loaderData: page, actionData: refused.data });
    expect(html).toContain(STARTUP_FAILED.replace("'", "&#x27;"));
    expect(html).toContain("The description field is required.");
  });

  it("sets the startup up and goes on to the form the user came for, with a toast; a taken username is the API's 422", async () => {
    const first = await registered(h.t);
    const form = startupForm();
    const done = await h.run(action, { ...guest, as: first.client, path: "/setup?type=startup&form_id=7", form });
    expect(done).toMatchObject({
      thrown: false,
      status: 302,
      location: `/setup/complete?next=${encodeURIComponent("/form-submission?form_id=7")}`,
    });
    expect(done.toast).toEqual({ type: "success", message: "Startup set up successfully. Redirecting to the admin panel..." });
    expect(await h.run(loader, { ...guest, as: first.client, path: "/setup" })).toMatchObject({ location: "/" });

    const second = await registered(h.t);
    const taken = await h.run(action, {
      ...guest,
      as: second.client,
      path: "/setup?type=startup",
      form: startupForm({ username: form.username }),
    });
    expect(taken).toMatchObject({ thrown: false, status: 422, data: { message: STARTUP_FAILED } });
    expect(taken.data.result.error).toEqual({ username: ["The username has already been taken."] });
  });

  it("sets a co-founder up and goes home", async () => {
    const { client } = await registered(h.t);
    const form = {
      account_type: "co-founder",
      name: "Ada",
      headline: "Engineer",
      skills: "TypeScript, Go",
      country: "KE",
      cityName: "Nairobi",
      bio: "Shipping things.",
    };
    const done = await h.run(action, { ...guest, as: client, path: "/setup?type=co-founder", form });
    expect(done).toMatchObject({ status: 302, location: `/setup/complete?next=${encodeURIComponent("/")}` });
    expect(done.toast?.message).toBe("Profile set up successfully. Redirecting to the admin panel...");
  });

  it("says under Skills that it is required when it is left empty or only commas", async () => {
    const { client } = await registered(h.t);
    const form = { account_type: "co-founder", name: "Ada", headline: "Engineer", country: "KE", cityName: "Nairobi", bio: "Shipping." };
    for (const skills of ["", " , ,"]) {
      const refused = await h.run(action, { ...guest, as: client, path: "/setup?type=co-founder", form: { ...form, skills } });
      expect(refused).toMatchObject({ thrown: false, status: 422 });
      expect(refused.data.result.error, JSON.stringify(skills)).toEqual({ skills: ["The skills field is required."] });
    }
  });
});

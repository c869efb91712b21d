import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyEmailFirst } from "#schemas/account-links";
import { VerifyEmailBanner } from "~/components/account/verify-email-banner";
import {
  coFounder,
  createEventForm,
  createRouteHarness,
  mailedToken,
  registered,
  renderPage,
  setUpStartupProfile,
  type RouteHarness,
} from "~/testing/route-harness";
import { loader as layoutLoader } from "../admin/layout";
import { action as startChat } from "../chat/start";
import { action as findAction } from "../co-founders/find";
import { action as draftsAction } from "../drafts/drafts";
import Setup, { loader as setupLoader } from "../setup/setup";
import { action as resendAction } from "./verify-email-resend";

/** With verified addresses required, the panel says why an unverified member is held back, and what to do. */

let h: RouteHarness;
beforeAll(async () => {
  h = await createRouteHarness({ requireVerifiedEmail: true });
});
afterAll(() => h.close());

describe("an unverified member, with verified addresses required", () => {
  it("sees the banner saying what waits, and the API's reason as a toast where a form was refused", async () => {
    const { client, email } = await registered(h.t, "Held Owner");
    await setUpStartupProfile(client);
    const layout = await h.run(layoutLoader, { as: client, path: "/" });
    expect(layout.data.emailVerification).toBe("required");
    // React's markers between text pieces ("<!-- -->") are not part of what is read.
    const banner = renderPage(() => <VerifyEmailBanner email={email} policy="required" />, {
      path: "/drafts",
      loaderData: null,
    }).replaceAll("<!-- -->", "");
    expect(banner).toContain(`Open the link we sent to ${email}.`);
    expect(banner).toContain("Until then you cannot publish an event form, send co-founder invitations or start a chat.");
    expect(banner).toContain('action="/verify-email"');
    expect(banner).toContain('name="redirectTo" value="/drafts"');

    const collection = (await client.post("/api/v1/admin/collections", { name: "Held" })).body.collection;
    const draft = await createEventForm(client, collection.id);
    const publish = await h.run(draftsAction, { as: client, path: "/drafts", form: { intent: "publish", id: String(draft.id) } });
    expect(publish).toMatchObject({ status: 302, location: "/drafts", toast: { type: "error", message: verifyEmailFirst("publish") } });

    const candidate = await coFounder(h.t);
    const coFounderId = String((await candidate.client.get("/api/user")).body.co_founder_id);
    const invite = await h.run(findAction, {
      as: client,
      path: "/co-founders/find",
      form: { intent: "invite", co_founder_id: coFounderId },
    });
    expect(invite).toMatchObject({ status: 302, toast: { type: "error", message: verifyEmailFirst("invite") } });

    const chat = await h.run(startChat, {
      as: client,
      path: "/chat/start",
      form: { user_id: String(candidate.id), redirectTo: `/co-founders/${coFounderId}` },
    });
    expect(chat).toMatchObject({ location: `/co-founders/${coFounderId}`, toast: { type: "error", message: verifyEmailFirst("chat") } });

    // Verified, the same form publishes.
    await client.post("/api/email/verify", { token: await mailedToken(h.t.database.db, email, "verify_email", "/verify-email/") });
    expect((await h.run(layoutLoader, { as: client, path: "/" })).data.emailVerification).toBeNull();
    const published = await h.run(draftsAction, { as: client, path: "/drafts", form: { intent: "publish", id: String(draft.id) } });
    expect(published.toast).toMatchObject({ type: "success" });
  });

  it("sees the banner on /setup too, and its Resend comes back there", async () => {
    const { client, email } = await registered(h.t, "Fresh Member");
    const setup = await h.run(setupLoader, { layout: "guest", as: client, path: "/setup?type=startup" });
    expect(setup.data).toMatchObject({ user: { email }, emailVerification: "required" });
    const page = renderPage(Setup, { path: "/setup?type=startup", loaderData: setup.data }).replaceAll("<!-- -->", "");
    expect(page).toContain(`Open the link we sent to ${email}.`);
    expect(page).toContain('name="redirectTo" value="/setup?type=startup"');
    // Resend is outside the admin layout, which sends a member without a profile to /setup first.
    const resent = await h.run(resendAction, {
      layout: "guest",
      as: client,
      path: "/verify-email",
      form: { redirectTo: "/setup?type=startup" },
    });
    expect(resent).toMatchObject({ status: 302, location: "/setup?type=startup", toast: { type: "success" } });
  });
});

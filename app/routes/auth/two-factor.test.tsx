import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { INVALID_TOTP_CODE, PENDING_LOGIN_EXPIRED } from "#schemas/two-factor";
import { createRouteHarness, enableTwoFactor, registered, renderPage, totpCode, type RouteHarness } from "~/testing/route-harness";
import { action as loginAction } from "./login";
import TwoFactorChallenge, { action, loader } from "./two-factor";

const PASSWORD = "correct horse battery";
const STEP = "/login/two-factor?redirectTo=%2Fsettings";

let h: RouteHarness;
beforeAll(async () => {
  h = await createRouteHarness();
});
afterAll(() => h.close());

/** A user with two-factor on whose password was just right: their browser holds the sign-in waiting for its code. */
async function waitingForCode() {
  const account = await registered(h.t);
  const enabled = await enableTwoFactor(account.client);
  await account.client.post("/api/logout");
  const browser = h.t.client();
  expect((await browser.post("/api/login", { email: account.email, password: PASSWORD })).body).toEqual({ two_factor: true });
  return { ...account, ...enabled, browser };
}

describe("/login/two-factor", () => {
  it("the login form sends a two-factor account to the second step, keeping where it was headed", async () => {
    const { email } = await waitingForCode();
    const answer = await h.run(loginAction, {
      as: h.t.client(),
      path: "/login?redirectTo=%2Fsettings",
      layout: "guest",
      form: { email, password: PASSWORD, redirectTo: "/settings" },
    });
    expect(answer).toMatchObject({ thrown: true, status: 302, location: STEP });
  });

  it("shows the code form, refuses a wrong code on its field and signs in with the right one", async () => {
    const { browser, secret } = await waitingForCode();
    expect((await h.run(loader, { as: browser, path: STEP, layout: "guest" })).data).toBeNull();

    const wrong = await h.run(action, { as: browser, path: STEP, layout: "guest", form: { code: "000000", redirectTo: "/settings" } });
    expect(wrong.status).toBe(422);
    expect(wrong.data.result.error).toEqual({ code: [INVALID_TOTP_CODE] });
    const html = renderPage(TwoFactorChallenge, { path: STEP, loaderData: null, actionData: wrong.data });
    expect(html).toContain(INVALID_TOTP_CODE.replaceAll("'", "&#x27;"));
    expect(html).toContain('name="recovery_code"');

    const right = await h.run(action, {
      as: browser,
      path: STEP,
      layout: "guest",
      form: { code: await totpCode(secret, 1), redirectTo: "/settings" },
    });
    expect(right).toMatchObject({ status: 302, location: "/settings" });
  });

  it("a recovery code signs in; a redirect elsewhere is not followed", async () => {
    const { browser, recoveryCodes } = await waitingForCode();
    const answer = await h.run(action, {
      as: browser,
      path: STEP,
      layout: "guest",
      form: { recovery_code: recoveryCodes[0], redirectTo: "https://evil.example/" },
    });
    expect(answer).toMatchObject({ status: 302, location: "/" });
  });

  it("without a sign-in waiting (never started, or expired), back to the first step, saying why when a code was sent", async () => {
    const stranger = h.t.client();
    expect(await h.run(loader, { as: stranger, path: STEP, layout: "guest" })).toMatchObject({
      status: 302,
      location: "/login?redirectTo=%2Fsettings",
    });
    const sent = await h.run(action, { as: stranger, path: STEP, layout: "guest", form: { code: "123456", redirectTo: "/settings" } });
    expect(sent).toMatchObject({
      status: 302,
      location: "/login?redirectTo=%2Fsettings",
      toast: { type: "error", message: PENDING_LOGIN_EXPIRED },
    });
  });
});

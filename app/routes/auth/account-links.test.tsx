import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  EMAIL_CHANGED,
  EMAIL_VERIFIED,
  LINK_INVALID,
  PASSWORD_RESET_DONE,
  RESET_LINK_SENT,
  emailChangePending,
  verificationSent,
} from "#schemas/account-links";
import {
  createRouteHarness,
  enableTwoFactor,
  mailedToken,
  registered,
  renderPage,
  setUpStartupProfile,
  type RouteHarness,
} from "~/testing/route-harness";
import { loader as accountLoader } from "../account/account";
import { loader as layoutLoader } from "../admin/layout";
import ConfirmEmail, { action as confirmAction, loader as confirmLoader } from "./confirm-email";
import ForgotPassword, { action as forgotAction } from "./forgot-password";
import ResetPassword, { action as resetAction, loader as resetLoader } from "./reset-password";
import VerifyEmail, { action as verifyAction, loader as verifyLoader } from "./verify-email";
import { action as resendAction } from "./verify-email-resend";

/** The pages a mailed link opens, their actions, and the banner's Resend, against the API in this process. */

let h: RouteHarness;
beforeAll(async () => {
  h = await createRouteHarness();
});
afterAll(() => h.close());

const NEW_PASSWORD = "a whole new passphrase";
const guest = { layout: "guest" as const };
const token = (email: string, kind: string, path: string) => mailedToken(h.t.database.db, email, kind, path);

describe("/forgot-password", () => {
  it("answers an address with an account and one without alike, on the page itself", async () => {
    const { email } = await registered(h.t);
    const known = await h.run(forgotAction, { ...guest, as: null, path: "/forgot-password", form: { email } });
    const unknown = await h.run(forgotAction, { ...guest, as: null, path: "/forgot-password", form: { email: "nobody@example.com" } });
    expect(known).toMatchObject({ status: 200, data: { message: RESET_LINK_SENT, sent: true } });
    expect(unknown.data.message).toBe(known.data.message);
    const html = renderPage(ForgotPassword, { path: "/forgot-password", loaderData: null, actionData: known.data });
    expect(html).toContain(RESET_LINK_SENT);
    expect(html).toContain('action="/forgot-password"');
  });
});

describe("/reset-password/{token}", () => {
  it("shows the form for a working link, sets the password, and lands signed in with a toast", async () => {
    const { email } = await registered(h.t);
    await h.run(forgotAction, { ...guest, as: null, path: "/forgot-password", form: { email } });
    const params = { token: await token(email, "password_reset", "/reset-password/") };
    const path = `/reset-password/${params.token}`;
    const page = await h.run(resetLoader, { ...guest, as: null, path, params });
    expect(page).toMatchObject({ status: 200, data: { valid: true } });
    expect(renderPage(ResetPassword, { path, loaderData: page.data })).toContain("Set new password");

    const short = await h.run(resetAction, {
      ...guest,
      as: null,
      path,
      params,
      form: { password: "short", password_confirmation: "short" },
    });
    expect(short.status).toBe(422);
    const done = await h.run(resetAction, {
      ...guest,
      as: null,
      path,
      params,
      form: { password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD },
    });
    expect(done).toMatchObject({ status: 302, location: "/", toast: { type: "success", message: PASSWORD_RESET_DONE } });
  });

  it("with two-factor sign-in on, lands on the second step of signing in", async () => {
    const { client, email } = await registered(h.t);
    await enableTwoFactor(client);
    await h.run(forgotAction, { ...guest, as: null, path: "/forgot-password", form: { email } });
    const params = { token: await token(email, "password_reset", "/reset-password/") };
    const done = await h.run(resetAction, {
      ...guest,
      as: null,
      path: `/reset-password/${params.token}`,
      params,
      form: { password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD },
    });
    expect(done).toMatchObject({ status: 302, location: "/login/two-factor", toast: { type: "success", message: PASSWORD_RESET_DONE } });
  });

  it("shows the one invalid-link page, with the way to a new link, for an unknown or used link", async () => {
    const params = { token: "never-issued" };
    const page = await h.run(resetLoader, { ...guest, as: null, path: "/reset-password/never-issued", params });
    expect(page).toMatchObject({ thrown: false, status: 404, data: { valid: false } });
    const html = renderPage(ResetPassword, { path: "/reset-password/never-issued", loaderData: page.data });
    expect(html).toContain(LINK_INVALID);
    expect(html).toContain('href="/forgot-password"');
    expect(html).not.toContain("Set new password");
    const used = await h.run(resetAction, {
      ...guest,
      as: null,
      path: "/reset-password/never-issued",
      params,
      form: { password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD },
    });
    expect(used).toMatchObject({ status: 404, data: { invalid: true } });
    expect(renderPage(ResetPassword, { path: "/reset-password/x", loaderData: { valid: true }, actionData: used.data })).toContain(
      LINK_INVALID,
    );
  });
});

describe("/verify-email/{token} and the banner", () => {
  it("the banner shows while unverified; Resend comes back with a toast; the link's button verifies and the banner goes", async () => {
    const { client, email } = await registered(h.t);
    await setUpStartupProfile(client);
    // The tests' API keeps mail in the outbox and requires nothing: nobody could verify, so no banner.
    expect((await h.run(layoutLoader, { as: client, path: "/" })).data).toMatchObject({ emailVerification: null });

    const resent = await h.run(resendAction, { as: client, path: "/verify-email", form: { redirectTo: "/account?tab=1" } });
    expect(resent).toMatchObject({ status: 302, location: "/account?tab=1", toast: { type: "success", message: verificationSent(email) } });
    const away = await h.run(resendAction, { as: client, path: "/verify-email", form: { redirectTo: "https://evil.example/" } });
    expect(away.location).toBe("/");

    const params = { token: await token(email, "verify_email", "/verify-email/") };
    const path = `/verify-email/${params.token}`;
    const page = await h.run(verifyLoader, { ...guest, as: client, path, params });
    expect(renderPage(VerifyEmail, { path, loaderData: page.data })).toContain("Verify my email address");
    const verified = await h.run(verifyAction, { ...guest, as: client, path, params, form: {} });
    expect(verified).toMatchObject({ status: 302, location: "/", toast: { message: EMAIL_VERIFIED } });
    const again = await h.run(verifyLoader, { ...guest, as: client, path, params });
    expect(renderPage(VerifyEmail, { path, loaderData: again.data })).toContain(LINK_INVALID);
  });

  it("a visitor who is not logged in goes to the login page after verifying", async () => {
    const { email } = await registered(h.t);
    const params = { token: await token(email, "verify_email", "/verify-email/") };
    const verified = await h.run(verifyAction, { ...guest, as: null, path: `/verify-email/${params.token}`, params, form: {} });
    expect(verified).toMatchObject({ status: 302, location: "/login", toast: { message: EMAIL_VERIFIED } });
  });
});

describe("/confirm-email/{token}", () => {
  it("/account shows the address waiting; the link's button applies it and comes back to /account", async () => {
    const { client, email } = await registered(h.t);
    await setUpStartupProfile(client);
    const next = `moved.${email}`;
    const asked = await client.put("/api/user", { name: "Mover", email: next, current_password: "correct horse battery" });
    expect(asked.body.message).toBe(emailChangePending(next));
    expect((await h.run(accountLoader, { as: client, path: "/account" })).data.pendingEmail).toMatchObject({ pending_email: next });

    const params = { token: await token(next, "email_change_confirm", "/confirm-email/") };
    const path = `/confirm-email/${params.token}`;
    const page = await h.run(confirmLoader, { ...guest, as: client, path, params });
    expect(renderPage(ConfirmEmail, { path, loaderData: page.data })).toContain("Confirm my new address");
    const confirmed = await h.run(confirmAction, { ...guest, as: client, path, params, form: {} });
    expect(confirmed).toMatchObject({ status: 302, location: "/account", toast: { message: EMAIL_CHANGED } });
    expect((await h.run(accountLoader, { as: client, path: "/account" })).data.pendingEmail).toMatchObject({ pending_email: null });
    const used = await h.run(confirmLoader, { ...guest, as: null, path, params });
    expect(renderPage(ConfirmEmail, { path, loaderData: used.data })).toContain('href="/account"');
  });
});

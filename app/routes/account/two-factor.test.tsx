import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RECOVERY_CODE_COUNT, TWO_FACTOR_OFF, TWO_FACTOR_ON, TWO_FACTOR_SETUP_STARTED } from "#schemas/two-factor";
import { coFounder, createRouteHarness, registered, renderPage, superAdmin, totpCode, type RouteHarness } from "~/testing/route-harness";
import { loader as setupLoader } from "~/routes/setup/setup";
import Account, { action, loader } from "./account";

const PASSWORD = "correct horse battery";

describe("two-factor on /account, JavaScript off", () => {
  let h: RouteHarness;
  beforeAll(async () => {
    h = await createRouteHarness();
  });
  afterAll(() => h.close());

  const page = async (as: Parameters<RouteHarness["run"]>[1]["as"], actionData?: unknown) => {
    const loaded = await h.run(loader, { as, path: "/account" });
    return { data: loaded.data, html: renderPage(Account, { path: "/account", loaderData: loaded.data, actionData }) };
  };

  it("sets it up with the QR code and the secret, turns on with a code and the password, shows the codes once, turns off", async () => {
    const { client } = await coFounder(h.t);
    expect((await page(client)).html).toContain("Set up two-factor authentication");

    const started = await h.run(action, { as: client, path: "/account", form: { intent: "two-factor-start" } });
    expect(started).toMatchObject({ status: 302, location: "/account", toast: { type: "success", message: TWO_FACTOR_SETUP_STARTED } });
    const waiting = await page(client);
    const secret: string = waiting.data.twoFactor.setup.secret;
    expect(waiting.html).toContain('role="img" aria-label="QR code to add Launchpad to your authenticator app"');
    expect(waiting.html).toContain("<svg");
    expect(waiting.html).toContain(secret.match(/.{4}/g)!.join(" "));

    const wrong = await h.run(action, {
      as: client,
      path: "/account",
      form: { intent: "two-factor-confirm", code: "000000", current_password: PASSWORD },
    });
    expect(wrong.status).toBe(422);
    expect(wrong.data.result.error.code[0]).toMatch(/not valid/);

    const on = await h.run(action, {
      as: client,
      path: "/account",
      form: { intent: "two-factor-confirm", code: await totpCode(secret), current_password: PASSWORD },
    });
    expect(on.status).toBe(200);
    expect(on.data).toMatchObject({ intent: "two-factor-confirm", message: TWO_FACTOR_ON });
    expect(on.data.recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    const shown = await page(client, on.data);
    for (const code of on.data.recoveryCodes) expect(shown.html).toContain(`<li>${code}</li>`);
    expect(shown.html).toContain('download="launchpad-recovery-codes.txt"');
    // Shown once: the next visit has the status, not the codes.
    const later = await page(client);
    expect(later.html).toContain(`${RECOVERY_CODE_COUNT} of ${RECOVERY_CODE_COUNT} recovery codes left.`);
    expect(later.html).not.toContain(on.data.recoveryCodes[0]);

    const off = await h.run(action, {
      as: client,
      path: "/account",
      form: { intent: "two-factor-disable", current_password: PASSWORD, recovery_code: on.data.recoveryCodes[0] },
    });
    expect(off).toMatchObject({ status: 302, toast: { message: TWO_FACTOR_OFF } });
    expect((await page(client)).data.twoFactor.enabled).toBe(false);
  });
});

describe("REQUIRE_2FA_FOR_ADMINS in the panel", () => {
  let h: RouteHarness;
  beforeAll(async () => {
    h = await createRouteHarness({ requireTwoFactorForAdmins: true });
  });
  afterAll(() => h.close());

  it("sends a super admin without it to /account from every other page, and shows only its setup there", async () => {
    const admin = await superAdmin(h.t);
    for (const path of ["/", "/user-management/users", "/settings"]) {
      expect(await h.run(loader, { as: admin.client, path })).toMatchObject({ thrown: true, status: 302, location: "/account" });
    }
    expect(await h.run(setupLoader, { as: admin.client, path: "/setup", layout: "guest" })).toMatchObject({ location: "/account" });
    const account = await h.run(loader, { as: admin.client, path: "/account" });
    expect(account.data.twoFactorFirst).toBe(true);
    const html = renderPage(Account, { path: "/account", loaderData: account.data });
    expect(html).toContain("Your role requires two-factor authentication.");
    expect(html).not.toContain("Save profile");
  });

  it("lets a user whose role does not require it go anywhere", async () => {
    const { client } = await registered(h.t);
    // Not set up yet: the usual way to /setup, not to /account.
    expect(await h.run(loader, { as: client, path: "/settings" })).toMatchObject({ location: "/setup" });
  });
});

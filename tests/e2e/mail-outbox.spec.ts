import { expectNoSeriousViolations } from "./a11y";
import { adminRequest, apiCall, expect, registerUser, setUpStartup, test, toast } from "./fixtures";
import { latestMailTo, linkIn } from "./mailbox";

/**
 * The mail outbox, as a super admin uses it: send a test message, find it delivered to the (fake) mail
 * server and listed as sent, read it (the text with working links, the HTML in a sandboxed frame), in both
 * themes; with JavaScript on and off. Anyone else is refused.
 */
for (const javaScriptEnabled of [true, false]) {
  test.describe(`the mail outbox, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("a super admin sends a test message, sees it sent, and reads it", async ({ page, context, playwright, baseURL }) => {
      // Two screens in two themes (four axe passes) and a mail's round trip: past the default on a shared 2-core machine.
      const me = await registerUser(context, "Olive Outbox");
      await setUpStartup(context);
      const admin = await adminRequest(playwright, baseURL!);
      const { data: roles } = await admin.call("GET", "/api/v1/admin/roles?search=super%20admin");
      await admin.call("PUT", `/api/v1/admin/users/${me.id}/roles`, { roles: [roles[0].id] });
      await admin.dispose();

      await page.goto("/user-management/outbox");
      await expect(page.getByRole("heading", { name: "Mail outbox" })).toBeVisible();
      await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Mail outbox" })).toBeVisible();
      if (javaScriptEnabled) await expectNoSeriousViolations(page, "/user-management/outbox");

      await page.getByRole("button", { name: "Send me a test message" }).click();
      if (javaScriptEnabled) await expect(toast(page, "Test message queued")).toBeVisible();
      await expect(page).toHaveURL(/\/user-management\/outbox$/);

      // Delivered to the mail server, with a link into the app that works.
      // Registering mailed a verification link too: the test message is the one to read.
      const mail = await latestMailTo(me.email, (received) => received.subject === "Launchpad test message");
      expect(mail.subject).toBe("Launchpad test message");
      expect(mail.headers["message-id"]).toContain(mail.messageId);
      await page.goto(linkIn(mail, "/dashboard"));
      await expect(page).toHaveURL(/\/dashboard$/);

      // Listed as sent (the sender marks it right after the server took it).
      await page.goto(`/user-management/outbox?search=${encodeURIComponent(me.email)}`);
      const row = page.locator("tbody tr").first();
      await expect(async () => {
        await page.reload();
        await expect(row).toContainText("Sent", { timeout: 1_000 });
      }).toPass({ timeout: 15_000 });
      await expect(row).toContainText(me.email);

      await row.getByRole("link", { name: "Launchpad test message" }).click();
      await expect(page.getByRole("heading", { name: "Launchpad test message" })).toBeVisible();
      await expect(page.getByText("Mail from Launchpad works").first()).toBeVisible();
      const link = page.getByRole("link", { name: /\/dashboard$/ }).first();
      await expect(link).toHaveAttribute("href", /^http:\/\/localhost:\d+\/dashboard$/);
      const frame = page.locator('iframe[title^="The message"]');
      // No scripts or forms in the frame; its links open a new tab, as in a mail client.
      await expect(frame).toHaveAttribute("sandbox", "allow-popups allow-popups-to-escape-sandbox");
      const framed = page.frameLocator('iframe[title^="The message"]');
      await expect(framed.getByText("Mail from Launchpad works")).toBeVisible();
      const opened = context.waitForEvent("page");
      await framed.getByRole("link", { name: "Open Launchpad" }).click();
      const tab = await opened;
      await expect(tab).toHaveURL(/\/dashboard$/);
      await tab.close();
      if (javaScriptEnabled) await expectNoSeriousViolations(page, "/user-management/outbox/:id");

      // The dark theme, on both screens.
      await apiCall(context, "PUT", "/api/v1/admin/settings", {
        time_zone: "UTC",
        date_format: "medium",
        theme: "dark",
        layout: "auto",
        notifications: [],
      });
      await page.reload();
      await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
      if (javaScriptEnabled) await expectNoSeriousViolations(page, "/user-management/outbox/:id (dark)");
      await page.goto("/user-management/outbox?search=nobody-writes-to-this-address");
      await expect(page.getByText("No messages")).toBeVisible();
      await page.goto("/user-management/outbox");
      if (javaScriptEnabled) await expectNoSeriousViolations(page, "/user-management/outbox (dark)");
    });
  });
}

test("anyone but a super admin is refused the outbox and does not see it in the menu", async ({ page, context }) => {
  await registerUser(context, "Nosy Parker");
  await setUpStartup(context);
  await page.goto("/user-management/outbox");
  await expect(page.getByTestId("error-status")).toHaveText("403");
  await page.goto("/");
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Mail outbox" })).toHaveCount(0);
});

/**
 * Webhooks as an organization's owner sets them up on /webhooks: an endpoint on a receiver of their own, its
 * secret shown once, a test event sent, seen in the deliveries with what was sent and answered, redelivered
 * with the same message id, and verified as any receiver would (the Standard Webhooks library).
 */
import { Webhook } from "standardwebhooks";
import { startReceiver } from "../../api/testing/webhook-receiver";
import { expectNoSeriousViolationsInBothThemes } from "./a11y";
import { expect, said, test } from "./fixtures";

for (const javaScriptEnabled of [true, false]) {
  test.describe(`Webhooks, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("add an endpoint, send a test event, see it delivered, redeliver it, turn it off", async ({ page, startupUser: _owner }) => {
      const receiver = await startReceiver();
      try {
        await page.goto("/");
        await page.getByRole("navigation").getByRole("link", { name: "Webhooks" }).click();
        await expect(page.getByRole("heading", { name: "Webhooks", level: 1 })).toBeVisible();
        await expect(page.getByText("No webhook endpoints")).toBeVisible();
        if (javaScriptEnabled) await expectNoSeriousViolationsInBothThemes(page, "/webhooks");

        // A URL that is not one is refused beside its field, and what was typed stays.
        await page.getByLabel("URL").fill("ftp://example.com/in");
        await page.getByLabel("Description (optional)").fill("CRM sync");
        await page.getByRole("button", { name: "Add endpoint" }).click();
        await expect(page.getByText("The url field must be a valid URL starting with https://.")).toBeVisible();
        await expect(page.getByLabel("Description (optional)")).toHaveValue("CRM sync");

        await page.getByLabel("URL").fill(receiver.url);
        await page.getByRole("checkbox", { name: /^member\.removed/ }).uncheck();
        await page.getByRole("button", { name: "Add endpoint" }).click();
        const secret = await page.getByTestId("webhook-secret").inputValue();
        expect(secret).toMatch(/^whsec_/);
        // A reload shows the list: the secret is not shown again, and no second endpoint was added.
        await page.reload();
        await expect(page.getByTestId("webhook-secret")).toHaveCount(0);
        await expect(page.getByRole("row").filter({ hasText: receiver.url })).toHaveCount(1);

        const row = page.getByRole("row").filter({ hasText: receiver.url });
        await expect(row).toContainText("CRM sync");
        await expect(row).toContainText("On");
        await expect(row).not.toContainText("member.removed");
        await row.getByRole("link", { name: `Deliveries of ${receiver.url}` }).click();
        await expect(page.getByRole("heading", { name: receiver.url })).toBeVisible();
        await expect(page.getByText("No deliveries yet")).toBeVisible();

        await page.getByRole("button", { name: "Send test event" }).click();
        await said(page, javaScriptEnabled, "Test event queued.");
        const delivery = page.getByRole("listitem").filter({ hasText: "webhook.test" });
        // With JavaScript the page follows the delivery until it settles; without, "Refresh" shows it.
        await expect(async () => {
          if (!javaScriptEnabled) await page.getByRole("link", { name: "Refresh" }).click();
          await expect(delivery).toContainText("Delivered", { timeout: 1000 });
        }).toPass();
        await expect(delivery).toContainText("HTTP 200");
        await delivery.getByText(/what was sent and answered/).click();
        await expect(delivery.getByText('"type":"webhook.test"')).toBeVisible();
        await expect(delivery.getByText("answer 200")).toBeVisible();
        if (javaScriptEnabled) await expectNoSeriousViolationsInBothThemes(page, "/webhooks/{id}");

        // What the receiver got verifies with the secret shown once, as any receiver would check it.
        expect(receiver.calls).toHaveLength(1);
        const [first] = receiver.calls;
        const verified = new Webhook(secret).verify(first.body, first.headers as Record<string, string>) as { type: string };
        expect(verified.type).toBe("webhook.test");

        await delivery.getByRole("button", { name: /^Redeliver webhook\.test/ }).click();
        await said(page, javaScriptEnabled, "Delivery queued again.");
        await expect.poll(() => receiver.calls.length).toBe(2);
        expect(receiver.calls[1].headers["webhook-id"]).toBe(first.headers["webhook-id"]);

        await page.getByRole("button", { name: "Turn off" }).click();
        await said(page, javaScriptEnabled, "Webhook updated.");
        await expect(page.getByText("Off", { exact: true })).toBeVisible();

        // A new secret is shown once on the endpoint's page, and a reload does not rotate it again.
        await page.getByRole("button", { name: "Rotate secret" }).click();
        const rotated = await page.getByTestId("webhook-secret").inputValue();
        expect(rotated).toMatch(/^whsec_/);
        expect(rotated).not.toBe(secret);
        await page.reload();
        await expect(page.getByTestId("webhook-secret")).toHaveCount(0);
        await expect(page.getByText(/The previous secret signs too until/)).toBeVisible();
      } finally {
        await receiver.close();
      }
    });
  });
}

import { apiCall, expect, publishedPaidForm, test, toast } from "./fixtures";
import { expectNoSeriousViolations } from "./a11y";
import { payerWithBilling, takenBySandbox } from "./sandbox";

let serial = 0;
const unique = () => `${Date.now().toString(36)}${process.pid}${++serial}`;

for (const javaScriptEnabled of [true, false]) {
  test.describe(`a payment the billing did not accept, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("is shown with why, and given back whole from the payments screen", async ({ page, context, browser, baseURL, startupUser }) => {
      expect(startupUser.id).toBeTruthy();
      const form = await publishedPaidForm(context, { title: `Founder dinner ${unique()}`, price: "25.00", currency: "USD" });
      const late = await payerWithBilling(browser, baseURL!, form.id, "Lara Late");
      // The provider takes the money; the owner cancels the billing before the payer is back to have it applied.
      const paymentId = await takenBySandbox(late.payer, late.paymentUrl);
      await apiCall(context, "PUT", `/api/v1/admin/event_billings/${late.billing.id}/change_status`, { status: "Cancelled" });
      const answer = await apiCall(late.payer, "POST", "/api/v1/admin/event_billings/verify_payment", { connect_pay_id: paymentId });
      expect(answer.payment_status).toBe("Failed");

      await page.goto(`/event-forms/payments/${form.id}?billing=${late.billing.id}`);
      const payment = page.getByTestId("billing-details").getByTestId("unapplied-payment");
      await expect(payment).toContainText("USD 25.00 through sandbox");
      await expect(payment).toContainText("This billing is no longer open for payment.");
      if (javaScriptEnabled) {
        for (const colorScheme of ["light", "dark"] as const) {
          await page.emulateMedia({ colorScheme });
          await expectNoSeriousViolations(page, `/event-forms/payments/{id} with a payment not applied (${colorScheme})`);
        }
        await page.emulateMedia({ colorScheme: null });
      }
      const refund = payment.getByRole("form", { name: "Refund USD 25.00" });
      await expect(refund.getByLabel("Reason")).toHaveValue("This billing is no longer open for payment.");
      await refund.getByRole("button", { name: "Refund USD 25.00" }).click();
      // Asked first, with the whole payment's amount.
      const confirmation = page.getByTestId("refund-confirmation");
      await expect(confirmation.getByRole("heading")).toHaveText("Refund USD 25.00 to Lara Late?");
      await confirmation.getByRole("button", { name: "Yes, refund USD 25.00" }).click();
      const said = "Refunded USD 25.00 to Lara Late.";
      await (javaScriptEnabled ? expect(toast(page, said)).toBeVisible() : expect(page.getByTestId("flash-notice")).toHaveText(said));
      await expect(payment).toContainText("refunded");
      await expect(refund).toHaveCount(0);
      // The billing keeps its own status; the history says what was given back.
      await expect(page.getByTestId(`billing-${late.billing.id}`)).toContainText("Cancelled");
      const history = page.getByTestId("status-change").filter({
        hasText: "Refunded USD 25.00, a payment that was not applied: This billing is no longer open for payment.",
      });
      await expect(history).toContainText("Cancelled → Cancelled");
      await late.payer.close();
    });
  });
}

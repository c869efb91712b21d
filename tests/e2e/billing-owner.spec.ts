import type { Browser, BrowserContext } from "@playwright/test";
import {
  apiCall,
  expect,
  publishedEventForm,
  publishedPaidForm,
  registerUser,
  setUpCoFounder,
  setUpStartup,
  test,
  toast,
} from "./fixtures";
import { expectNoSeriousViolations } from "./a11y";
import { PHONE, payerWithBilling, payInSandbox } from "./sandbox";
import { BILLING_STATUSES } from "#schemas/billing";

let serial = 0;
const unique = () => `${Date.now().toString(36)}${process.pid}${++serial}`;

/** The owner's paid form (USD 25.00, a 20% coupon) with Paula's pending billing and Sam's paid one (coupon used). */
async function formWithTwoBillings(owner: BrowserContext, browser: Browser, baseURL: string) {
  const title = `Growth workshop ${unique()}`;
  const form = await publishedPaidForm(owner, { title, price: "25.00", currency: "USD" });
  const code = `OWN${unique().toUpperCase()}`;
  await apiCall(owner, "POST", "/api/v1/admin/coupon_codes", {
    code,
    discount_type: "percentage",
    value: "20",
    event_form_id: form.id,
    is_active: true,
  });
  const paula = await payerWithBilling(browser, baseURL, form.id, "Paula Pending");
  const sam = await payerWithBilling(browser, baseURL, form.id, "Sam Successful", { coupon_code: code });
  await payInSandbox(sam.payer, sam.paymentUrl);
  return { title, form, code, paula, sam };
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`owner's payments screen, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("find the payments from the event forms, with totals, status filter, search and sort", async ({
      page,
      context,
      browser,
      baseURL,
      startupUser,
    }) => {
      expect(startupUser.id).toBeTruthy();
      const { title, form, code, paula, sam } = await formWithTwoBillings(context, browser, baseURL!);

      await page.goto("/event-forms");
      await page.getByTestId(`event-form-${form.id}`).getByRole("link", { name: "Payments" }).click();
      await expect(page).toHaveURL(new RegExp(`/event-forms/payments/${form.id}$`));
      await expect(page.getByRole("heading", { name: `Payments: ${title}` })).toBeVisible();
      await expect(page.getByTestId("total-billings")).toContainText("2");
      await expect(page.getByTestId("total-successful")).toContainText("1");
      await expect(page.getByTestId("total-pending")).toContainText("1");
      await expect(page.getByTestId("total-amount-collected")).toContainText("USD 20.00");
      await expect(page.getByTestId("total-discounts-given")).toContainText("USD 5.00");

      const paulaRow = page.getByTestId(`billing-${paula.billing.id}`);
      const samRow = page.getByTestId(`billing-${sam.billing.id}`);
      await expect(paulaRow).toContainText("Paula Pending");
      await expect(paulaRow).toContainText(paula.user.email);
      await expect(paulaRow).toContainText("USD 25.00");
      await expect(paulaRow).toContainText("Pending");
      await expect(samRow).toContainText(code);
      await expect(samRow).toContainText("USD 5.00");
      await expect(samRow).toContainText("USD 20.00");
      await expect(samRow).toContainText("Successful");

      // Filter by status: only the pending billing is left, and the export link carries the filter.
      await page.getByLabel("Filter by payment status").selectOption("Pending");
      await page.getByRole("button", { name: "Search" }).click();
      await expect(page).toHaveURL(/payment_status=Pending/);
      await expect(samRow).toHaveCount(0);
      await expect(paulaRow).toBeVisible();
      const exportHref = await page.getByRole("link", { name: "Export CSV" }).getAttribute("href");
      expect(exportHref).toContain(`/api/v1/admin/event_billings/${form.id}/all.csv?`);
      expect(new URL(exportHref!, baseURL).searchParams.get("payment_status")).toBe("Pending");
      const csv = await (await context.request.get(exportHref!)).text();
      expect(csv).toContain(paula.user.email);
      expect(csv).not.toContain(sam.user.email);

      await page.getByLabel("Filter by payment status").selectOption("Refunded");
      await page.getByRole("button", { name: "Search" }).click();
      await expect(page.getByText("No payments match")).toBeVisible();

      // Search by email, then sort by total.
      await page.getByLabel("Filter by payment status").selectOption("");
      await page.getByRole("searchbox", { name: "Search payments" }).fill(sam.user.email);
      await page.getByRole("button", { name: "Search" }).click();
      await expect(samRow).toBeVisible();
      await expect(paulaRow).toHaveCount(0);
      await page.goto(`/event-forms/payments/${form.id}`);
      await page.getByRole("link", { name: "Total", exact: true }).click();
      await expect(page.getByRole("columnheader", { name: "Total", exact: true })).toHaveAttribute("aria-sort", "ascending");
      await expect(page.locator("tbody tr").first()).toHaveAttribute("data-testid", `billing-${sam.billing.id}`);
      await page.getByRole("link", { name: "Total", exact: true }).click();
      await expect(page.getByRole("columnheader", { name: "Total", exact: true })).toHaveAttribute("aria-sort", "descending");
      await expect(page.locator("tbody tr").first()).toHaveAttribute("data-testid", `billing-${paula.billing.id}`);

      await paula.payer.close();
      await sam.payer.close();
    });

    test("open a billing's details and change its status", async ({ page, context, browser, baseURL, startupUser }) => {
      const { form, paula, sam } = await formWithTwoBillings(context, browser, baseURL!);
      await page.goto(`/event-forms/payments/${form.id}`);
      const paulaRow = page.getByTestId(`billing-${paula.billing.id}`);
      const samRow = page.getByTestId(`billing-${sam.billing.id}`);

      // The provider's change shows as such in the paid billing's history.
      await samRow.getByRole("link", { name: "Show details for Sam Successful" }).click();
      const details = page.getByTestId("billing-details");
      await expect(details.getByRole("heading", { name: "Payment details: Sam Successful" })).toBeVisible();
      await expect(details.getByTestId("status-change").filter({ hasText: "Pending → Successful" })).toContainText("Payment provider");

      // Paula's billing: full details, history, and the owner cancels it.
      await paulaRow.getByRole("link", { name: "Show details for Paula Pending" }).click();
      await expect(page).toHaveURL(new RegExp(`billing=${paula.billing.id}`));
      await expect(details.getByRole("heading", { name: "Payment details: Paula Pending" })).toBeVisible();
      await expect(details).toContainText(PHONE);
      await expect(details).toContainText("12 Herbert Macaulay Way, Yaba");
      await expect(details).toContainText("Lagos");
      await expect(details).toContainText("Nigeria");
      await expect(details.getByTestId("status-change")).toHaveCount(1);
      await expect(details.getByTestId("status-change").first()).toContainText("New → Pending");
      await expect(details.getByTestId("status-change").first()).toContainText("Paula Pending");

      // Every status a billing can have is listed; the one only a refund sets is there, and cannot be picked.
      const statusSelect = details.getByLabel("Payment status", { exact: true });
      await expect(statusSelect.locator("option")).toHaveText(["Choose a status", ...BILLING_STATUSES]);
      await expect(statusSelect.getByRole("option", { name: "Partially refunded" })).toBeDisabled();
      await details.getByLabel("Payment status", { exact: true }).selectOption("Cancelled");
      await details.getByRole("button", { name: "Save" }).click();
      if (javaScriptEnabled) await expect(toast(page, "Payment status updated.")).toBeVisible();
      await expect(paulaRow).toContainText("Cancelled");
      const change = details.getByTestId("status-change").filter({ hasText: "Pending → Cancelled" });
      await expect(change).toContainText(startupUser.name);
      await expect(change).toContainText("Changed by the event owner.");
      await expect(page.getByTestId("total-pending")).toContainText("0");

      // No status chosen: the field's error (from the server when JavaScript is off).
      await details.getByLabel("Payment status", { exact: true }).selectOption("");
      await details.getByRole("button", { name: "Save" }).click();
      await expect(details.getByText("The status field is required.")).toBeVisible();
      await expect(paulaRow).toContainText("Cancelled");

      await paula.payer.close();
      await sam.payer.close();
    });

    test("refund half a payment, then the rest: net totals and the history", async ({ page, context, browser, baseURL, startupUser }) => {
      expect(startupUser.id).toBeTruthy();
      const { form, paula, sam } = await formWithTwoBillings(context, browser, baseURL!);
      const said = (text: string) =>
        javaScriptEnabled ? expect(toast(page, text)).toBeVisible() : expect(page.getByTestId("flash-notice")).toHaveText(text);
      await page.goto(`/event-forms/payments/${form.id}?billing=${sam.billing.id}`);
      const details = page.getByTestId("billing-details");
      const refund = details.getByRole("form", { name: "Refund this payment" });
      await expect(refund.getByText("Up to USD 20.00; leave it blank to refund all of it.")).toBeVisible();
      if (javaScriptEnabled) {
        for (const colorScheme of ["light", "dark"] as const) {
          await page.emulateMedia({ colorScheme });
          await expectNoSeriousViolations(page, `/event-forms/payments/{id} with the refund form (${colorScheme})`);
        }
        await page.emulateMedia({ colorScheme: null });
      }

      // A refund asks first, saying the amount (a dialog with JavaScript, a step in the page without).
      const confirmation = page.getByTestId("refund-confirmation");
      const refundAndConfirm = async (amount: string) => {
        await refund.getByRole("button", { name: "Refund through sandbox" }).click();
        await expect(confirmation.getByRole("heading")).toHaveText(`Refund USD ${amount} to Sam Successful?`);
        await confirmation.getByRole("button", { name: `Yes, refund USD ${amount}` }).click();
      };
      await refund.getByLabel("Amount to refund (USD)").fill("20.01");
      await refund.getByLabel("Reason").fill("Left after the first session");
      await refundAndConfirm("20.01");
      await expect(refund.getByText("The amount may not be more than the USD 20.00 left to refund.")).toBeVisible();

      await refund.getByLabel("Amount to refund (USD)").fill("10");
      await refund.getByLabel("Reason").fill("Left after the first session");
      await refund.getByRole("button", { name: "Refund through sandbox" }).click();
      await expect(confirmation).toContainText("USD 10.00 goes back through sandbox. This cannot be undone.");
      for (const width of [375, 1440]) {
        await page.setViewportSize({ width, height: 800 });
        const yes = confirmation.getByRole("button", { name: "Yes, refund USD 10.00" });
        // Without JavaScript the step is in the page, where the browser must scroll to it; modal, it is in view.
        if (!javaScriptEnabled) await yes.scrollIntoViewIfNeeded();
        await expect(yes).toBeInViewport({ ratio: 1 });
      }
      if (javaScriptEnabled) {
        // Modal, with the step that gives nothing back focused; the page behind is out of reach.
        await expect(page.getByRole("dialog", { name: "Refund USD 10.00 to Sam Successful?" })).toBeVisible();
        await expect(confirmation.getByRole("link", { name: "Cancel" })).toBeFocused();
        for (const colorScheme of ["light", "dark"] as const) {
          await page.emulateMedia({ colorScheme });
          await expectNoSeriousViolations(page, `/event-forms/payments/{id} confirming a refund (${colorScheme})`);
        }
        await page.emulateMedia({ colorScheme: null });
      }
      // Cancel gives nothing back, and leaves a fresh refund form.
      await confirmation.getByRole("link", { name: "Cancel" }).click();
      await expect(confirmation).toHaveCount(0);
      await expect(details.getByTestId("refund")).toHaveCount(0);
      await refund.getByLabel("Amount to refund (USD)").fill("10");
      await refund.getByLabel("Reason").fill("Left after the first session");
      await refundAndConfirm("10.00");
      await said("Refunded USD 10.00 to Sam Successful.");
      const samRow = page.getByTestId(`billing-${sam.billing.id}`);
      await expect(samRow).toContainText("Partially refunded");
      // The status control shows it, though no one may pick it by hand.
      await expect(details.getByLabel("Payment status", { exact: true })).toHaveValue("Partially refunded");
      await expect(samRow).toContainText("USD 10.00 refunded");
      await expect(page.getByTestId("total-amount-collected")).toContainText("USD 10.00");
      await expect(page.getByTestId("total-refunded")).toContainText("USD 10.00");
      await expect(details.getByTestId("refund").first()).toContainText("Left after the first session");
      await expect(details.getByTestId("status-change").filter({ hasText: "Successful → Partially refunded" })).toContainText(
        "Refunded USD 10.00: Left after the first session",
      );

      // The rest, with the amount left blank: the confirmation says how much that is.
      await refund.getByLabel("Reason").fill("Event moved");
      await refundAndConfirm("10.00");
      await said("Refunded USD 10.00 to Sam Successful.");
      await expect(samRow).toContainText("Refunded");
      await expect(page.getByTestId("total-amount-collected")).toContainText("USD 0.00");
      await expect(details.getByTestId("refund")).toHaveCount(2);
      await expect(refund).toHaveCount(0);

      await paula.payer.close();
      await sam.payer.close();
    });
  });
}

test("a form with no billings says so, and its CSV export is just the header row", async ({ page, context, startupUser }) => {
  expect(startupUser.id).toBeTruthy();
  const form = await publishedPaidForm(context, { title: `Quiet workshop ${unique()}`, price: "10.00", currency: "NGN" });
  await page.goto(`/event-forms/payments/${form.id}`);
  await expect(page.getByText("No payments yet")).toBeVisible();
  await expect(page.getByTestId("total-amount-collected")).toContainText("NGN 0.00");
  const href = await page.getByRole("link", { name: "Export CSV" }).getAttribute("href");
  const response = await context.request.get(href!);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("text/csv");
  const lines = (await response.text()).trim().split(/\r?\n/);
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(/^ID,Name,Email,/);
});

test("a free form's payments page goes back to the event forms, with no Payments link", async ({ page, context, startupUser }) => {
  expect(startupUser.id).toBeTruthy();
  const free = await publishedEventForm(context, { title: `Open evening ${unique()}` });
  await page.goto("/event-forms");
  await expect(page.getByTestId(`event-form-${free.id}`)).toBeVisible();
  await expect(page.getByTestId(`event-form-${free.id}`).getByRole("link", { name: "Payments" })).toHaveCount(0);
  await page.goto(`/event-forms/payments/${free.id}`);
  await expect(page).toHaveURL(/\/event-forms$/);
  await expect(page.getByRole("heading", { name: "Event forms" })).toBeVisible();
});

test("an unknown or malformed form id shows 'Event form not found'", async ({ page, startupUser }) => {
  expect(startupUser.id).toBeTruthy();
  for (const id of ["987654321", "not-a-form"]) {
    const response = await page.goto(`/event-forms/payments/${id}`);
    expect(response?.status()).toBe(404);
    await expect(page.getByTestId("error-message")).toHaveText("Event form not found");
  }
});

test("another startup's form is not found, and an unknown billing is not found", async ({
  page,
  context,
  browser,
  baseURL,
  startupUser,
}) => {
  expect(startupUser.id).toBeTruthy();
  const other = await browser.newContext({ baseURL });
  await registerUser(other, "Otto Other");
  await setUpStartup(other);
  const theirs = await publishedPaidForm(other, { title: `Their workshop ${unique()}` });
  let response = await page.goto(`/event-forms/payments/${theirs.id}`);
  expect(response?.status()).toBe(404);
  await expect(page.getByTestId("error-message")).toHaveText("Event form not found");

  const mine = await publishedPaidForm(context, { title: `My workshop ${unique()}` });
  response = await page.goto(`/event-forms/payments/${mine.id}?billing=987654321`);
  expect(response?.status()).toBe(404);
  await expect(page.getByTestId("error-message")).toHaveText("Event billing not found");
  await other.close();
});

test("a co-founder without event billing read gets 403", async ({ page, context }) => {
  await registerUser(context, "Cora Cofounder");
  await setUpCoFounder(context);
  const response = await page.goto("/event-forms/payments/1");
  expect(response?.status()).toBe(403);
  await expect(page.getByTestId("error-message")).toHaveText("Access Forbidden");
});

import type { Browser, Page } from "@playwright/test";
import { apiCall, expect, publishedEventForm, publishedPaidForm, registerUser, setUpStartup, test, toast } from "./fixtures";

/** A second person, logged in, in their own browser context (JavaScript on or off). */
async function newPayer(browser: Browser, javaScriptEnabled: boolean, name = "Pat Payer") {
  const context = await browser.newContext({ javaScriptEnabled });
  await context.addInitScript(() => window.localStorage.setItem("introComplete", "true"));
  const user = await registerUser(context, name);
  await setUpStartup(context);
  return { context, page: await context.newPage(), user };
}

async function fillBilling(page: Page) {
  await page.getByLabel("Full name", { exact: true }).fill("Pat Payer");
  await page.getByLabel("Phone", { exact: true }).fill("+234 801 234 5678");
  await page.getByLabel("Address", { exact: true }).fill("1 Marina Road");
  await page.getByLabel("Country", { exact: true }).selectOption("Nigeria");
  await page.getByLabel("City", { exact: true }).fill("Lagos");
}

test.describe("paying for an event without JavaScript", () => {
  // Whole journeys: three accounts, a checkout and an application each.
  test("paid form → billing → sandbox Pay → processing → success → form → application listed", async ({
    context,
    browser,
    startupUser,
  }) => {
    expect(startupUser.id).toBeGreaterThan(0);
    const form = await publishedPaidForm(context, { title: "Robot Soldering Class", price: "25.00" });
    const payer = await newPayer(browser, false);
    const { page } = payer;

    // The form sends an unpaid applicant to the billing step first.
    await page.goto(`/form-submission?form_id=${form.id}`);
    await expect(page).toHaveURL(new RegExp(`/form-submission/billing\\?form_id=${form.id}$`));
    await expect(page.getByTestId("billing-total")).toHaveText("USD 25.00");

    // Nothing filled in: every field says what is wrong, and the page says so once.
    await page.getByLabel("Full name", { exact: true }).fill("");
    await page.getByRole("button", { name: /^Pay / }).click();
    await expect(page.getByText("Some of the fields are invalid. Check the errors in each step.")).toBeVisible();
    await expect(page.getByText("The phone field is required.")).toBeVisible();
    await expect(page.getByText("The city field is required.")).toBeVisible();

    await fillBilling(page);
    await page.getByRole("button", { name: /^Pay / }).click();

    // The sandbox's hosted checkout says plainly that it is a test.
    await expect(page.getByText("Test payment — no money moves.")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Pay USD 25.00" })).toBeVisible();
    await page.getByRole("button", { name: "Pay", exact: true }).click();

    // Back through payment-processing to the success page, then on to the form.
    await expect(page).toHaveURL(new RegExp(`/form-submission/payment-success\\?form_id=${form.id}$`));
    await expect(page.getByText("Payment successful")).toBeVisible();
    await expect(page.getByText("You paid USD 25.00 for Robot Soldering Class.")).toBeVisible();
    await page.getByRole("link", { name: "Continue to the application form" }).click();
    await expect(page).toHaveURL(new RegExp(`/form-submission\\?form_id=${form.id}$`));
    await page.getByRole("textbox", { name: "Full name", exact: true }).fill("Pat Payer");
    await page.getByRole("textbox", { name: "Email", exact: true }).fill(payer.user.email);
    await page.getByLabel("What are you building?").fill("A soldering robot.");
    await page.getByRole("button", { name: "Submit application" }).click();
    await expect(page.getByTestId("my-application-status")).toContainText("pending");

    // The billing step is behind them now: it leads back to the form.
    await page.goto(`/form-submission/billing?form_id=${form.id}`);
    await expect(page).toHaveURL(new RegExp(`/form-submission\\?form_id=${form.id}$`));

    await page.goto("/event-applications");
    await expect(page.locator('[data-testid^="application-"]').filter({ hasText: "Robot Soldering Class" })).toContainText("pending");
    await payer.context.close();
  });

  test("Decline shows the server's message and a way to pay again", async ({ context, browser, startupUser }) => {
    expect(startupUser.id).toBeGreaterThan(0);
    const form = await publishedPaidForm(context, { title: "Declined Workshop", price: "40.00" });
    const { page, context: payerContext } = await newPayer(browser, false);
    await page.goto(`/form-submission/billing?form_id=${form.id}`);
    await fillBilling(page);
    await page.getByRole("button", { name: /^Pay / }).click();
    await page.getByRole("button", { name: "Decline" }).click();

    await expect(page).toHaveURL(/\/form-submission\/payment-processing\?connect_pay_id=sbx_/);
    await expect(page.getByText("Payment not completed")).toBeVisible();
    await expect(page.getByText("The payment was declined. No money was taken; you can try paying again.")).toBeVisible();

    // The form stays closed until they pay; the billing step now edits the same billing.
    await page.goto(`/form-submission?form_id=${form.id}`);
    await expect(page).toHaveURL(/\/form-submission\/billing\/edit\/\d+$/);
    await expect(page.getByTestId("billing-status")).toContainText("did not go through");
    await expect(page.getByLabel("City", { exact: true })).toHaveValue("Lagos");

    // Paying again opens a new checkout, which goes through.
    await page.getByRole("button", { name: /^Pay / }).click();
    await page.getByRole("button", { name: "Pay", exact: true }).click();
    await expect(page.getByText("Payment successful")).toBeVisible();
    await payerContext.close();
  });
});

test("with JavaScript the checkout opens in a new tab and the billing page follows it", async ({ context, browser, startupUser }) => {
  expect(startupUser.id).toBeGreaterThan(0);
  const form = await publishedPaidForm(context, { title: "New Tab Summit", price: "15.00" });
  const { page, context: payerContext } = await newPayer(browser, true);
  await page.goto(`/form-submission?form_id=${form.id}`);
  await expect(page).toHaveURL(/\/form-submission\/billing\?form_id=/);

  // The browser checks the fields first: nothing is sent and no tab is opened.
  await page.getByRole("button", { name: "Pay USD 15.00" }).click();
  await expect(toast(page, "Some of the fields are invalid. Check the errors in each step.")).toBeVisible();
  await expect(page.getByText("The phone field is required.")).toBeVisible();
  expect(payerContext.pages()).toHaveLength(1);
  await fillBilling(page);

  const checkoutTab = payerContext.waitForEvent("page");
  await page.getByRole("button", { name: "Pay USD 15.00" }).click();
  const checkout = await checkoutTab;
  await expect(checkout.getByText("Test payment — no money moves.")).toBeVisible();

  // The first tab waits for the payment …
  await expect(page).toHaveURL(/\/form-submission\/payment-processing\?connect_pay_id=sbx_/);
  await expect(page.getByRole("heading", { name: "Waiting for your payment" })).toBeVisible();

  // … and moves on by itself once it is made in the other tab.
  await checkout.getByRole("button", { name: "Pay", exact: true }).click();
  await expect(checkout.getByText("Payment successful")).toBeVisible();
  await expect(page.getByText("Payment successful")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/form-submission/payment-success\\?form_id=${form.id}$`));
  await payerContext.close();
});

test("a coupon is priced by the server, a refused one says why, and a 100% coupon needs no payment", async ({
  context,
  browser,
  startupUser,
}) => {
  expect(startupUser.id).toBeGreaterThan(0);
  const form = await publishedPaidForm(context, { title: "Coupon Bootcamp", price: "50.00" });
  await apiCall(context, "POST", "/api/v1/admin/coupon_codes", {
    code: "HALF",
    discount_type: "percentage",
    value: "50",
    event_form_id: form.id,
  });
  await apiCall(context, "POST", "/api/v1/admin/coupon_codes", { code: "FREEPASS", discount_type: "percentage", value: "100" });
  const { page, context: payerContext } = await newPayer(browser, true);
  await page.goto(`/form-submission/billing?form_id=${form.id}`);

  await page.getByLabel("Coupon code").fill("NOPE");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.locator("#billing-coupon_code-error, [id$='coupon_code-error']").first()).toBeVisible();
  await expect(page.getByTestId("billing-total")).toHaveText("USD 50.00");

  await page.getByLabel("Coupon code").fill("half");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByTestId("billing-summary")).toContainText("Discount (HALF)");
  await expect(page.getByTestId("billing-total")).toHaveText("USD 25.00");

  await page.getByLabel("Coupon code").fill("FREEPASS");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByTestId("billing-total")).toHaveText("USD 0.00");
  await expect(page.getByText("Your coupon covers the whole price: no payment page opens.")).toBeVisible();
  await expect(page.getByText("The payment page opens in a new tab")).toHaveCount(0);
  await fillBilling(page);
  await page.getByRole("button", { name: "Confirm (nothing to pay)" }).click();
  await expect(page.getByText("You're all set")).toBeVisible();
  // Nothing to pay, so no checkout tab was opened.
  expect(payerContext.pages()).toHaveLength(1);
  await page.getByRole("link", { name: "Continue to the application form" }).click();
  await expect(page.getByRole("button", { name: "Submit application" })).toBeVisible();
  await payerContext.close();
});

test.describe("billing guards", () => {
  test.use({ javaScriptEnabled: false });

  test("an unknown or someone else's billing is 'Event billing not found'; a paid one leads to the form", async ({
    page,
    context,
    browser,
    startupUser,
  }) => {
    expect(startupUser.id).toBeGreaterThan(0);
    const form = await publishedPaidForm(context, { title: "Guarded Gala", price: "10.00" });

    await page.goto("/form-submission/billing/edit/999999999");
    await expect(page.getByText("Event billing not found")).toBeVisible();
    await page.goto("/form-submission/billing/edit/not-a-number");
    await expect(page.getByText("Event billing not found")).toBeVisible();

    // Someone else's billing, even of the owner's own form, is not shown on the payer's page.
    const payer = await newPayer(browser, false);
    const { event_billing: billing } = await apiCall(payer.context, "POST", "/api/v1/admin/event_billings", {
      event_form_id: form.id,
      name: "Pat Payer",
      email: payer.user.email,
      phone: "+234 801 234 5678",
      address: "1 Marina Road",
      country: "Nigeria",
      city: "Lagos",
    });
    const response = await page.goto(`/form-submission/billing/edit/${billing.id}`);
    expect(response?.status()).toBe(404);
    await expect(page.getByText("Event billing not found")).toBeVisible();

    // The payer's own billing step becomes the edit page; once paid, both lead to the form.
    await payer.page.goto(`/form-submission/billing?form_id=${form.id}`);
    await expect(payer.page).toHaveURL(new RegExp(`/form-submission/billing/edit/${billing.id}$`));
    await apiCall(context, "PUT", `/api/v1/admin/event_billings/${billing.id}/change_status`, { status: "Successful" });
    await payer.page.goto(`/form-submission/billing/edit/${billing.id}`);
    await expect(payer.page).toHaveURL(new RegExp(`/form-submission\\?form_id=${form.id}$`));
    await payer.page.goto(`/form-submission/billing?form_id=${form.id}`);
    await expect(payer.page).toHaveURL(new RegExp(`/form-submission\\?form_id=${form.id}$`));
    await expect(payer.page.getByRole("button", { name: "Submit application" })).toBeVisible();
    await payer.context.close();
  });
});

test.describe("without JavaScript, an unfinished payment", () => {
  test.use({ javaScriptEnabled: false });

  test("leaving the checkout says so, and a payment still open can be checked again", async ({ context, browser, startupUser }) => {
    expect(startupUser.id).toBeGreaterThan(0);
    const form = await publishedPaidForm(context, { title: "Left Behind Lab", price: "30.00" });
    const { page, context: payerContext } = await newPayer(browser, false);
    await page.goto(`/form-submission/billing?form_id=${form.id}`);
    await fillBilling(page);
    await page.getByRole("button", { name: /^Pay / }).click();
    const connectPayId = new URL(page.url()).pathname.split("/").pop()!;
    expect(connectPayId).toMatch(/^sbx_/);

    await page.goto(`/form-submission/payment-processing?connect_pay_id=${connectPayId}`);
    await expect(page.getByRole("heading", { name: "Waiting for your payment" })).toBeVisible();
    await expect(page.getByText("The payment has not been completed yet.")).toBeVisible();
    await page.getByRole("link", { name: "Check again" }).click();
    await expect(page.getByRole("heading", { name: "Waiting for your payment" })).toBeVisible();

    await page.goto(`/form-submission/payment-processing?connect_pay_id=${connectPayId}&cancelled=1`);
    await expect(page.getByText("You left the payment page before paying. No money was taken.")).toBeVisible();
    await page.getByRole("link", { name: "Pay again" }).click();
    await expect(page).toHaveURL(/\/form-submission\/billing\/edit\/\d+$/);
    await payerContext.close();
  });

  test("a billing for an event that closed cannot be paid any more", async ({ context, browser, startupUser }) => {
    expect(startupUser.id).toBeGreaterThan(0);
    const form = await publishedPaidForm(context, { title: "Closing Conference", price: "20.00" });
    const { page, context: payerContext, user } = await newPayer(browser, false);
    const { event_billing: billing } = await apiCall(payerContext, "POST", "/api/v1/admin/event_billings", {
      event_form_id: form.id,
      name: "Pat Payer",
      email: user.email,
      phone: "+234 801 234 5678",
      address: "1 Marina Road",
      country: "Nigeria",
      city: "Lagos",
    });
    await apiCall(context, "PUT", `/api/v1/admin/event_form_statuses/${form.id}`, { status: "closed" });
    await page.goto(`/form-submission/billing/edit/${billing.id}`);
    await expect(page.getByTestId("billing-status")).toHaveText("This event is not open for applications.");
    await expect(page.getByRole("button", { name: /^Pay / })).toHaveCount(0);
    await payerContext.close();
  });
});

test("a free form has no billing step, and a missing form goes home with 'No event found'", async ({ page, context, startupUser }) => {
  expect(startupUser.id).toBeGreaterThan(0);
  const free = await publishedEventForm(context, { title: "Free Friday" });
  await page.goto(`/form-submission/billing?form_id=${free.id}`);
  await expect(page).toHaveURL(new RegExp(`/form-submission\\?form_id=${free.id}$`));
  await expect(page.getByRole("button", { name: "Submit application" })).toBeVisible();
  await page.goto("/form-submission/billing?form_id=987654321");
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText("No event found")).toBeVisible();
});

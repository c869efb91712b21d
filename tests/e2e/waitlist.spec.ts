import { expectNoSeriousViolations } from "./a11y";
import { apiCall, customKey, expect, publishedEventForm, registerUser, setUpCoFounder, setUpStartup, test, said } from "./fixtures";
import { payInSandbox } from "./sandbox";

/**
 * A full event's waitlist as its owner and an applicant meet it: the owner turns it on in the builder, the
 * applicant finds the event full and joins the line, a place frees, and the applicant has it, ticket and all.
 * With JavaScript on and off; axe on the applicant's page (it runs in the page, so with JavaScript on).
 */
for (const javaScriptEnabled of [true, false]) {
  test.describe(`waitlist, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("join the line of a full event, a place frees, and it is yours with a ticket", async ({ page, context, browser, baseURL }) => {
      const organiser = await browser.newContext({ baseURL, javaScriptEnabled });
      await organiser.addInitScript(() => window.localStorage.setItem("introComplete", "true"));
      await registerUser(organiser, "Wanda Owner");
      await setUpStartup(organiser);
      const title = `Founders breakfast ${Date.now().toString(36)}`;
      const form = await publishedEventForm(organiser, { title, capacity: 1 });

      const builder = await organiser.newPage();
      await builder.goto(`/event-forms/edit/${form.id}`);
      await builder.getByLabel("Keep a waitlist once it is full").check();
      await builder.getByRole("button", { name: "Save form" }).click();
      await said(builder, javaScriptEnabled, "Event form updated.");
      await builder.reload();
      await expect(builder.getByLabel("Keep a waitlist once it is full")).toBeChecked();

      // The one place goes to someone else first.
      const first = await browser.newContext({ baseURL });
      await registerUser(first, "Ada Early");
      await setUpCoFounder(first);
      const { event_application: held } = await apiCall(first, "POST", `/api/v1/admin/event_forms/${form.id}/applications`, {
        intent: "submit",
        answers: { full_name: "Ada Early", email: "ada.early@example.com", [await customKey(first, form.id)]: "A robot" },
      });

      await registerUser(context, "Bo Waiting");
      await setUpCoFounder(context);
      // The event's public page offers the line; its one button leads to the form.
      await page.goto(`/e/${form.id}`);
      await page.getByRole("link", { name: "Join the waitlist" }).click();
      await expect(page).toHaveURL(new RegExp(`/form-submission\\?form_id=${form.id}$`));
      await expect(page.getByTestId("joins-waitlist")).toContainText("This event is full.");
      await page.getByLabel("What are you building?").fill("Drones for farms");
      await page.getByRole("button", { name: "Join the waitlist" }).click();
      await said(page, javaScriptEnabled, "You are on the waitlist.");
      await expect(page.getByTestId("my-application-status")).toContainText("waitlisted");
      await expect(page.getByTestId("waitlist-position")).toContainText("You are number 1 in line.");
      await expect(page.getByTestId("ticket")).toHaveCount(0);
      if (javaScriptEnabled) await expectNoSeriousViolations(page, "/form-submission (waitlisted)");

      // The place frees: the first in line has it at once, with a ticket.
      await apiCall(first, "PUT", `/api/v1/admin/event_applications/${held.id}/cancel_apply`, {});
      await page.reload();
      await expect(page.getByTestId("my-application-status")).toContainText("pending");
      await expect(page.getByTestId("waitlist-position")).toHaveCount(0);
      await expect(page.getByTestId("ticket")).toBeVisible();
      await page.goto("/notifications");
      await expect(page.getByText(`Your application to ${title} is in: a place opened for you`)).toBeVisible();
      await Promise.all([organiser.close(), first.close()]);
    });

    test("a paid event's line: join unpaid, a place is offered, pay for it, and it is yours", async ({
      page,
      context,
      browser,
      baseURL,
    }) => {
      const organiser = await browser.newContext({ baseURL });
      await registerUser(organiser, "Paula Organiser");
      await setUpStartup(organiser);
      const title = `Paid summit ${Date.now().toString(36)}`;
      const form = await publishedEventForm(organiser, { title, price: "25.00", capacity: 1, waitlist: true });

      // The one place is bought and taken by someone else first.
      const first = await browser.newContext({ baseURL });
      const early = await registerUser(first, "Ade Early");
      await setUpCoFounder(first);
      const { payment_url } = await apiCall(first, "POST", "/api/v1/admin/event_billings", {
        event_form_id: form.id,
        name: "Ade Early",
        email: early.email,
        phone: "+234 801 234 5678",
        address: "1 Marina Road",
        country: "Nigeria",
        city: "Lagos",
      });
      await payInSandbox(first, payment_url);
      const { event_application: held } = await apiCall(first, "POST", `/api/v1/admin/event_forms/${form.id}/applications`, {
        intent: "submit",
        answers: { full_name: "Ade Early", email: early.email, [await customKey(first, form.id)]: "A robot" },
      });

      // Full: the form offers the line, unpaid.
      await registerUser(context, "Bola Waiting");
      await setUpCoFounder(context);
      await page.goto(`/form-submission?form_id=${form.id}`);
      await expect(page.getByTestId("joins-waitlist")).toContainText("This event is full.");
      await page.getByLabel("What are you building?").fill("Drones for farms");
      await page.getByRole("button", { name: "Join the waitlist" }).click();
      await said(page, javaScriptEnabled, "You are on the waitlist.");
      await expect(page.getByTestId("waitlist-position")).toContainText(
        "When a place opens it is offered to you, and you have 24 hours to pay for it.",
      );

      // The place frees: it is offered, and paying for it makes it theirs.
      await apiCall(first, "PUT", `/api/v1/admin/event_applications/${held.id}/cancel_apply`, {});
      await page.reload();
      await expect(page.getByTestId("waitlist-offer")).toContainText("A place opened and is held for you until");
      if (javaScriptEnabled) await expectNoSeriousViolations(page, "/form-submission (a place offered)");
      await page.getByRole("link", { name: "Pay to take it" }).click();
      await expect(page).toHaveURL(new RegExp(`/form-submission/billing\\?form_id=${form.id}$`));
      await page.getByLabel("Phone", { exact: true }).fill("+234 801 234 5678");
      await page.getByLabel("Address", { exact: true }).fill("2 Marina Road");
      await page.getByLabel("Country", { exact: true }).selectOption("Nigeria");
      await page.getByLabel("City", { exact: true }).fill("Lagos");
      // With JavaScript the checkout opens in a tab of its own, and this page follows it.
      const checkoutTab = javaScriptEnabled ? context.waitForEvent("page") : Promise.resolve(page);
      await page.getByRole("button", { name: /^Pay / }).click();
      const checkout = await checkoutTab;
      await checkout.getByRole("button", { name: "Pay", exact: true }).click();
      await expect(page.getByText("Payment successful")).toBeVisible();
      await page.goto(`/form-submission?form_id=${form.id}`);
      await expect(page.getByTestId("my-application-status")).toContainText("pending");
      await expect(page.getByTestId("ticket")).toBeVisible();
      await Promise.all([organiser.close(), first.close()]);
    });
  });
}

import type { Request } from "@playwright/test";
import { expectNoSeriousViolations } from "./a11y";
import { apiCall, expect, publishedEventForm, registerUser, setUpStartup, test } from "./fixtures";
import { applicantWithTicket } from "./tickets";

/**
 * The door: an applicant's ticket on their page, and the owner checking it in by a typed code, by name and
 * by the camera (a QR code shown to Chromium's fake camera); a second scan says when it was; the figures
 * follow on every open check-in screen. With JavaScript on and off; axe in both themes.
 */

const spaced = (code: string) => `${code.slice(0, 4)}-${code.slice(4)}`;

for (const javaScriptEnabled of [true, false]) {
  test.describe(`the door, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("an applicant sees their ticket; the owner checks it in by code, hears 'already' on a second try, and undoes it by name", async ({
      page,
      context,
      browser,
      baseURL,
    }) => {
      await registerUser(context, "Dora Door");
      await setUpStartup(context);
      const form = await publishedEventForm(context, { title: `Door Night ${Date.now().toString(36)}` });
      const ada = await applicantWithTicket(browser, baseURL!, form.id, "Ada Guest");
      const ben = await applicantWithTicket(browser, baseURL!, form.id, "Ben Guest");
      await ben.context.close();

      const applicantPage = await ada.context.newPage();
      await applicantPage.goto(`/form-submission?form_id=${form.id}`);
      await expect(applicantPage.getByTestId("ticket-code")).toHaveText(spaced(ada.ticket.code));
      await expect(applicantPage.getByRole("img", { name: `QR code of your ticket to ${form.title}` })).toBeVisible();
      if (javaScriptEnabled) await expectNoSeriousViolations(applicantPage, "/form-submission (ticket)");

      // The page's loader requests after it is first drawn: each one is a load of the door's list.
      const isLoad = (request: Request) =>
        request.method() === "GET" && new URL(request.url()).pathname === `/event-forms/check-in/${form.id}.data`;
      // With JavaScript, the page loads once more when its channel's subscription is accepted.
      const subscribed = javaScriptEnabled ? page.waitForRequest(isLoad) : null;
      // The door's events can be held back, as a busy realtime server might deliver them: after the page
      // has loaded from its own action, not while the action runs (which would hide a second load).
      const held: (() => void)[] = [];
      let holding = false;
      await page.routeWebSocket(/\/app\//, (socket) => {
        const server = socket.connectToServer();
        server.onMessage((message) => {
          if (holding && String(message).includes("CheckInsChanged")) held.push(() => socket.send(message));
          else socket.send(message);
        });
      });
      await page.goto(`/event-forms/check-in/${form.id}`);
      await expect(page.getByRole("heading", { name: `Check-in: ${form.title}` })).toBeVisible();
      await subscribed;
      await expect(page.getByTestId("door-counts")).toHaveText("0 / 2");
      if (javaScriptEnabled) {
        for (const colorScheme of ["light", "dark"] as const) {
          await page.emulateMedia({ colorScheme });
          await expectNoSeriousViolations(page, `/event-forms/check-in/{id} (${colorScheme})`);
        }
        await page.emulateMedia({ colorScheme: null });
      }

      const loads: string[] = [];
      page.on("request", (request) => void (isLoad(request) && loads.push(request.url())));
      holding = true;
      await page.getByLabel("Ticket code").fill(spaced(ada.ticket.code).toLowerCase());
      await page.getByRole("button", { name: "Check in", exact: true }).click();
      await expect(page.getByTestId("scan-result")).toContainText("Checked in.");
      await expect(page.getByTestId("scan-result")).toContainText("Ada Guest");
      await expect(page.getByTestId("door-counts")).toHaveText("1 / 2");
      holding = false;
      for (const release of held.splice(0)) release();
      if (javaScriptEnabled) {
        // Another door checks Ben in and out: this page hears of both, in order after anything its own scan
        // caused, and loads once for each. Its own scan loaded it once, from its action: 3 loads, not 4.
        const benRow = page.getByTestId(`ticket-${ben.ticket.code}`);
        await apiCall(context, "POST", `/api/v1/admin/event_forms/${form.id}/check_ins`, { code: ben.ticket.code });
        await expect(benRow).toContainText("by Dora Door");
        await apiCall(context, "DELETE", `/api/v1/admin/event_forms/${form.id}/check_ins/${ben.ticket.code}`);
        await expect(benRow.getByRole("button", { name: "Check in Ben Guest" })).toBeVisible();
        expect(loads).toHaveLength(3);
      }

      await page.getByLabel("Ticket code").fill(ada.ticket.code);
      await page.getByRole("button", { name: "Check in", exact: true }).click();
      await expect(page.getByTestId("scan-result")).toContainText(/Already checked in at .+ by Dora Door/);

      await page.getByLabel("Search tickets").fill("Ada");
      await page.getByRole("button", { name: "Search" }).click();
      // The found list, as the owner sees it before acting on it: a click while the search is still loading
      // would act on the list it replaces.
      await expect(page).toHaveURL(/[?&]search=Ada\b/);
      await expect(page.getByRole("navigation", { name: "Pagination" })).toContainText("Showing 1–1 of 1");
      await page.getByRole("button", { name: "Undo the check-in of Ada Guest" }).click();
      await expect(page.getByText("Check-in undone.")).toBeVisible();
      await page.getByRole("button", { name: "Check in Ada Guest" }).click();
      await expect(page.getByTestId("scan-result")).toContainText("Checked in.");

      // A ticket whose application was turned down lets nobody in: its row says so instead of offering a check-in.
      const door = await (await context.request.get(`/api/v1/admin/event_forms/${form.id}/check_ins?search=Ben`)).json();
      await apiCall(context, "PUT", `/api/v1/admin/event_applications/${door.data[0].application_id}/status`, { status: "rejected" });
      await page.goto(`/event-forms/check-in/${form.id}`);
      const benListed = page.getByRole("row").filter({ hasText: "Ben Guest" });
      await expect(benListed).toContainText("Not admitted");
      await expect(benListed.getByRole("button")).toHaveCount(0);

      await applicantPage.reload();
      await expect(applicantPage.getByTestId("ticket")).toContainText("Checked in");
      await ada.context.close();
    });
  });
}

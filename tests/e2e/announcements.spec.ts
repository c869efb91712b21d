import { expectNoSeriousViolations } from "./a11y";
import { apiCall, customKey, expect, publishedEventForm, registerUser, setUpCoFounder, test, said } from "./fixtures";
import { latestMailTo } from "./mailbox";

/**
 * The owner writes to the people of an event from its announcements page: an empty audience is refused,
 * everyone with a place hears it in the panel and by mail, and the history says who got it. With JavaScript
 * on and off; axe in both themes with it on.
 */
for (const javaScriptEnabled of [true, false]) {
  test.describe(`announcements, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("write to everyone with a place: a notification and a mail each, and the history says to whom", async ({
      page,
      context,
      browser,
      baseURL,
      startupUser,
    }) => {
      expect(startupUser.id).toBeTruthy();
      const title = `Robotics night ${Date.now().toString(36)}`;
      const form = await publishedEventForm(context, { title });
      const guest = await browser.newContext({ baseURL });
      await guest.addInitScript(() => window.localStorage.setItem("introComplete", "true"));
      const person = await registerUser(guest, "Gina Guest");
      await setUpCoFounder(guest);
      await apiCall(guest, "POST", `/api/v1/admin/event_forms/${form.id}/applications`, {
        intent: "submit",
        answers: { full_name: "Gina Guest", email: person.email, [await customKey(guest, form.id)]: "A welding robot" },
      });

      await page.goto("/event-forms");
      await page.getByTestId(`event-form-${form.id}`).getByRole("link", { name: "Announce" }).click();
      await expect(page.getByRole("heading", { name: `Announcements: ${title}` })).toBeVisible();
      await expect(page.getByText("Nothing sent yet")).toBeVisible();
      if (javaScriptEnabled) {
        for (const colorScheme of ["light", "dark"] as const) {
          await page.emulateMedia({ colorScheme });
          await expectNoSeriousViolations(page, `/event-forms/announcements/{id} (${colorScheme})`);
        }
        await page.emulateMedia({ colorScheme: null });
      }

      const composer = page.getByRole("form", { name: "Write an announcement" });
      // Nobody waits in line: the server says there is no one to send it to.
      await composer.getByLabel("Send to").selectOption("waitlisted");
      await composer.getByLabel("Subject").fill("Spare places");
      await composer.getByLabel("Message").fill("We may have room.");
      await composer.getByRole("button", { name: "Send announcement" }).click();
      await expect(composer.getByText("Nobody is in this group yet: there is no one to send it to.")).toBeVisible();

      await composer.getByLabel("Send to").selectOption({ label: "Everyone with a place (1)" });
      await composer.getByLabel("Subject").fill("Doors open at 6");
      await composer.getByLabel("Message").fill("Bring your ticket <b>and</b> a friend's curiosity.");
      await composer.getByRole("button", { name: "Send announcement" }).click();
      await said(page, javaScriptEnabled, "Announcement sent to 1 person.");
      const sent = page.getByTestId("announcement").first();
      await expect(sent).toContainText("Doors open at 6");
      await expect(sent).toContainText("Everyone with a place · 1 person · 1 by mail");
      // Text, never markup.
      await expect(sent).toContainText("Bring your ticket <b>and</b> a friend's curiosity.");
      await sent.getByRole("link", { name: "Who got it" }).click();
      await expect(sent.getByRole("list", { name: "Who got Doors open at 6" })).toContainText("Gina Guest");
      // The people it went to page on their own, beside the history's pages.
      await expect(sent.getByRole("navigation", { name: "Pages of who got Doors open at 6" })).toContainText("Showing 1–1 of 1");
      await page.goto(`${page.url()}&recipients_page=2`);
      await expect(sent.getByRole("list", { name: "Who got Doors open at 6" })).not.toContainText("Gina Guest");
      await expect(sent.getByRole("navigation", { name: "Pages of who got Doors open at 6" })).toContainText("Page 2 of 1");

      const inbox = await guest.newPage();
      await inbox.goto("/notifications");
      await expect(inbox.getByText(`${title}: Doors open at 6`)).toBeVisible();
      const mail = await latestMailTo(person.email, (m) => m.subject === `${title}: Doors open at 6`);
      expect(mail.text).toContain("Bring your ticket <b>and</b> a friend's curiosity.");
      await guest.close();
    });
  });
}

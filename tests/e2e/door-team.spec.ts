import { expectNoSeriousViolations } from "./a11y";
import { apiCall, expect, publishedEventForm, registerUser, setUpStartup, test } from "./fixtures";
import { latestMailTo, linkIn } from "./mailbox";
import { applicantWithTicket } from "./tickets";

/*
 * A door volunteer: invited by mail, they join from the link, see the check-in screen with names and
 * tickets but no addresses and none of the organization's money or forms, check a guest in, and once the
 * owner removes them their open check-in screen stops working. With JavaScript on and off.
 */
for (const javaScriptEnabled of [true, false]) {
  test.describe(`a door volunteer, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("joins from the mail, checks a guest in without seeing addresses, and loses the door when removed", async ({
      context,
      browser,
      baseURL,
    }) => {
      await registerUser(context, "Olga Owner");
      await setUpStartup(context);
      const form = await publishedEventForm(context, { title: `Door Team ${Date.now().toString(36)}` });
      const ada = await applicantWithTicket(browser, baseURL!, form.id, "Ada Guest");
      const guestEmail = "ada.guest@example.com";
      await ada.context.close();

      const doorContext = await browser.newContext({ baseURL, javaScriptEnabled });
      await doorContext.addInitScript(() => window.localStorage.setItem("introComplete", "true"));
      const volunteer = await registerUser(doorContext, "Vic Volunteer");
      await apiCall(context, "POST", "/api/v1/admin/team_invitations", { email: volunteer.email, role: "door" });
      const door = await doorContext.newPage();
      const invitation = await latestMailTo(volunteer.email, (mail) => mail.html.includes("/team/join/"));
      await door.goto(linkIn(invitation, "/team/join/"));
      await door.getByRole("button", { name: "Join" }).click();
      await expect(door.getByTestId("team-role")).toContainText("Door");
      // Where they just landed is in their menu: their role there, and the way to leave.
      await expect(door.getByRole("navigation").getByRole("link", { name: "Team", exact: true })).toBeVisible();
      // The menu offers nothing of the organization's forms or money.
      for (const label of ["Event forms", "Coupon codes", "Payments", "Audit log"]) {
        await expect(door.getByRole("navigation").getByRole("link", { name: label, exact: true })).toHaveCount(0);
      }

      await door.goto(`/event-forms/check-in/${form.id}`);
      await expect(door.getByRole("heading", { name: `Check-in: ${form.title}` })).toBeVisible();
      await expect(door.getByTestId(`ticket-${ada.ticket.code}`)).toContainText("Ada Guest");
      await expect(door.getByText(guestEmail)).toHaveCount(0);
      if (javaScriptEnabled) await expectNoSeriousViolations(door, "/event-forms/check-in/{id} (door)");
      await door.getByLabel("Ticket code").fill(ada.ticket.code);
      await door.getByRole("button", { name: "Check in", exact: true }).click();
      await expect(door.getByTestId("scan-result")).toContainText("Checked in.");
      await expect(door.getByTestId("scan-result")).not.toContainText(guestEmail);

      await apiCall(context, "DELETE", `/api/v1/admin/team_members/${volunteer.id}`);
      // The screen still open at the door stops working: with JavaScript it may already have left on its
      // own, when its channel was taken away; otherwise its next scan does not reach the door.
      const code = door.getByLabel("Ticket code");
      if (await code.isVisible()) {
        await code.fill(ada.ticket.code);
        await door.getByRole("button", { name: "Check in", exact: true }).click();
      }
      await expect(door.getByRole("heading", { name: `Check-in: ${form.title}` })).toHaveCount(0);
      await expect(door.getByTestId("scan-result")).toHaveCount(0);
      await doorContext.close();
    });
  });
}

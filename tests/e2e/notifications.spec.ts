import { expectNoSeriousViolations } from "./a11y";
import { apiCall, expect, test } from "./fixtures";
import { newPerson } from "./realtime-people";

test.describe("notifications", () => {
  test("a follow raises the followee's bell live; the bell shows it and marks all read", async ({ browser, baseURL }) => {
    const kim = await newPerson(browser, baseURL, "Kim Followee");
    const lou = await newPerson(browser, baseURL, "Lou Follower");
    await kim.page.goto("/");
    const bell = kim.page.getByTestId("notification-bell");
    await expect(bell).toHaveAttribute("data-live", "on");
    await expect(bell.getByTestId("notification-count")).toHaveCount(0);

    await apiCall(lou.context, "POST", "/api/v1/admin/follow", { followee_id: kim.startup.id, followee_type: "startup" });
    await expect(bell.getByTestId("notification-count")).toHaveText("1");
    await expect(bell.locator("summary")).toHaveAttribute("aria-label", "Notifications, 1 unread");

    await bell.locator("summary").click();
    const latest = bell.getByRole("list", { name: "Latest notifications" });
    await expect(latest.locator("li")).toHaveCount(1);
    await expect(latest).toContainText("E2E Robotics");
    await expectNoSeriousViolations(kim.page, "/ (bell open)");
    await bell.getByRole("button", { name: "Mark all as read" }).click();
    await expect(bell.getByTestId("notification-count")).toHaveCount(0);

    // Another follow while the bell is open shows up in it.
    await apiCall(lou.context, "POST", "/api/v1/admin/unfollow", { followee_id: kim.startup.id, followee_type: "startup" });
    await apiCall(lou.context, "POST", "/api/v1/admin/follow", { followee_id: kim.startup.id, followee_type: "startup" });
    await expect(bell.getByTestId("notification-count")).toHaveText("1");
    await expect(latest.locator("li[data-unread]")).toHaveCount(1);
    await kim.context.close();
    await lou.context.close();
  });

  test("the full list: unread filter, mark one, mark all, empty states", async ({ browser, baseURL }) => {
    const mo = await newPerson(browser, baseURL, "Mo Popular");
    const fans = [await newPerson(browser, baseURL, "Fan One"), await newPerson(browser, baseURL, "Fan Two")];
    await mo.page.goto("/notifications");
    await expect(mo.page.getByText("No notifications yet")).toBeVisible();
    await expectNoSeriousViolations(mo.page, "/notifications (empty)");
    for (const fan of fans)
      await apiCall(fan.context, "POST", "/api/v1/admin/follow", { followee_id: mo.startup.id, followee_type: "startup" });

    await mo.page.goto("/notifications");
    const list = mo.page.getByRole("list", { name: "Notifications" });
    await expect(list.locator("li")).toHaveCount(2);
    await expect(mo.page.getByText("2 unread", { exact: true })).toBeVisible();
    await expectNoSeriousViolations(mo.page, "/notifications");

    await list
      .locator("li")
      .first()
      .getByRole("button", { name: /Mark .* as read/ })
      .click();
    await expect(mo.page.getByText("1 unread", { exact: true })).toBeVisible();
    await mo.page.getByRole("link", { name: "Unread (1)" }).click();
    await expect(mo.page).toHaveURL(/filter=unread/);
    await expect(mo.page.getByRole("list", { name: "Unread notifications" }).locator("li")).toHaveCount(1);
    await mo.page.getByRole("main").getByRole("button", { name: "Mark all as read" }).click();
    await expect(mo.page.getByText("No unread notifications")).toBeVisible();
    await expect(mo.page.getByTestId("notification-count")).toHaveCount(0);
    for (const person of [mo, ...fans]) await person.context.close();
  });

  test("with JavaScript off: mark one and all read with plain forms", async ({ browser, baseURL }) => {
    const nia = await newPerson(browser, baseURL, "Nia NoScript", { javaScript: false });
    const fans = [await newPerson(browser, baseURL, "Fan Three"), await newPerson(browser, baseURL, "Fan Four")];
    for (const fan of fans)
      await apiCall(fan.context, "POST", "/api/v1/admin/follow", { followee_id: nia.startup.id, followee_type: "startup" });
    await nia.page.goto("/notifications");
    await expect(nia.page.getByTestId("notification-count")).toHaveText("2");
    const list = nia.page.getByRole("list", { name: "Notifications" });
    await list
      .locator("li")
      .first()
      .getByRole("button", { name: /Mark .* as read/ })
      .click();
    await expect(nia.page).toHaveURL(/\/notifications$/);
    await expect(nia.page.getByText("1 unread", { exact: true })).toBeVisible();
    await nia.page.getByRole("main").getByRole("button", { name: "Mark all as read" }).click();
    await expect(nia.page.getByText("You're all caught up.")).toBeVisible();
    await expect(nia.page.getByTestId("notification-count")).toHaveCount(0);
    for (const person of [nia, ...fans]) await person.context.close();
  });
});

import { expectNoSeriousViolationsInBothThemes } from "./a11y";
import { apiCall, expect, publishedEventForm, test, toast } from "./fixtures";

test("the owner edits a form in the builder and finds the edit in the audit log, with what changed", async ({
  page,
  context,
  startupUser,
}) => {
  expect(startupUser.email).toBeTruthy();
  const form = await publishedEventForm(context, { title: "Audit workshop" });
  await page.goto(`/event-forms/edit/${form.id}`);
  await page.getByLabel("Title").fill("Audited workshop");
  await page.getByLabel("Capacity (optional)").fill("40");
  await page.getByRole("button", { name: "Save form" }).click();
  await expect(toast(page, "Event form updated.")).toBeVisible();

  await page.getByRole("link", { name: "Audit log" }).click();
  await expect(page.getByRole("heading", { name: "Audit log" })).toBeVisible();
  const edit = page.getByRole("row").filter({ hasText: "Event form updated" });
  await expect(edit).toContainText(startupUser.name);
  await expect(edit).toContainText("Audited workshop");
  await expect(edit).toContainText("title: Audit workshop → Audited workshop");
  await expect(edit).toContainText("capacity: 50 → 40");
  // Publishing it earlier and making it are there too, older.
  await expect(page.getByRole("row").filter({ hasText: "Event form published" })).toContainText("status: draft → published");
  await expect(page.getByRole("row").filter({ hasText: "Event form created" })).toHaveCount(1);

  const download = await page.getByRole("link", { name: "Download CSV" }).getAttribute("href");
  const csv = await context.request.get(download!);
  expect(csv.headers()["content-type"]).toBe("text/csv; charset=utf-8");
  expect(await csv.text()).toContain("title: Audit workshop → Audited workshop");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("filters by kind and by event form through the plain form, and shows the empty state", async ({ page, context, startupUser }) => {
    expect(startupUser.email).toBeTruthy();
    const form = await publishedEventForm(context, { title: "Filtered meetup" });
    await apiCall(context, "POST", "/api/v1/admin/coupon_codes", {
      code: `AUDIT${Date.now().toString(36).toUpperCase()}`,
      discount_type: "percentage",
      value: 10,
    });
    await page.goto("/audit-log");
    await expect(page.getByRole("row").filter({ hasText: "Coupon created" })).toHaveCount(1);

    await page.getByLabel("What").selectOption({ label: "Event form published" });
    await page.getByRole("button", { name: "Filter" }).click();
    await expect(page).toHaveURL(/kind=event_form\.published/);
    await expect(page.getByRole("row").filter({ hasText: "Event form published" })).toContainText("Filtered meetup");
    await expect(page.getByRole("row").filter({ hasText: "Coupon created" })).toHaveCount(0);
    await expect(page.getByLabel("What")).toHaveValue("event_form.published");

    await page.getByLabel("What").selectOption({ label: "Coupon deleted" });
    await page.getByLabel("Event form").selectOption({ label: form.title });
    await page.getByRole("button", { name: "Filter" }).click();
    await expect(page.getByText("Nothing matches these filters.")).toBeVisible();

    await page.getByLabel("From").fill("2030-02-01");
    await page.getByLabel("To").fill("2030-01-01");
    await page.getByRole("button", { name: "Filter" }).click();
    await expect(page.getByText("The to date must be a date after or equal to the from date.")).toBeVisible();
  });
});

test("the audit log passes axe in both themes, with entries and filtered to none", async ({ page, context, startupUser }) => {
  expect(startupUser.email).toBeTruthy();
  await publishedEventForm(context, { title: "Accessible event" });
  await page.goto("/audit-log");
  await expect(page.getByRole("row").filter({ hasText: "Event form published" })).toHaveCount(1);
  await expectNoSeriousViolationsInBothThemes(page, "/audit-log");
  await page.goto("/audit-log?kind=member.left");
  await expect(page.getByText("Nothing matches these filters.")).toBeVisible();
  await expectNoSeriousViolationsInBothThemes(page, "/audit-log (empty)");
});

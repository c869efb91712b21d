import { apiCall, expect, registerUser, setUpCoFounder, test, toast } from "./fixtures";

for (const javaScriptEnabled of [true, false]) {
  test.describe(`coupon codes, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("create a coupon, refuse a duplicate, deactivate it, and delete it", async ({ page, startupUser }) => {
      expect(startupUser.email).toBeTruthy();
      const code = `SAVE${Date.now().toString(36).toUpperCase()}${javaScriptEnabled ? "J" : "N"}`;
      await page.goto("/coupon-codes");
      await page.getByLabel("Code", { exact: true }).fill(code);
      await page.getByLabel("Value").fill("20");
      await page.getByLabel("Maximum uses (optional)").fill("10");
      await page.getByRole("button", { name: "Create coupon" }).click();
      const row = page.getByTestId(`coupon-${code}`);
      await expect(row).toContainText("20%");
      await expect(row).toContainText("0 / 10");
      await expect(row).toContainText("active");
      if (javaScriptEnabled) await expect(toast(page, "Coupon code created.")).toBeVisible();

      await page.getByLabel("Code", { exact: true }).fill(code.toLowerCase());
      await page.getByLabel("Value").fill("5");
      await page.getByRole("button", { name: "Create coupon" }).click();
      await expect(page.getByText("The code has already been taken.")).toBeVisible();

      await page.goto("/coupon-codes");
      await page.getByTestId(`coupon-${code}`).getByRole("button", { name: "Deactivate" }).click();
      await expect(page.getByTestId(`coupon-${code}`)).toContainText("inactive");

      await page.getByTestId(`coupon-${code}`).getByRole("link", { name: "Delete…" }).click();
      await page.getByTestId(`coupon-${code}`).getByRole("button", { name: "Yes, delete" }).click();
      await expect(page.getByTestId(`coupon-${code}`)).toHaveCount(0);
    });
  });
}

test("a co-founder without coupon permissions gets 403", async ({ page, context }) => {
  await registerUser(context, "Cora Cofounder");
  await setUpCoFounder(context);
  const response = await page.goto("/coupon-codes");
  expect(response?.status()).toBe(403);
  await expect(page.getByTestId("error-message")).toHaveText("Access Forbidden");
});

test("the toggle posts only the flag, through its own call, and keeps an edit made meanwhile", async ({ page, context, startupUser }) => {
  expect(startupUser.email).toBeTruthy();
  const code = `FLAG${Date.now().toString(36).toUpperCase()}`;
  const { coupon_code: coupon } = await apiCall(context, "POST", "/api/v1/admin/coupon_codes", {
    code,
    discount_type: "percentage",
    value: 10,
  });
  await page.goto("/coupon-codes");
  const row = page.getByTestId(`coupon-${code}`);
  await expect(row).toContainText("10%");

  // Someone raises the discount after this page was loaded.
  await apiCall(context, "PUT", `/api/v1/admin/coupon_codes/${coupon.id}`, { code, discount_type: "percentage", value: 35 });

  const posted = page.waitForRequest(
    (request) => request.method() === "POST" && new URL(request.url()).pathname.startsWith("/coupon-codes"),
  );
  await row.getByRole("button", { name: "Deactivate" }).click();
  const body = new URLSearchParams((await posted).postData() ?? "");
  expect([...body.keys()].sort()).toEqual(["id", "intent", "is_active"]);
  expect(Object.fromEntries(body)).toEqual({ intent: "toggle", id: String(coupon.id), is_active: "false" });
  await expect(toast(page, "Coupon code deactivated.")).toBeVisible();
  await expect(row).toContainText("inactive");
  await expect(row).toContainText("35%");

  // The API call the toggle makes, as any client can.
  const on = await apiCall(context, "PUT", `/api/v1/admin/coupon_codes/${coupon.id}/status`, { is_active: true });
  expect(on).toMatchObject({ message: "Coupon code activated.", coupon_code: { id: coupon.id, is_active: true, value: "35.00" } });
  await page.reload();
  await expect(row.getByRole("button", { name: "Deactivate" })).toBeVisible();
});

test("a tampered toggle post is refused with a message, never a 500", async ({ context, startupUser }) => {
  expect(startupUser.email).toBeTruthy();
  const code = `TAMPER${Date.now().toString(36).toUpperCase()}`;
  const { coupon_code: coupon } = await apiCall(context, "POST", "/api/v1/admin/coupon_codes", {
    code,
    discount_type: "percentage",
    value: 10,
  });
  const cases: [Record<string, string>, number, string][] = [
    // The old form's whole-record field is ignored, even when it is not JSON.
    [{ intent: "toggle", id: String(coupon.id), is_active: "false", coupon: "{not json" }, 302, ""],
    [{ intent: "toggle", id: "abc", is_active: "false" }, 404, "Coupon code not found"],
    [{ intent: "toggle", id: "99999999999", is_active: "false" }, 404, "Coupon code not found"],
    [{ intent: "toggle", is_active: "false" }, 404, "Coupon code not found"],
    [{ intent: "toggle", id: "../../users", is_active: "false" }, 404, "Coupon code not found"],
    [{ intent: "toggle", id: String(coupon.id), is_active: "maybe" }, 422, "The is active field must be true or false."],
    [{ intent: "toggle", id: String(coupon.id) }, 422, "The is active field is required."],
    [{ intent: "delete", id: "1.5" }, 404, "Coupon code not found"],
    [{ intent: "toggle", id: "999999", is_active: "true" }, 404, "Coupon code not found"],
  ];
  for (const [form, status, message] of cases) {
    const response = await context.request.post("/coupon-codes", { form, maxRedirects: 0 });
    expect(response.status(), JSON.stringify(form)).toBe(status);
    if (message) expect(await response.text(), JSON.stringify(form)).toContain(message);
  }
  const { coupon_code: after } = await (await context.request.get(`/api/v1/admin/coupon_codes/${coupon.id}`)).json();
  expect(after).toMatchObject({ code, value: "10.00", is_active: false });
});

import { PASSWORD, expect, test } from "./fixtures";
import { latestMailTo, linkIn } from "./mailbox";

test.describe("with JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("changes name and password; a wrong current password is refused", async ({ page, startupUser }) => {
    await page.goto("/account");
    await page.getByLabel("Name").fill("New Name");
    await page.getByRole("button", { name: "Save profile" }).click();
    await expect(page.getByTestId("user-menu")).toContainText("New Name");

    const password = page.locator("#account-password");
    await password.getByLabel("Current password").fill("not my password");
    await password.getByLabel("New password", { exact: true }).fill("a brand new password");
    await password.getByLabel("Confirm new password").fill("a brand new password");
    await password.getByRole("button", { name: "Change password" }).click();
    await expect(page.getByText("The password is incorrect.")).toBeVisible();

    await page.locator("#account-password").getByLabel("Current password").fill(PASSWORD);
    await page.locator("#account-password").getByLabel("New password", { exact: true }).fill("a brand new password");
    await page.locator("#account-password").getByLabel("Confirm new password").fill("a brand new password");
    await page.locator("#account-password").getByRole("button", { name: "Change password" }).click();
    await expect(page.getByText("The password is incorrect.")).toHaveCount(0);
    expect(startupUser.email).toBeTruthy();
  });

  test("changing the email needs the current password", async ({ page, startupUser }) => {
    await page.goto("/account");
    await page.getByLabel("Email").fill(`changed.${startupUser.email}`);
    await page.getByRole("button", { name: "Save profile" }).click();
    await expect(page.getByText("The current password is required to change your email.")).toBeVisible();
    await page.locator("#account-profile").getByLabel("Current password").fill(PASSWORD);
    await page.getByRole("button", { name: "Save profile" }).click();
    // The new address is used once the link mailed to it is opened.
    await expect(page.getByTestId("pending-email")).toContainText(`changed.${startupUser.email}`);
    await page.goto(linkIn(await latestMailTo(`changed.${startupUser.email}`), "/confirm-email/"));
    await page.getByRole("button", { name: "Confirm my new address" }).click();
    await expect(page.getByTestId("user-menu")).toContainText(`changed.${startupUser.email}`);
  });
});

for (const javaScriptEnabled of [true, false]) {
  test.describe(`an avatar, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("is uploaded and shows in the header; removed, it is gone, its file too", async ({ page, startupUser }) => {
      expect(startupUser.email).toBeTruthy();
      const png = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");
      await page.goto("/account");
      await expect(page.getByTestId("user-menu").locator("img")).toHaveCount(0);
      await expect(page.getByRole("button", { name: "Remove avatar" })).toHaveCount(0);
      await page.getByLabel("Avatar").setInputFiles({ name: "me.png", mimeType: "image/png", buffer: png });
      await page.getByRole("button", { name: "Save profile" }).click();
      const avatar = page.getByTestId("user-menu").locator("img");
      await expect(avatar).toHaveAttribute("src", /^\/api\/v1\/files\/[0-9a-f-]{36}$/);
      const address = (await avatar.getAttribute("src"))!;
      const image = await page.request.get(address);
      expect(image.headers()["content-type"]).toBe("image/png");

      await page.getByRole("button", { name: "Remove avatar" }).click();
      // The toast is drawn by the page's script; without it the page comes back without the avatar.
      if (javaScriptEnabled) await expect(page.getByText("Your avatar has been removed.")).toBeVisible();
      await expect(page.getByTestId("user-menu").locator("img")).toHaveCount(0);
      await expect(page.getByRole("button", { name: "Remove avatar" })).toHaveCount(0);
      expect((await page.request.get(address)).status()).toBe(404);
    });
  });
}

test("a file that is not an image is refused next to the field", async ({ page, startupUser }) => {
  expect(startupUser.email).toBeTruthy();
  await page.goto("/account");
  await page.getByLabel("Avatar").setInputFiles({ name: "notes.png", mimeType: "image/png", buffer: Buffer.from("just some text") });
  await page.getByRole("button", { name: "Save profile" }).click();
  await expect(page.getByText("The avatar field must be a PNG, JPEG, GIF or WebP image.")).toBeVisible();
});

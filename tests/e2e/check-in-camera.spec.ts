import { fakeCameraLaunch, showToCamera } from "./fake-camera";
import { expect, publishedEventForm, registerUser, setUpStartup, test } from "./fixtures";
import { applicantWithTicket } from "./tickets";

/**
 * The check-in screen's camera: a ticket's QR code shown to Chromium's fake camera is read (jsQR where the
 * browser has no BarcodeDetector) and checked in, and another open check-in screen's figures and the responses list's follow.
 * Its own file: the browser starts with the fake camera, which only a whole file can ask for.
 */
test.use({ launchOptions: fakeCameraLaunch, permissions: ["camera"] });

test("reads a ticket's QR code, and every open check-in screen and the responses list follow", async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  await registerUser(context, "Cam Owner");
  await setUpStartup(context);
  const form = await publishedEventForm(context, { title: `Camera Night ${Date.now().toString(36)}` });
  const guest = await applicantWithTicket(browser, baseURL!, form.id, "Quinn Coded");

  const otherDoor = await context.newPage();
  await otherDoor.goto(`/event-forms/check-in/${form.id}`);
  await expect(otherDoor.getByTestId("door-counts")).toHaveText("0 / 1");
  const responses = await context.newPage();
  await responses.goto(`/event-responses/${form.id}`);
  await expect(responses.getByTestId("responses-check-ins")).toHaveText("0 of 1 checked in");

  await page.goto(`/event-forms/check-in/${form.id}`);
  showToCamera(guest.ticket.token);
  await page.getByRole("button", { name: "Scan with the camera" }).click();
  await expect(page.getByTestId("camera")).toBeVisible();
  await expect(page.getByTestId("scan-result")).toContainText("Checked in.", { timeout: 15_000 });
  await expect(page.getByTestId("scan-result")).toContainText("Quinn Coded");
  await expect(page.getByTestId("door-counts")).toHaveText("1 / 1");
  // The other door was told, without reloading.
  await expect(otherDoor.getByTestId("door-counts")).toHaveText("1 / 1");
  await expect(responses.getByTestId("responses-check-ins")).toHaveText("1 of 1 checked in");
  await page.getByRole("button", { name: "Stop the camera" }).click();
  await guest.context.close();
});

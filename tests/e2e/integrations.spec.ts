import type { Browser, BrowserContext, Page } from "@playwright/test";
import { expectNoSeriousViolations } from "./a11y";
import { apiCall, expect, registerUser, setUpCoFounder, test, toast } from "./fixtures";

/** The Zoom fake's account (tests/fakes/zoom.ts), shown once connected. */
const ZOOM_ACCOUNT = "host@zoom.example";

/** A published online event of the context's startup, asking only for name and email. */
async function onlineEvent(context: BrowserContext, title: string) {
  const { collection } = await apiCall(context, "POST", "/api/v1/admin/collections", { name: `Meetings ${Date.now().toString(36)}` });
  const { event_form: draft } = await apiCall(context, "POST", "/api/v1/admin/event_forms", {
    collection_id: collection.id,
    title,
    description: "A remote session for founders.",
    category: "Workshop",
    nature: "online",
    timezone: "Africa/Lagos",
    starts_at: "2035-06-01T18:00",
    ends_at: "2035-06-01T19:30",
    // The event's own page for everyone; the meeting's join link is for accepted applicants only.
    online_link: "https://events.example.com/remote-demo-day",
    type_of_event: "free",
    questions: { full_name: { enabled: true, required: true }, email: { enabled: true, required: true } },
    custom_questions: [],
  });
  await apiCall(context, "PUT", `/api/v1/admin/event_form_statuses/${draft.id}`, { status: "published" });
  return draft as { id: number; title: string };
}

/** A co-founder in their own browser context who has applied to the form. */
async function applicant(browser: Browser, formId: number, name: string) {
  const context = await browser.newContext();
  await context.addInitScript(() => window.localStorage.setItem("introComplete", "true"));
  const user = await registerUser(context, name);
  await setUpCoFounder(context);
  const { event_application } = await apiCall(context, "POST", `/api/v1/admin/event_forms/${formId}/applications`, {
    intent: "submit",
    answers: { full_name: name, email: user.email },
  });
  return { context, page: await context.newPage(), applicationId: event_application.id as number };
}

/** /integration/zoom → Connect (→ Continue, without JavaScript) → the fake's consent page → Allow or Deny → back on the panel. */
async function signInWithZoom(page: Page, decision: "Allow" | "Deny", javaScriptEnabled: boolean) {
  await page.goto("/integration/zoom");
  await page.getByRole("button", { name: "Connect Zoom" }).click();
  // Without JavaScript the page offers the provider's address as a link (a form may not redirect off-site).
  if (!javaScriptEnabled) await page.getByRole("link", { name: "Continue to Zoom" }).click();
  await expect(page.getByRole("heading", { name: "Zoom: allow Launchpad?" })).toBeVisible();
  await page.getByRole("link", { name: decision }).click();
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`meeting integrations, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("connect Zoom, create a meeting for an online event; only the accepted applicant gets the link", async ({
      page,
      context,
      browser,
      startupUser,
    }) => {
      expect(startupUser.id).toBeGreaterThan(0);
      const check = async (screen: string) => {
        if (javaScriptEnabled) await expectNoSeriousViolations(page, screen);
      };

      await page.goto("/integration");
      await expect(page.getByRole("heading", { name: "Integrations", level: 1 })).toBeVisible();
      await expect(page.getByTestId("integration-zoom")).toContainText("Not connected");
      await expect(page.getByTestId("integration-google-meet")).toContainText("Not configured");
      await expect(page.getByText("Not set up on this server: GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set.")).toBeVisible();
      await check("/integration");

      await page.getByRole("link", { name: "Set up Google Meet" }).click();
      await expect(page.getByTestId("not-configured-google-meet")).toContainText("GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET");
      await expect(page.getByTestId("not-configured-google-meet")).toContainText("/integration/google-meet/callback");
      await expect(page.getByRole("button", { name: "Connect Google Meet" })).toHaveCount(0);
      await check("/integration/google-meet");

      // Saying no at the provider: a clear message, nothing connected.
      await signInWithZoom(page, "Deny", javaScriptEnabled);
      await expect(page.getByRole("heading", { name: "Zoom was not connected" })).toBeVisible();
      await expect(page.getByText("You did not allow Launchpad to use your Zoom account, so nothing was connected.")).toBeVisible();
      await check("/integration/zoom/callback (denied)");
      await page.getByRole("link", { name: "Back to Zoom" }).click();
      await expect(page.getByTestId("connection-state")).toContainText("Not connected");
      await check("/integration/zoom");

      await signInWithZoom(page, "Allow", javaScriptEnabled);
      await expect(page).toHaveURL(/\/integration\/zoom$/);
      await expect(page.getByTestId("connection-state")).toContainText(`Connected as ${ZOOM_ACCOUNT}`);
      if (javaScriptEnabled) await expect(toast(page, `Zoom is connected as ${ZOOM_ACCOUNT}.`)).toBeVisible();
      await check("/integration/zoom (connected)");

      const form = await onlineEvent(context, "Remote demo day");
      await page.goto(`/event-forms/edit/${form.id}`);
      await expect(page.getByRole("heading", { name: "Video meeting" })).toBeVisible();
      await expect(page.getByRole("radio", { name: /Zoom/ })).toBeChecked();
      await page.getByRole("button", { name: "Create meeting" }).click();
      const link = page.getByTestId("meeting-join-url");
      await expect(link).toHaveText(/^https:\/\/zoom\.example\/j\/\d+$/);
      const joinUrl = (await link.textContent())!;
      await check("/event-forms/edit (meeting)");

      const accepted = await applicant(browser, form.id, "Ada Accepted");
      const pending = await applicant(browser, form.id, "Pat Pending");
      await apiCall(context, "PUT", `/api/v1/admin/event_applications/${accepted.applicationId}/status`, { status: "accepted" });

      await accepted.page.goto(`/form-submission?form_id=${form.id}`);
      await expect(accepted.page.getByRole("link", { name: "Join the Zoom meeting" })).toHaveAttribute("href", joinUrl);
      await accepted.page.goto("/event-applications");
      await expect(accepted.page.getByRole("link", { name: "Join the Zoom meeting" })).toHaveAttribute("href", joinUrl);

      await pending.page.goto(`/form-submission?form_id=${form.id}`);
      await expect(pending.page.getByTestId("my-application-status")).toContainText("pending");
      await expect(pending.page.getByRole("link", { name: "Join the Zoom meeting" })).toHaveCount(0);
      expect(await pending.page.content()).not.toContain(joinUrl);
      await pending.page.goto("/event-applications");
      await expect(pending.page.getByText("Remote demo day")).toBeVisible();
      expect(await pending.page.content()).not.toContain(joinUrl);

      await Promise.all([accepted.context.close(), pending.context.close()]);

      await page.goto("/integration/zoom");
      await page.getByRole("button", { name: "Disconnect Zoom" }).click();
      await expect(page.getByTestId("connection-state")).toContainText("Not connected");
    });
  });
}

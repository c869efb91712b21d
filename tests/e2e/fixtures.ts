import { test as base, expect, type APIRequestContext, type BrowserContext, type Page } from "@playwright/test";

export const PASSWORD = "correct horse battery";
export const DEMO_PASSWORD = "launchpad";
export const SUPER_ADMIN = "superadmin@launchpad.test";

let counter = 0;
export const uniqueEmail = (prefix = "e2e") => `${prefix}.${Date.now().toString(36)}.${process.pid}.${++counter}@example.com`;

/** Reads the XSRF-TOKEN cookie the API set on this context, as a SPA would. */
async function xsrf(context: BrowserContext): Promise<string> {
  let token = (await context.cookies()).find((c) => c.name === "XSRF-TOKEN")?.value;
  if (!token) {
    await context.request.get("/sanctum/csrf-cookie");
    token = (await context.cookies()).find((c) => c.name === "XSRF-TOKEN")?.value;
  }
  return decodeURIComponent(token!);
}

/** Calls the API with the browser context's cookies (the fixtures' way to log in and set up data). */
export async function apiCall(context: BrowserContext, method: "POST" | "PUT" | "DELETE", path: string, data?: unknown) {
  const headers = { "X-XSRF-TOKEN": await xsrf(context), Accept: "application/json" };
  const response = await context.request.fetch(path, {
    method,
    headers,
    ...(data instanceof FormDataLike ? { multipart: data.fields } : { data }),
  });
  expect(response.status(), `${method} ${path}: ${await response.text()}`).toBeLessThan(300);
  return response.status() === 204 ? null : response.json();
}

/** Playwright's multipart body: plain fields, sent as multipart/form-data. */
export class FormDataLike {
  constructor(readonly fields: Record<string, string>) {}
}

export async function registerUser(context: BrowserContext, name = "E2E User") {
  const email = uniqueEmail();
  const body = await apiCall(context, "POST", "/api/register", { name, email, password: PASSWORD, password_confirmation: PASSWORD });
  return { email, id: body.user.id as number, name };
}

export async function setUpStartup(
  context: BrowserContext,
  username = `e2e-${Date.now().toString(36)}-${process.pid.toString(36)}-${++counter}`,
) {
  return apiCall(
    context,
    "POST",
    "/api/v1/admin/startups/setup",
    new FormDataLike({
      account_type: "startup",
      name: "E2E Robotics",
      username,
      country: "NG",
      cityName: "Lagos",
      description: "Robots for tests",
      industry: "Hardware",
      stage: "Seed",
      links: "[]",
    }),
  );
}

/** A co-founder profile for the context's user: an account without the startup permissions. */
export async function setUpCoFounder(context: BrowserContext) {
  return apiCall(
    context,
    "POST",
    "/api/v1/admin/profiles/setup",
    new FormDataLike({ name: "Cora", headline: "Designer", skills: "Figma", country: "DE", cityName: "Berlin", bio: "Hi", links: "[]" }),
  );
}

export async function login(context: BrowserContext, email: string, password = PASSWORD) {
  await apiCall(context, "POST", "/api/login", { email, password });
}

/** A separate logged-in API session as the seeded super admin, for arranging data. */
export async function adminRequest(
  playwright: { request: { newContext(o: { baseURL?: string }): Promise<APIRequestContext> } },
  baseURL: string,
) {
  const request = await playwright.request.newContext({ baseURL });
  await request.get("/sanctum/csrf-cookie");
  const token = async () => decodeURIComponent((await request.storageState()).cookies.find((c) => c.name === "XSRF-TOKEN")!.value);
  const call = async (method: string, path: string, data?: unknown) => {
    const response = await request.fetch(path, { method, data, headers: { "X-XSRF-TOKEN": await token(), Accept: "application/json" } });
    expect(response.status(), `${method} ${path}: ${await response.text()}`).toBeLessThan(300);
    return response.status() === 204 ? null : response.json();
  };
  await call("POST", "/api/login", { email: SUPER_ADMIN, password: DEMO_PASSWORD });
  return { call, dispose: () => request.dispose() };
}

interface Fixtures {
  /** false (default) marks the tour as seen so it does not cover the page; true leaves it to start. */
  showTour: boolean;
  /** A fresh user with a finished startup setup, logged in on `page`. */
  startupUser: { email: string; id: number; name: string };
}

export const test = base.extend<Fixtures>({
  showTour: [false, { option: true }],
  context: async ({ context, showTour }, use) => {
    if (!showTour) await context.addInitScript(() => window.localStorage.setItem("introComplete", "true"));
    await use(context);
  },
  startupUser: async ({ context }, use) => {
    const user = await registerUser(context, "Stella Tester");
    await setUpStartup(context);
    await use(user);
  },
});

export { expect };

/** Toasts are react-toastify's alerts. */
export const toast = (page: Page, text: string | RegExp) => page.locator(".Toastify__toast").filter({ hasText: text });

/** A success said as a toast with JavaScript, or as the bar the redirect's page shows without it. */
export const said = (page: Page, javaScriptEnabled: boolean, text: string) =>
  javaScriptEnabled ? expect(toast(page, text)).toBeVisible() : expect(page.getByTestId("flash-notice")).toHaveText(text);

/** A published event form owned by the context's (startup) user, in a new collection; paid when a price is given. */
export async function publishedEventForm(
  context: BrowserContext,
  { title = "Founders workshop", price = null as string | null, currency = "USD", capacity = 50, waitlist = false } = {},
) {
  const { collection } = await apiCall(context, "POST", "/api/v1/admin/collections", { name: `Events ${++counter}` });
  const { event_form: draft } = await apiCall(context, "POST", "/api/v1/admin/event_forms", {
    collection_id: collection.id,
    title,
    description: "A hands-on session for founders.",
    category: "Workshop",
    nature: "in_person",
    timezone: "Africa/Lagos",
    starts_at: "2035-06-01T18:00",
    ends_at: "2035-06-01T21:00",
    venue: "Yaba Tech Hub, Lagos",
    venue_country: "NG",
    venue_city: "Lagos",
    capacity,
    waitlist_enabled: waitlist,
    ...(price
      ? { type_of_event: "paid", paid_event_information: { price, currency, includes: "Lunch and materials" } }
      : { type_of_event: "free" }),
    questions: { full_name: { enabled: true, required: true }, email: { enabled: true, required: true } },
    custom_questions: [{ label: "What are you building?", type: "short_text", required: true }],
  });
  const { event_form: form } = await apiCall(context, "PUT", `/api/v1/admin/event_form_statuses/${draft.id}`, { status: "published" });
  return form as { id: number; title: string };
}

/** The key of a form's one custom question (publishedEventForm's "What are you building?"), as the site answer names it. */
export async function customKey(context: BrowserContext, formId: number): Promise<string> {
  const response = await context.request.get(`/api/v1/site/event_forms/${formId}`, { headers: { Accept: "application/json" } });
  const body = (await response.json()) as { event_form: { custom_questions: { id: string }[] } };
  return body.event_form.custom_questions[0].id;
}

/** A published paid event form (USD 25.00 unless told). */
export const publishedPaidForm = (context: BrowserContext, { title = "Paid workshop", price = "25.00", currency = "USD" } = {}) =>
  publishedEventForm(context, { title, price, currency });

/** The co-founder setup form, filled in as a person would (Link 1 left blank: an unused row is dropped, not refused). */
export async function fillCoFounder(page: Page) {
  await page.getByLabel("Name", { exact: true }).fill("Cora Founder");
  await page.getByLabel("Headline").fill("Designer looking for a technical co-founder");
  await page.getByLabel("Skills").fill("Figma, Research, Branding");
  await page.getByLabel("Country").selectOption("DE");
  await page.getByLabel("City").fill("Berlin");
  await page.getByLabel("Bio").fill("Eight years of product design.");
}

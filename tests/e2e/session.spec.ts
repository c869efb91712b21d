import type { BrowserContext, Page, WebSocketRoute } from "@playwright/test";
import Pusher from "pusher";
import { PASSWORD, expect, test, toast } from "./fixtures";

type Playwright = Parameters<Parameters<typeof test>[2]>[0]["playwright"];

/** The session ends elsewhere: logged out through the API with the same cookie. */
async function endSessionElsewhere(context: BrowserContext, playwright: Playwright, baseURL: string | undefined) {
  const cookies = await context.cookies();
  const other = await playwright.request.newContext({ baseURL, storageState: { cookies, origins: [] } });
  const xsrf = decodeURIComponent(cookies.find((c) => c.name === "XSRF-TOKEN")!.value);
  expect((await other.post("/api/logout", { headers: { "X-XSRF-TOKEN": xsrf } })).status()).toBe(204);
  await other.dispose();
}

/** The page's live connection has authorised its channel: it asks again only after a reconnect. */
const channelAuthorised = (page: Page) =>
  page.waitForResponse((response) => response.url().endsWith("/broadcasting/auth") && response.status() === 200);

test("an expired session shows the toast, goes to /login and comes back after logging in", async ({
  page,
  context,
  startupUser,
  playwright,
  baseURL,
}) => {
  // The live connection notices an ended session by itself (the last test here); this test is about the
  // page's own navigation, so its socket never reaches the server.
  await page.routeWebSocket(/\/app\//, () => {});
  await page.goto("/account");
  await expect(page.getByRole("heading", { name: "Account" })).toBeVisible();

  await endSessionElsewhere(context, playwright, baseURL);

  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Home" }).click();
  await expect(toast(page, "Your session has expired. Please log in again.")).toBeVisible();
  await expect(page).toHaveURL(/\/login\?redirectTo=%2F?$|\/login$/);

  await page.goto("/account");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Faccount$/);
  await page.getByLabel("Email").fill(startupUser.email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/account$/);
});

test("a full page load with an expired session also says so", async ({ page, context, startupUser, playwright, baseURL }) => {
  expect(startupUser.id).toBeGreaterThan(0);
  await endSessionElsewhere(context, playwright, baseURL);

  await page.goto("/account");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Faccount$/);
  await expect(toast(page, "Your session has expired. Please log in again.")).toBeVisible();
  // The dead cookie is gone, so the next visit is an ordinary logged-out one.
  expect((await context.cookies()).some((c) => c.name === "launchpad_session")).toBe(false);
});

test("a session that ends under an open page is also noticed by the live connection", async ({
  page,
  context,
  startupUser,
  playwright,
  baseURL,
}) => {
  expect(startupUser.id).toBeGreaterThan(0);
  const sockets: WebSocketRoute[] = [];
  await page.routeWebSocket(/\/app\//, (socket) => {
    socket.connectToServer();
    sockets.push(socket);
  });
  const authorised = channelAuthorised(page);
  await page.goto("/account");
  await authorised;

  // Page data waits, so only the live connection can find out: its channel authorisation meets the
  // ended session (401, and the API drops the cookie) when it subscribes again after a reconnect.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\.data(\?|$)/, async (route) => {
    await held;
    await route.continue();
  });
  // The page itself heads for /login (the reconnect's own catch-up revalidation, held here, would too).
  // Listened for before the session ends: the page may subscribe to more than one channel, and an
  // authorisation still in flight then meets the ended session at once, before any reconnect.
  const toLogin = page.waitForRequest((request) => new URL(request.url()).pathname === "/login.data");
  await endSessionElsewhere(context, playwright, baseURL);
  // Only the sockets open now: the page's reconnect (pushed to the list meanwhile) must stay up to subscribe again.
  for (const socket of [...sockets]) await socket.close();
  await expect(toast(page, "Your session has expired. Please log in again.")).toBeVisible();
  await toLogin;
  release();
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Faccount$/);
});

/** The page's live connection has signed in as its user (Pusher's user authentication). */
const signedIn = (page: Page) =>
  page.waitForResponse((response) => response.url().endsWith("/broadcasting/user-auth") && response.status() === 200);

test("a live connection the app ends while the session lives connects again, signs in and keeps its channels", async ({
  page,
  startupUser,
  baseURL,
}) => {
  const firstSignin = signedIn(page);
  const authorised = channelAuthorised(page);
  await page.goto("/account");
  await Promise.all([firstSignin, authorised]);

  // What an external server does after a change of roles: every socket signed in as the user is closed
  // (4009). The credentials are the test server's (playwright.config.ts).
  const server = new URL(baseURL!);
  const sdk = new Pusher({ appId: "e2e-app", key: "e2e-key", secret: "e2e-secret", host: server.hostname, port: server.port });
  const signedInAgain = signedIn(page);
  const authorisedAgain = channelAuthorised(page);
  expect((await sdk.terminateUserConnections(String(startupUser.id))).status).toBe(200);
  await Promise.all([signedInAgain, authorisedAgain]);
  await expect(page).toHaveURL(/\/account$/);
  await expect(toast(page, "Your session has expired. Please log in again.")).toHaveCount(0);
});

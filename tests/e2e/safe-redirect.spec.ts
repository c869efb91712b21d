import type { APIResponse } from "@playwright/test";
import { PASSWORD, expect, registerUser, test } from "./fixtures";

/**
 * Redirect targets as they appear in an address: each one, decoded, either leaves the site in a browser
 * ("/\t/evil.example" is "//evil.example" once the tab is dropped) or cannot be put in a header as it is.
 */
const TARGETS = [
  "/%09/evil.example",
  "/%0a/evil.example",
  "/%0d%0a/evil.example",
  "%5C%5Cevil.example",
  "/%5Cevil.example",
  "//evil.example",
  "/.//evil.example",
  "https://evil.example/",
  "javascript:alert(1)",
  "/a%0ab",
  "/a%0db",
  "/a%0cb",
  "/a%00b",
  "/caf%C3%A9",
  "/%E2%80%A8",
];

/** A redirect that stays on this site, with a value a header may carry. */
function expectSameOriginRedirect(response: APIResponse, baseURL: string) {
  expect(response.status(), response.url()).toBe(302);
  const location = response.headers()["location"];
  expect(location, response.url()).toMatch(/^\/(?!\/)[\x21-\x7e]*$/);
  expect(new URL(location, baseURL).origin).toBe(new URL(baseURL).origin);
}

test("GET /login sends a logged-in user only to a page of this site", async ({ context, baseURL }) => {
  await registerUser(context);
  for (const target of TARGETS) {
    expectSameOriginRedirect(await context.request.get(`/login?redirectTo=${target}`, { maxRedirects: 0 }), baseURL!);
  }
  // A page of this site is kept, query and all.
  const kept = await context.request.get(`/login?redirectTo=${encodeURIComponent("/account?tab=1")}`, { maxRedirects: 0 });
  expect(kept.headers()["location"]).toBe("/account?tab=1");
});

test("POST /login (a plain form post) sends the user only to a page of this site", async ({ context, playwright, baseURL }) => {
  const { email } = await registerUser(context);
  const request = await playwright.request.newContext({ baseURL });
  try {
    for (const target of TARGETS) {
      const response = await request.post("/login", {
        form: { email, password: PASSWORD, redirectTo: decodeURIComponent(target) },
        maxRedirects: 0,
      });
      expectSameOriginRedirect(response, baseURL!);
    }
  } finally {
    await request.dispose();
  }
});

test("POST /register with a hostile redirectTo goes on to setup", async ({ playwright, baseURL }) => {
  const request = await playwright.request.newContext({ baseURL });
  try {
    const email = `redirect.${Date.now().toString(36)}@example.com`;
    const response = await request.post("/register", {
      form: { name: "Rae", email, password: PASSWORD, password_confirmation: PASSWORD, redirectTo: "/\n/evil.example?form_id=1" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(302);
    expect(response.headers()["location"]).toBe("/setup");
  } finally {
    await request.dispose();
  }
});

test.describe("setup complete, JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("next= names only a page of this site, and the page follows it there", async ({ page, startupUser, baseURL }) => {
    expect(startupUser.email).toBeTruthy();
    // The page moves on by itself after two seconds, so its HTML is read with the page's cookies rather than
    // raced in the tab; the last step lets the browser follow the refresh.
    for (const target of TARGETS) {
      const response = await page.request.get(`/setup/complete?next=${target}`, { maxRedirects: 0 });
      expect(response.status(), target).toBe(200);
      const html = await response.text();
      const href = /<a[^>]*href="([^"]*)"[^>]*>Continue<\/a>/.exec(html)?.[1];
      const refresh = /<meta http-equiv="refresh" content="\d+;url=([^"]*)"/.exec(html)?.[1];
      for (const next of [href, refresh]) {
        expect(next, target).toBeDefined();
        expect(new URL(next!.replaceAll("&amp;", "&"), baseURL).origin, target).toBe(new URL(baseURL!).origin);
        expect(next, target).toMatch(/^\/(?!\/)/);
      }
    }
    await page.goto("/setup/complete?next=/%09/evil.example");
    await expect(page).toHaveURL(`${baseURL}/`, { timeout: 8_000 });
  });
});

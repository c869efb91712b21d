import { expect, test } from "./fixtures";

test("pages carry an enforced nonce CSP and the other security headers, and run without violations", async ({ page, startupUser }) => {
  expect(startupUser.email).toBeTruthy();
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  // A blocked eval that the script catches is still a violation the browser reports (and lists as an issue),
  // though it never reaches the console.
  await page.exposeFunction("reportViolation", (violation: string) => violations.push(violation));
  await page.addInitScript(() =>
    document.addEventListener("securitypolicyviolation", (event) =>
      (window as unknown as { reportViolation(v: string): void }).reportViolation(
        `${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}`,
      ),
    ),
  );
  const response = await page.goto("/");
  const headers = response!.headers();
  const csp = headers["content-security-policy"];
  const nonce = csp.match(/'nonce-([^']+)'/)?.[1];
  expect(nonce).toBeTruthy();
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).not.toContain("unsafe-inline'; script");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  const html = await response!.text();
  const scripts = html.match(/<script\b[^>]*>/g) ?? [];
  expect(scripts.length).toBeGreaterThan(0);
  for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
  await expect(page.getByRole("heading", { name: /^Welcome, / })).toBeVisible();
  // Hydrated: client-side navigation works under the policy.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Account" }).click();
  await expect(page.getByRole("heading", { name: "Account" })).toBeVisible();
  // A page whose forms validate in the browser, loaded from the start.
  await page.goto("/startups?type=startup");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(violations).toEqual([]);
});

test("a panel form posted from another origin is refused with 403", async ({ request }) => {
  const response = await request.post("/login", {
    headers: { Origin: "https://evil.example" },
    form: { email: "superadmin@launchpad.test", password: "launchpad" },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(403);
  expect(response.headers()["set-cookie"] ?? "").not.toContain("launchpad_session=");
});

test("an API mutation without the XSRF header is refused with 419", async ({ request }) => {
  await request.get("/sanctum/csrf-cookie");
  const response = await request.post("/api/login", { data: { email: "superadmin@launchpad.test", password: "launchpad" } });
  expect(response.status()).toBe(419);
  expect(await response.json()).toEqual({ message: "CSRF token mismatch." });
});

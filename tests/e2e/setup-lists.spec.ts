/**
 * The setup forms' lists, typed in a browser with JavaScript on and off, read back from the API as typed:
 * links (a second row added with "Add link", a round trip without JavaScript), skills, roles, industries.
 */
import type { BrowserContext } from "@playwright/test";
import { expect, registerUser, test } from "./fixtures";

const current = async (context: BrowserContext) => (await context.request.get("/api/v1/admin/profiles/current")).json();
const LINKS = ["https://orbit.example.com", "https://x.com/orbit?ref=a,b"];

for (const javaScriptEnabled of [true, false]) {
  test.describe(`setup lists, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });
    // Two setups' worth of typing on a shared 2-core machine.

    test("a startup's links, wanted skills and wanted roles come back as typed", async ({ page, context }) => {
      await registerUser(context, "Lena Lists");
      await page.goto("/setup?type=startup");
      await page.getByLabel("Name", { exact: true }).fill("Orbit Labs");
      await page.getByLabel("Username").fill(`orbit-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e4)}`);
      await page.getByLabel("Country").selectOption("KE");
      await page.getByLabel("City").fill("Nairobi");
      await page.getByLabel("Description").fill("Satellite data for farmers.");
      await page.getByLabel("Industry").selectOption("Agriculture");
      await page.getByLabel(/^Stage/).selectOption("Pre-seed");
      await page.getByLabel("Skills you want").fill("robotics, typescript");
      await page.getByRole("group", { name: "Roles you want filled" }).getByLabel("Technical").check();
      await page.getByRole("group", { name: "Roles you want filled" }).getByLabel("Design").check();
      await page.getByLabel("Link 1").fill(LINKS[0]);
      await page.getByRole("button", { name: "Add link" }).click();
      await page.getByLabel("Link 2").fill(LINKS[1]);
      await page.getByRole("button", { name: "Save and continue" }).click();
      await expect(page).not.toHaveURL(/\/setup(\?|$)/, { timeout: 30_000 });
      const { startup } = await current(context);
      expect(startup.wanted_skills).toEqual(["robotics", "typescript"]);
      expect(startup.wanted_roles).toEqual(["Technical", "Design"]);
      expect(startup.links).toEqual(LINKS);
    });

    test("a co-founder's links, skills, roles and industries come back as typed", async ({ page, context }) => {
      await registerUser(context, "Cora Lists");
      await page.goto("/setup?type=co-founder");
      await page.getByLabel("Name", { exact: true }).fill("Cora Founder");
      await page.getByLabel("Headline").fill("Designer looking for a technical co-founder");
      await page.getByLabel("Skills", { exact: true }).fill("Figma, User research, Branding");
      await page.getByLabel("Country").selectOption("DE");
      await page.getByLabel("City").fill("Berlin");
      await page.getByLabel("Bio").fill("Eight years of product design.");
      await page.getByRole("group", { name: "Roles you can take" }).getByLabel("Design").check();
      await page.getByRole("group", { name: "Roles you can take" }).getByLabel("Product").check();
      await page
        .getByRole("group", { name: /^Industries/ })
        .getByLabel("Fintech")
        .check();
      await page
        .getByRole("group", { name: /^Industries/ })
        .getByLabel("Healthcare")
        .check();
      await page.getByLabel("Link 1").fill(LINKS[0]);
      await page.getByRole("button", { name: "Add link" }).click();
      await page.getByLabel("Link 2").fill(LINKS[1]);
      await page.getByRole("button", { name: "Save and continue" }).click();
      await expect(page).not.toHaveURL(/\/setup(\?|$)/, { timeout: 30_000 });
      const { profile } = await current(context);
      expect(profile.skills).toEqual(["Figma", "User research", "Branding"]);
      // In the order the boxes are listed.
      expect(profile.roles).toEqual(["Product", "Design"]);
      expect(profile.industries).toEqual(["Fintech", "Healthcare"]);
      expect(profile.links).toEqual(LINKS);
    });
  });
}

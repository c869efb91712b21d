/**
 * The panel's pages and their actions, walked from the route table (app/routes.ts) and sent malformed
 * ids, queries and form bodies: none may answer 5xx. The API has its own, larger fuzz suite (api/fuzz).
 */
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "../../app/routes.ts";
import { expect, login, SUPER_ADMIN, DEMO_PASSWORD, test } from "./fixtures.ts";

/** Every URL pattern of the panel, layouts flattened. */
function patterns(entries: readonly RouteConfigEntry[], prefix = ""): string[] {
  return entries.flatMap((entry) => {
    const path = entry.path === undefined ? prefix : `${prefix}/${entry.path}`.replace(/\/+/g, "/");
    const own = entry.path !== undefined || entry.index ? [path || "/"] : [];
    return [...own, ...patterns(entry.children ?? [], path)];
  });
}

// "..%2F1", "1%2F2" and "1%0A2" reach the route decoded ("../1", "1/2", "1\n2"): no API path or redirect may be built from them.
const BAD_IDS = ["2147483648", "99999999999999999999", "-1", "abc", "%00", "%ED%A0%80", "..%2F1", "1%0A2", "1%2F2", "0x10", "1e3"];
const BAD_QUERY = [
  "search=%00",
  "form_id=2147483648",
  "form_id=%00",
  "event_form_id=99999999999999999999",
  "connect_pay_id=%00",
  "status=%00",
  "role=2147483648",
  "page=-1",
  "per_page=2147483648",
  "billing=2147483648",
  "redirectTo=/%09/evil.example",
  "next=%0d%0aSet-Cookie:x=1",
  "type=%00",
].join("&");
const BAD_FORMS = [
  "intent=%00",
  "intent=toggle&id=2147483648&coupon=%7Bnot-json",
  "intent=roles&user_id=2147483648&roles=99999999999999999999",
  "intent=rename&id=%00&name=%00",
  "name=a%00b&email=%00&password=%ED%A0%80",
];
/** Bodies an action's `request.formData()` cannot read: the outer server answers 415 or 400 for them. */
const NOT_FORMS: { type?: string; body: string }[] = [
  { type: "application/json", body: '{"intent":"delete"}' },
  { type: "text/plain", body: "intent=delete" },
  { body: "" },
  { type: "multipart/form-data", body: "intent=delete" },
  { type: "multipart/form-data; boundary=x", body: '--x\r\nContent-Disposition: form-data; name="intent"\r\n\r\ndel' },
];

test.describe("the panel with malformed input", () => {
  const urls = patterns(routes).filter((p) => p !== "*" && p !== "/logout");

  test("pages and their actions answer without a server error", async ({ context, page, baseURL }) => {
    test.setTimeout(120_000);
    await login(context, SUPER_ADMIN, DEMO_PASSWORD);
    let sent = 0;
    const failures: string[] = [];
    const check = async (method: "GET" | "POST", url: string, form?: string, type = "application/x-www-form-urlencoded") => {
      const response =
        method === "GET"
          ? await page.request.get(url, { maxRedirects: 0 })
          : await page.request.post(url, { data: form, headers: type ? { "Content-Type": type } : {}, maxRedirects: 0 });
      sent++;
      if (response.status() >= 500) failures.push(`${response.status()} ${method} ${url} ${form ?? ""}`);
      const location = response.headers().location;
      // Whatever the input, a redirect stays on this site.
      if (location) expect(new URL(location, baseURL).origin, `${url} → ${location}`).toBe(new URL(baseURL!).origin);
    };
    for (const pattern of urls) {
      const filled = pattern.includes(":") ? BAD_IDS.map((id) => pattern.replace(/:\w+/g, id)) : [pattern];
      for (const url of filled) {
        await check("GET", url);
        await check("GET", `${url}?${BAD_QUERY}`);
        for (const form of BAD_FORMS) await check("POST", url, form);
      }
      for (const { type = "", body } of NOT_FORMS) await check("POST", pattern.replace(/:\w+/g, "1"), body, type);
    }
    console.log(`[panel fuzz] ${urls.length} routes, ${sent} requests, ${failures.length} answered 5xx`);
    expect(failures).toEqual([]);
  });
});

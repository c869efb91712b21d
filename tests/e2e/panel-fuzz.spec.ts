/**
 * The panel's pages and their actions, walked from the route table (app/routes.ts) and sent malformed
 * ids, queries and form bodies: none may answer 5xx. The API has its own, larger fuzz suite (api/fuzz).
 */
import type { APIRequestContext, Browser, BrowserContext } from "@playwright/test";
import { UNREADABLE_SUBMISSION } from "../../app/lib/submission.server.ts";
import { CO_FOUNDER_ROLES } from "#schemas/co-founders.ts";
import {
  apiCall,
  expect,
  login,
  publishedEventForm,
  publishedPaidForm,
  registerUser,
  setUpCoFounder,
  setUpStartup,
  SUPER_ADMIN,
  DEMO_PASSWORD,
  test,
} from "./fixtures.ts";
import { latestMailTo, linkIn } from "./mailbox.ts";
import { applicantWithTicket } from "./tickets.ts";
import { actionRoutes, fillPattern, formReadingRoutes, matchesPattern, panelRoutes, sameSiteTargets } from "./panel-routes.ts";
import { awaitSecondStep, enableTwoFactor } from "./two-factor-steps.ts";

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
  const urls = panelRoutes.map(({ pattern }) => pattern);

  test("pages and their actions answer without a server error", async ({ context, page, baseURL }) => {
    // About 1,400 requests: minutes on a busy 2-core machine. A hang still fails.
    test.setTimeout(360_000);
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
      // A bad id is refused before its query or form matters: each is opened, and posted one bad form
      // (taken in turn). The bad query, every bad form and every body that is not a form go to an id that
      // reads, where they are read.
      const atBadIds = pattern.includes(":") ? BAD_IDS.map((id) => fillPattern(pattern, id)) : [];
      for (const [position, url] of atBadIds.entries()) {
        await check("GET", url);
        await check("POST", url, BAD_FORMS[position % BAD_FORMS.length]);
      }
      const url = fillPattern(pattern, "1");
      await check("GET", url);
      await check("GET", `${url}?${BAD_QUERY}`);
      for (const form of BAD_FORMS) await check("POST", url, form);
      for (const { type = "", body } of NOT_FORMS) await check("POST", url, body, type);
    }
    console.log(`[panel fuzz] ${urls.length} routes, ${sent} requests, ${failures.length} answered 5xx`);
    expect(failures).toEqual([]);
  });
});

/**
 * What each action is sent. How the one form reader (parseSubmission) treats every malformed reserved field,
 * intent by intent and state by state, is its own unit test's (app/lib/submission.server.test.ts): it refuses
 * them all alike. Here each action meets one refused intent and one refused state (so it answers the
 * reader's refusal), and the shapes an action that reads its own fields meets: the intent twice, a sparse
 * list position, deep nesting, thousands of values.
 */
const FIELDS = "name=Ada&email=ada%40example.com&title=CTO";
const MALFORMED_SUBMISSIONS = [
  `${FIELDS}&__intent__=${encodeURIComponent('{"type":"update","payload":{"name":"__proto__.polluted","value":1}}')}`,
  `${FIELDS}&__state__=${encodeURIComponent('{"validated":{"name":"yes"}}')}`,
  `__intent__=${encodeURIComponent('{"type":"validate","payload":{}}')}&__intent__=x`,
  `${FIELDS}&links[100000]=x`,
  `${FIELDS}&a${"[0]".repeat(40)}=x`,
  `${FIELDS}&${"links=x&".repeat(3000)}`,
];

type Persona = { name: string; context: BrowserContext; start: string[] };

/**
 * Everyone an action may answer differently: a visitor (with a reset link), a new account, a startup, a payer,
 * the super admin, and someone half way through a two-factor sign-in.
 */
async function personas(browser: Browser, baseURL: string): Promise<Persona[]> {
  const open = () => browser.newContext({ baseURL });
  const startup = await open();
  const startupUser = await registerUser(startup, "Fuzz Startup");
  await setUpStartup(startup);
  const paid = await publishedPaidForm(startup, { title: "Fuzz workshop" });
  // An application given to the startup's owner to review: their queue links to its scoring screen.
  const reviewed = await publishedEventForm(startup, { title: "Fuzz demo day" });
  await apiCall(startup, "PUT", `/api/v1/admin/event_forms/${reviewed.id}/rubric`, {
    criteria: [{ name: "Team", weight: 1, scale_max: 5 }],
  });
  await (await applicantWithTicket(browser, baseURL, reviewed.id, "Fuzz Applicant")).context.close();
  await apiCall(startup, "POST", `/api/v1/admin/event_forms/${reviewed.id}/review_assignments`, {
    mode: "all",
    reviewer_ids: [startupUser.id],
  });
  const unpaid = await publishedPaidForm(startup, { title: "Fuzz masterclass" });
  await apiCall(startup, "POST", "/api/v1/admin/coupon_codes", {
    code: `FUZZ${Date.now().toString(36).toUpperCase()}`,
    discount_type: "percentage",
    value: "10",
    event_form_id: paid.id,
    is_active: true,
  });
  await apiCall(startup, "POST", "/api/v1/admin/co_founders", { name: "Tess Team", title: "CTO", role: CO_FOUNDER_ROLES[0] });
  // A webhook endpoint, so its own screen (and its forms) is linked from /webhooks; nothing it listens for happens here.
  await apiCall(startup, "POST", "/api/v1/admin/webhooks", { url: "http://127.0.0.1:9/fuzz-hooks", kinds: ["member.removed"] });
  const payer = await open();
  const payerUser = await registerUser(payer, "Fuzz Payer");
  await setUpCoFounder(payer);
  const { event_billing: billing } = await apiCall(payer, "POST", "/api/v1/admin/event_billings", {
    event_form_id: paid.id,
    name: "Fuzz Payer",
    email: payerUser.email,
    phone: "+234 801 234 5678",
    address: "12 Herbert Macaulay Way",
    country: "Nigeria",
    city: "Lagos",
  });
  const admin = await open();
  await login(admin, SUPER_ADMIN, DEMO_PASSWORD);
  const fresh = await open();
  await registerUser(fresh, "Fuzz Newcomer");
  // Half signed in: the password was right and the sign-in waits for its code (/login/two-factor opens).
  const waiting = await open();
  const waitingUser = await registerUser(waiting, "Fuzz Two-Factor");
  await enableTwoFactor(waiting);
  await awaitSecondStep(waiting, waitingUser.email);
  // A visitor holding a reset link from the mail: /reset-password/{token} opens only with one that works.
  const visitor = await open();
  const forgetful = await registerUser(await open(), "Fuzz Forgetful");
  await apiCall(visitor, "POST", "/api/forgot-password", { email: forgetful.email });
  const resetLink = linkIn(
    await latestMailTo(forgetful.email, (mail) => mail.subject === "Reset your Launchpad password"),
    "/reset-password/",
  );
  const pages = panelRoutes.filter(({ pattern }) => !pattern.includes(":")).map(({ pattern }) => pattern);
  return [
    { name: "startup", context: startup, start: [...pages, `/form-submission?form_id=${paid.id}`] },
    {
      name: "payer",
      context: payer,
      start: [...pages, `/form-submission/billing?form_id=${unpaid.id}`, `/form-submission/billing/edit/${billing.id}`],
    },
    { name: "super admin", context: admin, start: pages },
    { name: "new account", context: fresh, start: pages },
    { name: "two-factor sign-in", context: waiting, start: pages },
    { name: "visitor", context: visitor, start: [...pages, resetLink] },
  ];
}

const opens = async (request: APIRequestContext, url: string) => (await request.get(url, { maxRedirects: 0 })).status() === 200;

/** For each action, an address of it and someone whose page it is (a page that opens, not a redirect or a refusal). */
async function actionTargets(all: Persona[]) {
  const targets = new Map<string, { url: string; persona: Persona }>();
  for (const persona of all) {
    const links = new Set<string>();
    for (const url of persona.start) {
      const response = await persona.context.request.get(url, { maxRedirects: 0 });
      if (response.status() !== 200) continue;
      links.add(url);
      for (const target of sameSiteTargets(await response.text())) links.add(target);
    }
    // A page reached through a GET form (a collection picked for a new event form) needs its query: the
    // id parameters the persona's links carry are tried on an address that does not open without one.
    const idParameters = [
      ...new Set(
        [...links].flatMap((link) =>
          [...new URL(link, "http://panel").searchParams].filter(([, v]) => /^\d+$/.test(v)).map(([k, v]) => `${k}=${v}`),
        ),
      ),
    ];
    for (const { pattern } of actionRoutes) {
      if (targets.has(pattern)) continue;
      const matching = [...links].filter((link) => matchesPattern(pattern, link));
      const withQuery = matching
        .filter((link) => !link.includes("?"))
        .flatMap((link) => idParameters.map((parameter) => `${link}?${parameter}`));
      for (const url of [...matching, ...withQuery]) {
        if (await opens(persona.context.request, url)) {
          targets.set(pattern, { url, persona });
          break;
        }
      }
    }
  }
  return targets;
}

test.describe("every panel action with conform's reserved fields malformed", () => {
  test("answers 4xx with the form again, never 5xx", async ({ browser, baseURL }) => {
    // About 400 requests and six personas' crawl: minutes on a busy 2-core machine. A hang still fails.
    test.setTimeout(1_200_000);
    const all = await personas(browser, baseURL!);
    const targets = await actionTargets(all);
    let sent = 0;
    const failures: string[] = [];
    const post = async (request: APIRequestContext, url: string, options: Parameters<APIRequestContext["post"]>[1]) => {
      const response = await request.post(url, { ...options, maxRedirects: 0 });
      sent++;
      if (response.status() >= 500)
        failures.push(`${response.status()} POST ${url} ${JSON.stringify(options?.data ?? options?.multipart).slice(0, 160)}`);
      return response;
    };
    for (const { pattern } of actionRoutes) {
      // An action no one could open is still sent everything, at an address filled with 1.
      const { url, persona } = targets.get(pattern) ?? { url: fillPattern(pattern, "1"), persona: all[0] };
      const { request } = persona.context;
      for (const body of MALFORMED_SUBMISSIONS)
        await post(request, url, { data: body, headers: { "Content-Type": "application/x-www-form-urlencoded" } });
      const asFile = { name: "intent.json", mimeType: "application/json", buffer: Buffer.from('{"type":"validate","payload":{}}') };
      await post(request, url, { multipart: { name: "Ada", __intent__: asFile } });
      await post(request, url, { multipart: { name: "Ada", __state__: asFile } });
    }
    const reading = formReadingRoutes.map(({ pattern }) => pattern);
    console.log(
      `[panel fuzz] ${actionRoutes.length} actions (${reading.length} read conform forms), ${sent} requests, ${failures.length} answered 5xx`,
    );
    expect(failures).toEqual([]);
    // Every action that reads a conform form was reached by someone whose page it is. Sent a malformed
    // intent, it answers 400 when its own fields come first (an unknown action), or 422 with the form
    // again and the message.
    expect(reading.filter((pattern) => !targets.has(pattern))).toEqual([]);
    const answers: string[] = [];
    let reRendered = 0;
    for (const pattern of reading) {
      const { url, persona } = targets.get(pattern)!;
      const response = await persona.context.request.post(url, { form: { __intent__: "x", name: "Ada" }, maxRedirects: 0 });
      const shown = (await response.text()).includes(UNREADABLE_SUBMISSION);
      if (shown && response.status() === 422) reRendered++;
      else if (response.status() !== 400)
        answers.push(`${persona.name} POST ${url}: ${response.status()}${shown ? "" : " without the message"}`);
    }
    console.log(`[panel fuzz] ${reRendered} of ${reading.length} conform actions answered the form again with the message`);
    expect(answers).toEqual([]);
    for (const persona of all) await persona.context.close();
  });
});

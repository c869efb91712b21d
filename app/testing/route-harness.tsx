/*
 * Tests of the panel's loaders and actions, run against the real API in this process on a test database
 * of their own. The route code under test still reaches data only through its ApiClient; only this test
 * harness, which never ships with the panel, reaches past it to start the API and make users and data.
 */
import { sessionCookieName, xsrfCookieName, type ApiConfig } from "#api/config";
import { createTestApi, type Json, type TestApi, type TestClient } from "#api/testing/harness";
// The API tests' own fixtures, so the route tests make users and data the same way.
export { billingFields, createBilling, createCoupon, paidEventForm } from "#api/testing/billing-fixtures";
export {
  createEventForm,
  insertApplication,
  ownerWithCollection,
  setEventFormStatus,
  validEventFormFields,
} from "#api/testing/event-fixtures";
export { ageAccount, coFounder, registered, setUpStartupProfile, superAdmin } from "#api/testing/fixtures";
export { coFounderWith, startupOwner } from "#api/testing/co-founder-fixtures";
export { enableTwoFactor, totpCode } from "#api/testing/two-factor-fixtures";
export { unsubscribeToken } from "#api/modules/notification-mail/unsubscribe";
export { mailedToken } from "#api/testing/mail-fixtures";
export { invitedToken, joinedMember, teamOwner } from "#api/testing/team-fixtures";
import { renderToString } from "react-dom/server";
import { RouterContextProvider, createRoutesStub } from "react-router";
import { ApiClient } from "~/lib/api.server";
import { apiContext } from "~/lib/contexts";
import { DatesProvider, DEFAULT_DATE_PREFERENCES, type DatePreferences } from "~/lib/dates";
import { readFlash, type FlashToast } from "~/lib/flash.server";
import { requestEnvContext, type RequestEnv } from "~/lib/request-env";
import { middleware as adminMiddleware } from "~/routes/admin/layout";

/** Where the panel is served in the tests; the API in this process answers whatever the host. */
const PANEL_ORIGIN = "http://localhost:3000";
/** The address the TestClients come from, so the browser and the panel's server count as one caller. */
const BROWSER_ADDRESS = "203.0.113.7";

/** What a loader or action is called with (the typed route args are this, with the route's own params). */
interface HandlerArgs {
  request: Request;
  url: URL;
  pattern: string;
  params: Record<string, string | undefined>;
  context: Readonly<RouterContextProvider>;
}

export interface RouteCall {
  /** The browser: a TestClient logged in through the API (its cookies are sent), or null for a visitor. */
  as: TestClient | null;
  /** The page's address, with its query. */
  path: string;
  params?: Record<string, string>;
  /** A POST's form fields (an action); a repeated field is a list. */
  form?: Record<string, string | string[]>;
  /** "admin" (the default) runs the admin layout's middleware first, as every admin page does. */
  layout?: "admin" | "guest";
}

/** How a loader or action ended, whether it answered or threw (a status screen, a redirect). */
export interface RouteOutcome {
  thrown: boolean;
  status: number;
  /** The answer's data (loader data, action data, a status screen's message); undefined for a redirect. */
  data: Json;
  /** A redirect's target. */
  location: string | null;
  /** The flash toast a redirect carries to its page. */
  toast: FlashToast | null;
  /** A handler's own Response (a redirect, a file), to read its headers and body. */
  response: Response | null;
}

export interface RouteHarness {
  /** The API and its database, for the fixtures that make users and data. */
  t: TestApi;
  env: RequestEnv;
  run<A extends HandlerArgs>(handler: (args: A) => unknown, call: RouteCall): Promise<RouteOutcome>;
  close(): Promise<void>;
}

/** `overrides`: API settings of this harness (REQUIRE_2FA_FOR_ADMINS, verified addresses required, say). */
export async function createRouteHarness(overrides: Partial<ApiConfig> = {}): Promise<RouteHarness> {
  const t = await createTestApi(overrides);
  const env: RequestEnv = {
    apiFetch: async (request) => t.api.fetch(request, { clientIp: BROWSER_ADDRESS }),
    cspNonce: "",
    appKey: "route-tests-app-key-for-flash-cookies-0123",
    secureCookies: t.config.secureCookies,
    sessionCookieName: sessionCookieName(t.config),
    xsrfCookieName: xsrfCookieName(t.config),
    realtime: null,
  };
  return {
    t,
    env,
    run: (handler, call) => settle(env, runHandler(env, handler, call)),
    close: () => t.close(),
  };
}

/** The request a browser sends for `call`: its cookies, and for a POST the form as url-encoded fields. */
function browserRequest({ as, path, form }: RouteCall): Request {
  const headers = new Headers();
  if (as?.cookies.size) headers.set("Cookie", [...as.cookies].map(([name, value]) => `${name}=${value}`).join("; "));
  if (!form) return new Request(PANEL_ORIGIN + path, { headers });
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(form)) for (const one of [value].flat()) body.append(name, one);
  return new Request(PANEL_ORIGIN + path, { method: "POST", headers, body });
}

/**
 * A form's values as the browser posts them, under conform's names: `questions.email.required` for an
 * object's field, `custom_questions[0].label` for a list's item; a ticked box is "on", an unticked one absent.
 */
export function formFields(values: Record<string, unknown>, prefix = ""): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [key, value] of Object.entries(values)) {
    const name = prefix ? `${prefix}${/^\d+$/.test(key) ? `[${key}]` : `.${key}`}` : key;
    if (value === null || value === undefined || value === false) continue;
    if (value === true) fields[name] = "on";
    else if (typeof value === "object") Object.assign(fields, formFields(value as Record<string, unknown>, name));
    else fields[name] = String(value);
  }
  return fields;
}

/** What the server does for a panel request: the root's ApiClient, the admin layout's check, then the handler. */
async function runHandler<A extends HandlerArgs>(env: RequestEnv, handler: (args: A) => unknown, call: RouteCall) {
  const request = browserRequest(call);
  const url = new URL(PANEL_ORIGIN + call.path);
  const context = new RouterContextProvider();
  context.set(requestEnvContext, env);
  context.set(apiContext, new ApiClient(request, url, env));
  const args = { request, url, pattern: url.pathname, params: call.params ?? {}, context } as HandlerArgs as A;
  if ((call.layout ?? "admin") === "admin") {
    for (const step of adminMiddleware) await step(args as never, async () => new Response());
  }
  return handler(args);
}

async function settle(env: RequestEnv, pending: Promise<unknown>): Promise<RouteOutcome> {
  let value: unknown;
  let thrown = false;
  try {
    value = await pending;
  } catch (error) {
    value = error;
    thrown = true;
  }
  if (value instanceof Response) {
    return {
      thrown,
      status: value.status,
      data: undefined,
      location: value.headers.get("Location"),
      toast: await toastOf(env, value.headers),
      response: value,
    };
  }
  if (isDataWithInit(value)) {
    return { thrown, status: value.init?.status ?? 200, data: value.data, location: null, toast: null, response: null };
  }
  if (thrown) throw value;
  return { thrown, status: 200, data: value, location: null, toast: null, response: null };
}

/** React Router's `data(value, init)`. */
function isDataWithInit(value: unknown): value is { data: unknown; init: ResponseInit | null } {
  return typeof value === "object" && value !== null && (value as { type?: unknown }).type === "DataWithResponseInit";
}

/** The toast the browser would show after following the redirect: read back from the cookies it set. */
async function toastOf(env: RequestEnv, headers: Headers): Promise<FlashToast | null> {
  const cookies = headers.getSetCookie().map((cookie) => cookie.split(";")[0]);
  if (!cookies.length) return null;
  const flash = await readFlash(env, new Request(PANEL_ORIGIN, { headers: { Cookie: cookies.join("; ") } }));
  return flash && { type: flash.type, message: flash.message };
}

type PageComponent = NonNullable<Parameters<typeof createRoutesStub>[0][number]["Component"]>;

/**
 * A route's page as the server renders it, from the data its loader (and action) answered: what someone
 * with JavaScript off sees.
 */
export function renderPage(
  Page: PageComponent,
  page: { path: string; loaderData: Json; actionData?: Json; dates?: DatePreferences },
): string {
  const Stub = createRoutesStub([{ id: "page", path: "*", Component: Page }]);
  const hydrationData = {
    loaderData: { page: page.loaderData },
    actionData: page.actionData === undefined ? null : { page: page.actionData },
  };
  // As the admin layout does, with the reader's settings (UTC and "medium" unless told).
  return renderToString(
    <DatesProvider value={page.dates ?? DEFAULT_DATE_PREFERENCES}>
      <Stub initialEntries={[page.path]} hydrationData={hydrationData} />
    </DatesProvider>,
  );
}

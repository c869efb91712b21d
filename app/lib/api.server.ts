import { data } from "react-router";
import type { z } from "zod";
import { cookiePairs, readCookie, readXsrfCookie } from "./cookies";
import { SESSION_EXPIRED } from "./flash";
import { redirectWithToast } from "./flash.server";
import type { RequestEnv } from "./request-env";
import { loginUrl } from "./safe-redirect";
import type { ApiErrorBody } from "#schemas/answers";
import type { CurrentUser } from "#schemas/auth";
import { accountRoutes } from "#schemas/contract/account";
import { signInRoutes } from "#schemas/contract/sign-in";
import { pathTo, type AnswerOf, type CallInput, type FileRoute, type JsonRoute } from "#schemas/contract/route";

export type ApiResult<T> = { ok: true; status: number; body: T } | { ok: false; status: number; body: ApiErrorBody; headers: Headers };

/** A GET that answers a screen's data with the user in it (see `screenWithUser`). */
type ScreenRoute = JsonRoute & { method: "GET"; answer: z.ZodType<{ user: CurrentUser }> };

const MUTATING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * The panel's only way to data. It speaks to the API as the browser would: it sends the browser's
 * cookies, echoes the XSRF cookie, and hands every cookie the API sets back to the browser.
 */
export class ApiClient {
  private readonly jar: Map<string, string>;
  /** Set-Cookie headers from the API, appended to the panel's response by the root middleware. */
  readonly setCookies: string[] = [];

  constructor(
    /** The browser's request this client speaks for. */
    private readonly incoming: Request,
    /** The page's address, without React Router's data-request markers (the loaders' `url`). */
    private readonly here: URL,
    private readonly env: RequestEnv,
  ) {
    this.jar = new Map(cookiePairs(incoming.headers.get("Cookie")));
  }

  /** The browser came with a session cookie (so a 401 means it expired, not that it never existed). */
  get hadSession(): boolean {
    return readCookie(this.incoming.headers.get("Cookie"), this.env.sessionCookieName) !== null;
  }

  private remember(response: Response) {
    for (const cookie of response.headers.getSetCookie()) {
      this.setCookies.push(cookie);
      const [pair, ...attributes] = cookie.split(";");
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (!value || attributes.some((a) => /^\s*max-age=0\s*$/i.test(a) || /expires=Thu, 01 Jan 1970/i.test(a))) this.jar.delete(name);
      else this.jar.set(name, value);
    }
  }

  /** The cookies the API is sent: the browser's, as the API's answers so far have changed them. */
  private cookieHeader(): string {
    return [...this.jar].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  private xsrfToken(): string | null {
    return readXsrfCookie(this.cookieHeader(), this.env.xsrfCookieName);
  }

  private async send(method: string, path: string, body?: unknown, extraHeaders?: Record<string, string>): Promise<Response> {
    if (MUTATING.has(method) && this.xsrfToken() === null) {
      this.remember(await this.raw(signInRoutes.csrfCookie.method, pathTo(signInRoutes.csrfCookie)));
    }
    const response = await this.raw(method, path, body, extraHeaders);
    this.remember(response);
    // A write that went through may have changed who the caller is (login, logout, account, setup):
    // the next currentUser() asks again. A refused write changed nothing, so the answer stays.
    if (MUTATING.has(method) && response.ok) {
      this.me = undefined;
      this.screenAnswers.clear();
    }
    return response;
  }

  private async raw(method: string, path: string, body?: unknown, extraHeaders: Record<string, string> = {}): Promise<Response> {
    const headers = new Headers({ ...extraHeaders, Accept: "application/json", "X-Requested-With": "XMLHttpRequest" });
    const userAgent = this.incoming.headers.get("user-agent");
    if (userAgent) headers.set("User-Agent", userAgent);
    if (this.jar.size) headers.set("Cookie", this.cookieHeader());
    const xsrf = this.xsrfToken();
    if (xsrf && MUTATING.has(method)) headers.set("X-XSRF-TOKEN", xsrf);
    let payload: BodyInit | undefined;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      payload = JSON.stringify(body);
      headers.set("Content-Type", "application/json");
    }
    const origin = this.here.origin;
    return this.env.apiFetch(new Request(new URL(path, origin), { method, headers, body: payload }));
  }

  /**
   * A call whose failures the caller handles (forms: 422 field errors, 400 messages). `extraHeaders`: what
   * the browser asked to pass on, such as its realtime socket (`socketHeader`).
   */
  private async call<T>(method: string, path: string, body?: unknown, extraHeaders?: Record<string, string>): Promise<ApiResult<T>> {
    const response = await this.send(method, path, body, extraHeaders);
    const text = await response.text();
    const parsed: unknown = text ? safeJson(text) : null;
    // Logging out of an ended session is no news to tell the visitor.
    if (response.status === 401 && path !== pathTo(signInRoutes.logout)) throw await this.sessionExpired();
    if (response.ok) return { ok: true, status: response.status, body: parsed as T };
    const errorBody =
      parsed && typeof parsed === "object" && "message" in parsed
        ? (parsed as ApiErrorBody)
        : { message: response.statusText || "The request failed." };
    return { ok: false, status: response.status, body: errorBody, headers: response.headers };
  }

  /** A call that must succeed: API 403/404 become the panel's status screens. */
  private async load<T>(path: string): Promise<T> {
    const result = await this.call<T>("GET", path);
    if (result.ok) return result.body;
    throw data(result.body.message, { status: result.status });
  }

  /**
   * A file the API answers (a calendar file, say), passed on to the browser as it came: its type, name and
   * bytes. A failure is the API's status screen, as with `load`.
   */
  private async download(path: string): Promise<Response> {
    const response = await this.send("GET", path);
    if (!response.ok) {
      const parsed = safeJson(await response.text());
      const message = parsed && typeof parsed === "object" && "message" in parsed ? String(parsed.message) : response.statusText;
      throw data(message, { status: response.status });
    }
    const headers = new Headers();
    for (const name of ["Content-Type", "Content-Disposition", "Cache-Control"]) {
      const value = response.headers.get(name);
      if (value) headers.set(name, value);
    }
    return new Response(response.body, { status: 200, headers });
  }

  /**
   * A route of the contract (schemas/contract), called by its declaration: the path filled in from
   * `params`, the query and body as typed, and the answer checked against the declared schema, so an API
   * that answers otherwise (another API behind API_URL, say) is a 502 here rather than a page that breaks.
   */
  async request<R extends JsonRoute>(
    route: R,
    input: CallInput<R>,
    extraHeaders?: Record<string, string>,
  ): Promise<ApiResult<AnswerOf<R>>> {
    const { params, query, body } = input as { params?: Record<string, string | number>; query?: object; body?: unknown };
    const result = await this.call<unknown>(route.method, pathTo(route, params, query), body, extraHeaders);
    if (!result.ok) return result;
    const checked = route.answer.safeParse(result.body);
    if (checked.success) return { ...result, body: checked.data as AnswerOf<R> };
    console.error(`${route.method} ${route.path} answered outside its contract`, checked.error.issues);
    throw data("The API answered in a shape this panel does not know.", { status: 502 });
  }

  /** As `request`, for a call that must succeed: API 403/404 become the panel's status screens (as `load`). */
  async answer<R extends JsonRoute>(route: R, input: CallInput<R>): Promise<AnswerOf<R>> {
    const result = await this.request(route, input);
    if (result.ok) return result.body;
    throw data(result.body.message, { status: result.status });
  }

  /** A route that answers a file (schemas/contract's `fileAnswer`), passed on as `download` does. */
  file<R extends FileRoute>(route: R, input: CallInput<R>): Promise<Response> {
    const { params, query } = input as { params?: Record<string, string | number>; query?: object };
    return this.download(pathTo(route, params, query));
  }

  /** The pending or settled answer of `currentUser` for this request (see `currentUser`). */
  private me: Promise<CurrentUser | null> | undefined;

  /**
   * The logged-in user, or null — without treating "not logged in" as an expired session.
   *
   * One `currentUser` call per panel request, however many parts of it need the user: this client lives in the
   * request's context (root middleware), and the promise is kept, so the admin layout's middleware, the
   * guest routes' loaders and an action that runs before them all share one call, even when React Router
   * runs them in parallel. Only a successful write forgets it (see `send`).
   */
  currentUser(): Promise<CurrentUser | null> {
    this.me ??= this.fetchCurrentUser();
    return this.me;
  }

  /** The pending or settled answers of `screenWithUser`, by path. */
  private readonly screenAnswers = new Map<string, Promise<{ user: CurrentUser } | null>>();

  /**
   * A screen's one answer that carries the user too (`{ user, … }`, as `accountScreen` does for
   * /account), asked once per request; its user is this request's `currentUser()`, so the screen's page
   * makes one API call in all. Null when nobody is logged in. Another API without that path (404) gets
   * `currentUser` instead, and the answer then holds the user only.
   */
  screenWithUser<R extends ScreenRoute>(route: R): Promise<(Partial<AnswerOf<R>> & { user: CurrentUser }) | null> {
    let answer = this.screenAnswers.get(route.path);
    if (!answer) {
      answer = this.fetchScreenWithUser(route);
      this.screenAnswers.set(route.path, answer);
      this.me ??= answer.then((screen) => screen?.user ?? null);
    }
    return answer as Promise<(Partial<AnswerOf<R>> & { user: CurrentUser }) | null>;
  }

  private async fetchScreenWithUser(route: ScreenRoute): Promise<{ user: CurrentUser } | null> {
    const response = await this.send(route.method, pathTo(route));
    if (response.status === 404) {
      // Not currentUser(): on the first call it waits on this very answer (see screenWithUser).
      const user = await this.fetchCurrentUser();
      return user && { user };
    }
    return this.answerOrNull(route, response);
  }

  private async fetchCurrentUser(): Promise<CurrentUser | null> {
    const route = accountRoutes.currentUser;
    return this.answerOrNull(route, await this.send(route.method, pathTo(route)));
  }

  /**
   * An answer about the logged-in user, checked against its route as `request` checks: null when nobody is
   * logged in (401), the panel's 503 when the API fails.
   */
  private async answerOrNull<R extends JsonRoute>(route: R, response: Response): Promise<AnswerOf<R> | null> {
    if (response.status === 401) return null;
    if (!response.ok) throw data("The account service is unavailable.", { status: 503 });
    const checked = route.answer.safeParse(await response.json());
    if (checked.success) return checked.data as AnswerOf<R>;
    console.error(`${route.method} ${route.path} answered outside its contract`, checked.error.issues);
    throw data("The API answered in a shape this panel does not know.", { status: 502 });
  }

  /**
   * An ended session: the visitor logs in again and comes back to this page; one who had a session is
   * told it expired, one who never had one is just sent to the login page.
   */
  async sessionExpired(): Promise<Response> {
    const to = loginUrl(this.here);
    if (!this.hadSession) return new Response(null, { status: 302, headers: { Location: to } });
    return redirectWithToast(this.env, to, { type: "error", message: SESSION_EXPIRED });
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return { message: text.slice(0, 200) };
  }
}

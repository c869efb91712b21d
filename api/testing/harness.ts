import { expect } from "vitest";
import { createApi, type Api } from "../app.ts";
import { defaultApiConfig, xsrfCookieName, type ApiConfig } from "../config.ts";
import type { Database } from "../db/client.ts";
import { contractBreach } from "./contract-check.ts";
import { openTestDatabase } from "./test-database.ts";

export interface TestApi {
  api: Api;
  database: Database;
  config: ApiConfig;
  client(ip?: string): TestClient;
  close(): Promise<void>;
}

/**
 * The settings the tests run the API with. Test clients all come from one address and register many
 * accounts, so the registration limit is lifted (its own tests pass the real default, or a smaller one,
 * back in). Every test (the fuzz suite above all) proves that handlers read body fields only through a
 * schema. New passwords are hashed at a small cost: at the standard argon2id cost (19 MiB, 2 passes) the
 * hashing alone was tens of CPU-seconds a run; the hashes are argon2id all the same.
 */
export const testApiConfig: ApiConfig = {
  ...defaultApiConfig,
  registerMaxPerAddress: 100_000,
  watchBodyReads: true,
  passwordHashCost: { memoryCost: 1024, timeCost: 1 },
};

/**
 * The API over a database of its own (openTestDatabase): embedded by default, or on the PostgreSQL server
 * named by TEST_DATABASE_URL (CI runs the suite both ways).
 */
export async function createTestApi(overrides: Partial<ApiConfig> = {}): Promise<TestApi> {
  const database = await openTestDatabase();
  const config = { ...testApiConfig, ...overrides };
  const api = createApi({ db: database.db, config, log: () => {} });
  return {
    api,
    database,
    config,
    client: (ip = "203.0.113.7") => new TestClient(api, ip, xsrfCookieName(config)),
    close: () => database.close(),
  };
}

/**
 * Response bodies in tests are checked at run time by the assertions themselves; typing every answer
 * up front would only restate them.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

export interface TestResponse<T = Json> {
  status: number;
  headers: Headers;
  body: T;
}

/**
 * A browser-like client: keeps cookies and echoes the XSRF cookie (XSRF-TOKEN, or __Host-XSRF-TOKEN when
 * the API's cookies are secure) as X-XSRF-TOKEN, like Axios does.
 */
export class TestClient {
  readonly cookies = new Map<string, string>();
  sendXsrf = true;
  bearer?: string;
  /** Off only for a test that mounts a route of its own, which no declaration names. */
  checksContract = true;

  constructor(
    private readonly api: Pick<Api, "fetch">,
    private readonly ip: string,
    readonly xsrfCookie = "XSRF-TOKEN",
  ) {}

  /** `raw`: a body sent exactly as given (with the content type in `headers`, if any), for malformed bodies. */
  async request<T = Json>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
    raw?: BodyInit,
  ): Promise<TestResponse<T>> {
    const init: RequestInit & { headers: Record<string, string> } = { method, headers: { accept: "application/json", ...headers } };
    if (raw !== undefined) init.body = raw;
    else if (body instanceof FormData) init.body = body;
    else if (body !== undefined) {
      init.body = JSON.stringify(body);
      init.headers["content-type"] = "application/json";
    }
    if (this.cookies.size) init.headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    const xsrf = this.cookies.get(this.xsrfCookie);
    if (this.sendXsrf && xsrf && !("x-xsrf-token" in init.headers)) init.headers["x-xsrf-token"] = decodeURIComponent(xsrf);
    if (this.bearer) init.headers.authorization = `Bearer ${this.bearer}`;
    const response = await this.api.fetch(new Request(`http://localhost${path}`, init), { clientIp: this.ip });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair, ...attributes] = cookie.split(";");
      const [name, ...rest] = pair.split("=");
      const value = rest.join("=");
      const expired = attributes.some((a) => /max-age=0/i.test(a)) || value === "";
      if (expired) this.cookies.delete(name.trim());
      else this.cookies.set(name.trim(), value);
    }
    const parsed = readAnswer(await response.text());
    if (this.checksContract) expectKeptContract(method, path, response, parsed);
    return { status: response.status, headers: response.headers, body: parsed as T };
  }

  /** Fetches the XSRF cookie first, as a SPA calls /sanctum/csrf-cookie before logging in. */
  async prime() {
    if (!this.cookies.has(this.xsrfCookie)) await this.request("GET", "/sanctum/csrf-cookie");
    return this;
  }

  get = <T = Json>(path: string) => this.request<T>("GET", path);
  post = async <T = Json>(path: string, body?: unknown) => (await this.prime()).request<T>("POST", path, body);
  put = async <T = Json>(path: string, body?: unknown) => (await this.prime()).request<T>("PUT", path, body);
  delete = async <T = Json>(path: string) => (await this.prime()).request<T>("DELETE", path);
}

/** An answer's text as JSON, or the text itself when it is not JSON. */
function readAnswer(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return text;
  }
}

function expectKeptContract(method: string, path: string, response: Response, parsed: unknown) {
  const breach = contractBreach(method, path, response.status, response.headers.get("content-type"), parsed);
  if (breach) throw new Error(`${method} ${path}: ${breach}`);
}

/**
 * A request TestClient would not send (a signature over an exact body, a file's bytes), made straight to the
 * API, its answer checked against the contract as TestClient checks its own. The answer is handed back unread.
 */
export async function checkedFetch(api: Pick<Api, "fetch">, request: Request, env?: Parameters<Api["fetch"]>[1]): Promise<Response> {
  const response = await api.fetch(request, env);
  const url = new URL(request.url);
  expectKeptContract(request.method, url.pathname + url.search, response, readAnswer(await response.clone().text()));
  return response;
}

/** An API answering over HTTP at `baseUrl` (a running server), for a TestClient. */
export function overHttp(baseUrl: string): Pick<Api, "fetch"> {
  return {
    fetch: (request: Request) => {
      const url = new URL(request.url);
      const { method, headers, body } = request;
      return fetch(baseUrl + url.pathname + url.search, { method, headers, body, duplex: "half" } as RequestInit);
    },
  };
}

/** One API call of a refusal matrix: method, path and, for writes, a body. */
export type Call = readonly [method: string, path: string, body?: unknown];

/** Sends every call with the client and expects each to be refused the same way (the 401/403/404 matrices). */
export async function expectEveryCallRefused(client: TestClient, calls: readonly Call[], status: number, body: unknown) {
  await client.prime();
  for (const [method, path, payload] of calls) {
    const res = await client.request(method, path, payload);
    expect(res.status, `${method} ${path}`).toBe(status);
    expect(res.body, `${method} ${path}`).toEqual(body);
  }
}

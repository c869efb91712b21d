/** A logged-in HTTP client for the benchmark: cookies kept by hand, as a browser would keep them. */

export class Session {
  private readonly jar = new Map<string, string>();

  constructor(readonly baseUrl: string) {}

  private remember(response: Response) {
    for (const cookie of response.headers.getSetCookie()) {
      const [pair, ...attributes] = cookie.split(";");
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a) || /expires=Thu, 01 Jan 1970/i.test(a));
      if (!value || expired) this.jar.delete(name);
      else this.jar.set(name, value);
    }
  }

  /** The X-XSRF-TOKEN header a write of this session sends (the XSRF-TOKEN cookie, decoded). */
  xsrfToken(): string {
    const token = this.jar.get("XSRF-TOKEN");
    if (!token) throw new Error("bench: this session has no XSRF-TOKEN cookie");
    return decodeURIComponent(token);
  }

  /** The Cookie header this session sends, for a load generator that sends it itself. */
  cookieHeader(): string {
    return [...this.jar].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  async request(method: string, path: string, init: { headers?: Record<string, string>; body?: string } = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.jar.size) headers.set("Cookie", [...this.jar].map(([k, v]) => `${k}=${v}`).join("; "));
    const response = await fetch(this.baseUrl + path, { method, headers, body: init.body, redirect: "manual" });
    this.remember(response);
    return response;
  }

  /** GET /sanctum/csrf-cookie, then POST /api/login echoing the XSRF-TOKEN cookie, as the SPA does. */
  async login(email: string, password: string): Promise<void> {
    await (await this.request("GET", "/sanctum/csrf-cookie")).arrayBuffer();
    const token = this.jar.get("XSRF-TOKEN");
    if (!token) throw new Error("bench: /sanctum/csrf-cookie set no XSRF-TOKEN cookie");
    const response = await this.request("POST", "/api/login", {
      headers: { "Content-Type": "application/json", Accept: "application/json", "X-XSRF-TOKEN": decodeURIComponent(token) },
      body: JSON.stringify({ email, password }),
    });
    const text = await response.text();
    if (response.status !== 200) throw new Error(`bench: login as ${email} answered ${response.status}: ${text.slice(0, 300)}`);
  }
}

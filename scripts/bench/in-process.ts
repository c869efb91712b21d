/** What the in-process benchmarks share: a caller of the API in this process, and how latencies are summed up. */
import type { Api } from "#api/app.ts";

/** A logged-in caller of the API in this process: cookies kept, the XSRF token echoed, as the panel's client does. */
export function inProcessClient(api: Api, xsrfCookie: string) {
  const jar = new Map<string, string>();
  const request = async (method: string, path: string, body?: unknown) => {
    const headers: Record<string, string> = { accept: "application/json" };
    if (jar.size) headers.cookie = [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
    if (jar.has(xsrfCookie)) headers["x-xsrf-token"] = decodeURIComponent(jar.get(xsrfCookie)!);
    if (body) headers["content-type"] = "application/json";
    const response = await api.fetch(
      new Request(`http://localhost${path}`, { method, headers, body: body ? JSON.stringify(body) : undefined }),
      {
        clientIp: "127.0.0.1",
      },
    );
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(";");
      const eq = pair.indexOf("=");
      jar.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
    await response.arrayBuffer();
    return response.status;
  };
  return {
    get: (path: string) => request("GET", path),
    async post(path: string, body: unknown) {
      if (!jar.has(xsrfCookie)) await request("GET", "/sanctum/csrf-cookie");
      return request("POST", path, body);
    },
    async put(path: string, body: unknown) {
      if (!jar.has(xsrfCookie)) await request("GET", "/sanctum/csrf-cookie");
      return request("PUT", path, body);
    },
  };
}

export const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))];
export const ms = (value: number) => `${value.toFixed(1)} ms`;

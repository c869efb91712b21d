import { createCookie, redirect } from "react-router";
import type { z } from "zod";
import type { RequestEnv } from "./request-env";

/**
 * A secret shown once (a new API token, a webhook's signing secret) crosses the redirect after the form
 * that made it, so a reload shows the page again instead of posting the form twice and making a second
 * one. It rides in a signed cookie that scripts cannot read, for a minute at most, naming the page it is
 * for (the cookie's own path could not: the panel's data requests add ".data" to the page's path); that
 * page's loader takes it and removes it at once, so it is shown once.
 */
const COOKIE = "launchpad_reveal";

function revealCookie(env: Pick<RequestEnv, "appKey" | "secureCookies">) {
  return createCookie(COOKIE, { secrets: [env.appKey], httpOnly: true, sameSite: "lax", path: "/", secure: env.secureCookies, maxAge: 60 });
}

/** Goes to `to`, whose loader shows `value` once (`takeRevealed`). */
export async function redirectRevealing(env: RequestEnv, to: string, value: object): Promise<Response> {
  const page = new URL(to, "http://panel").pathname;
  return redirect(to, { headers: { "Set-Cookie": await revealCookie(env).serialize({ page, value }) } });
}

/**
 * What `redirectRevealing` sent to this page (`url`: the loader's own), read as `schema` says; null when
 * nothing was, it was for another page, or it was altered. The loader answers with `headers`, which remove
 * it once taken.
 */
export async function takeRevealed<T>(
  env: RequestEnv,
  request: Request,
  url: URL,
  schema: z.ZodType<T>,
): Promise<{ revealed: T | null; headers: Headers }> {
  const headers = new Headers();
  const cookieHeader = request.headers.get("Cookie");
  if (!cookieHeader?.includes(`${COOKIE}=`)) return { revealed: null, headers };
  const cookie = revealCookie(env);
  const sent: unknown = await cookie.parse(cookieHeader);
  if (!sent || typeof sent !== "object" || !("page" in sent) || sent.page !== url.pathname) return { revealed: null, headers };
  headers.append("Set-Cookie", await cookie.serialize("", { maxAge: 0 }));
  const parsed = schema.safeParse("value" in sent ? sent.value : undefined);
  return { revealed: parsed.success ? parsed.data : null, headers };
}

import { createCookie, redirect } from "react-router";
import { readCookie } from "./cookies";
import { FLASH_COOKIE } from "./flash";
import type { RequestEnv } from "./request-env";

export type ToastKind = "success" | "error" | "info" | "warning";
export interface FlashToast {
  type: ToastKind;
  message: string;
}

/** A flash toast as the page receives it, with the cookie value it came in: the page removes only that one. */
export interface ArrivedFlash extends FlashToast {
  cookie: string;
}

/**
 * A signed, one-minute cookie carries a toast across a redirect. The page that shows the toast removes it
 * in the browser (`forgetFlash`), not the server that reads it: a navigation React Router cancels (two
 * loaders redirecting at once, say) may already have reached the server, and a clearing Set-Cookie on
 * its discarded answer would take the toast from the navigation that does show. The page removes the value
 * it showed, not whatever the cookie holds by then (a newer redirect's toast stays for its page). So the
 * cookie is readable by scripts; it holds nothing but the toast's text.
 */
function flashCookie(env: Pick<RequestEnv, "appKey" | "secureCookies">) {
  return createCookie(FLASH_COOKIE, {
    secrets: [env.appKey],
    httpOnly: false,
    sameSite: "lax",
    path: "/",
    secure: env.secureCookies,
    maxAge: 60,
  });
}

export async function flashHeader(env: RequestEnv, toast: FlashToast): Promise<string> {
  return flashCookie(env).serialize(toast);
}

export async function redirectWithToast(env: RequestEnv, to: string, toast: FlashToast, init: ResponseInit = {}) {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await flashHeader(env, toast));
  return redirect(to, { ...init, headers });
}

/** The flash toast the request carries, if any (left in place: see `flashCookie`). */
export async function readFlash(env: RequestEnv, request: Request): Promise<ArrivedFlash | null> {
  const header = request.headers.get("Cookie");
  const value: unknown = await flashCookie(env).parse(header);
  if (!value || typeof value !== "object" || !("message" in value)) return null;
  const { type, message } = value as FlashToast;
  return { type, message, cookie: readCookie(header ?? "", FLASH_COOKIE) ?? "" };
}

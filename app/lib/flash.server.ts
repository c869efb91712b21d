import { createCookie, redirect } from "react-router";
import type { RequestEnv } from "./request-env";

export type ToastKind = "success" | "error" | "info" | "warning";
export interface FlashToast {
  type: ToastKind;
  message: string;
}

/** A signed, one-minute cookie carries a toast across a redirect. */
function flashCookie(env: Pick<RequestEnv, "appKey" | "secureCookies">) {
  return createCookie("launchpad_flash", {
    secrets: [env.appKey],
    httpOnly: true,
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

/** Reads and clears the flash toast; `clear` is the Set-Cookie header to send when one was found. */
export async function takeFlash(env: RequestEnv, request: Request): Promise<{ toast: FlashToast | null; clear?: string }> {
  const cookie = flashCookie(env);
  const value: unknown = await cookie.parse(request.headers.get("Cookie"));
  if (!value || typeof value !== "object" || !("message" in value)) return { toast: null };
  return { toast: value as FlashToast, clear: await cookie.serialize("", { maxAge: 0 }) };
}

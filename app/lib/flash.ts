import { readCookie } from "./cookies";

/** The cookie that carries a toast across a redirect (written by the server, removed by the page that shows it). */
export const FLASH_COOKIE = "launchpad_flash";

/**
 * What removes the flash cookie once its toast is on screen, or null when the cookie now holds another
 * toast: a redirect that landed between the render that showed `shown` and this moment wrote a newer one,
 * which its own page is about to show.
 */
export function flashRemoval(currentCookies: string, shown: string): string | null {
  return readCookie(currentCookies, FLASH_COOKIE) === shown ? FLASH_SPENT : null;
}

/** The Set-Cookie (or document.cookie) value that removes the flash cookie. */
export const FLASH_SPENT = `${FLASH_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`;

/** Removes the flash cookie in the browser once its toast (the cookie's value `shown`) is on screen. */
export function forgetFlash(shown: string) {
  const removal = flashRemoval(document.cookie, shown);
  if (removal) document.cookie = removal;
}

/** What a user sees when their session ends (on any call but logout). */
export const SESSION_EXPIRED = "Your session has expired. Please log in again.";

/** The cookie that carries a toast across a redirect (written by the server, removed by the page that shows it). */
export const FLASH_COOKIE = "launchpad_flash";

/** Removes the flash cookie in the browser once its toast is on screen. */
export function forgetFlash() {
  document.cookie = `${FLASH_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`;
}

/** Spec §8: what a user sees when their session ends (on any call but logout). */
export const SESSION_EXPIRED = "Your session has expired. Please log in again.";

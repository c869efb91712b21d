/** The account page: the user's name, address, password and two-factor sign-in. */
export const ACCOUNT_PAGE = "/account";

/**
 * Where two-factor sign-in is set up (the account page). A user whose role requires it (REQUIRE_2FA_FOR_ADMINS) is sent here
 * from every other page until it is on (the admin layout's middleware, /setup).
 */
export const TWO_FACTOR_SETUP_PAGE = ACCOUNT_PAGE;

/** The second step of a sign-in, keeping where the user was headed. */
export function twoFactorStepUrl(redirectTo: string | undefined): string {
  return redirectTo ? `/login/two-factor?redirectTo=${encodeURIComponent(redirectTo)}` : "/login/two-factor";
}

/** Back to the first step, keeping where the user was headed. */
export function loginStepUrl(redirectTo: string | null | undefined): string {
  return redirectTo ? `/login?redirectTo=${encodeURIComponent(redirectTo)}` : "/login";
}

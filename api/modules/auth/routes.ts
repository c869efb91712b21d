import { Hono } from "hono";
import { emailChangePending } from "#schemas/account-links.ts";
import { accountRoutes } from "#schemas/contract/account.ts";
import { signInRoutes } from "#schemas/contract/sign-in.ts";
import { SECOND_FACTOR_REQUIRED } from "#schemas/two-factor.ts";
import type { AppEnv } from "#api/context.ts";
import { serve, type RouteHandler } from "#api/lib/contract.ts";
import { clearSessionCookie } from "#api/lib/cookies.ts";
import { fieldError } from "#api/lib/errors.ts";
import { recheckListeners } from "../broadcasting/recheck.ts";
import { sendVerificationLink } from "../account-links/verification.ts";
import { issueXsrfCookie, liveSessionId } from "#api/lib/xsrf.ts";
import { issuePendingLogin } from "../two-factor/pending-login.ts";
import { twoFactorStatus } from "../two-factor/service.ts";
import { mustSetUpTwoFactor } from "../two-factor/requirement.ts";
import { pendingEmailChange } from "../account-links/email-change.ts";
import { endSession, signIn, startSession } from "./login.ts";
import { currentUser } from "./middleware.ts";
import { changePassword, registerUser, removeAvatar, updateAccount } from "./service.ts";
import { switchOrganization } from "./current-organization.ts";
import { createApiToken } from "./sessions.ts";
import { limits } from "#api/lib/limits.ts";
import { hit } from "#api/lib/rate-limit.ts";
import { userResource } from "./users.ts";

export const authRoutes = new Hono<AppEnv>();

serve(authRoutes, signInRoutes.csrfCookie, async (c) => {
  await issueXsrfCookie(c, liveSessionId(c));
  return c.body(null, 204);
});

/**
 * Every valid registration counts on the address's limit, a taken email included, so the answer "already
 * taken" cannot be asked about address after address. Callers without a known address are not counted:
 * they would all share one counter.
 */
serve(authRoutes, signInRoutes.register, async (c, { body: input }) => {
  const ip = c.env?.clientIp;
  if (ip) await hit(c.get("db"), limits(c.get("config")).registration, ip);
  const userId = await registerUser(c.get("db"), input, c.get("config").passwordHashCost);
  const user = await startSession(c, userId);
  await sendVerificationLink(c.get("db"), c.get("config"), user);
  return { user: userResource(user, c.get("config")) };
});

/**
 * Email and password (the panel's login form comes through here too). With two-factor sign-in on, no
 * session yet: the browser gets the pending sign-in (an HttpOnly cookie) and the answer says
 * `two_factor: true`; POST /api/two-factor-challenge finishes it.
 */
serve(authRoutes, signInRoutes.login, async (c, { body: input }) => {
  const { userId, awaitingSecondFactor } = await signIn(c, input.email, input.password);
  if (awaitingSecondFactor) {
    await issuePendingLogin(c, userId);
    return { two_factor: true as const };
  }
  const user = await startSession(c, userId);
  return { user: userResource(user, c.get("config")) };
});

serve(authRoutes, signInRoutes.logout, async (c) => {
  const sessionHash = c.get("sessionHash");
  if (sessionHash) await endSession(c, sessionHash);
  clearSessionCookie(c);
  await issueXsrfCookie(c, null);
  return c.body(null, 204);
});

/**
 * Personal access tokens for non-browser clients (Sanctum's mobile flow). An account with two-factor
 * sign-in sends its `code` (or `recovery_code`) in the same call; without one the answer is a 422 on `code`.
 */
serve(authRoutes, signInRoutes.createToken, async (c, { body: { email, password, device_name, code, recovery_code } }) => {
  const { userId, awaitingSecondFactor } = await signIn(c, email, password, { code, recovery_code });
  if (awaitingSecondFactor) throw fieldError("code", SECOND_FACTOR_REQUIRED);
  return { token: await createApiToken(c.get("db"), userId, device_name) };
});

// Answered from what `authenticate` loaded for this request: no query of its own.
serve(authRoutes, accountRoutes.currentUser, async (c) => userResource(currentUser(c), c.get("config")));

const NO_PENDING_CHANGE = { pending_email: null, expires_at: null };

// What /account shows, in one answer: the panel's account page asks the API nothing else. Until a required
// two-factor sign-in is on, the answer is the user and the setup only (the rest is refused them anyway).
serve(authRoutes, accountRoutes.accountScreen, async (c) => {
  const [user, db, config] = [currentUser(c), c.get("db"), c.get("config")];
  const [twoFactor, pending] = await Promise.all([
    twoFactorStatus(db, user, config),
    mustSetUpTwoFactor(user, config) ? NO_PENDING_CHANGE : pendingEmailChange(db, user.id),
  ]);
  return { user: userResource(user, config), two_factor: twoFactor, pending_email_change: pending };
});

const accountUpdate: RouteHandler<typeof accountRoutes.updateAccount> = async (c, { body: input }) => {
  const user = currentUser(c);
  const avatarFileId = await updateAccount(c.get("db"), user.id, input, c.get("sessionHash"), c.get("config"));
  // A new email waits for the link mailed to it: until then the account keeps its address.
  const message = input.email === user.email ? "Your account has been updated." : emailChangePending(input.email);
  const fresh = { ...user, name: input.name, avatarFileId: avatarFileId ?? user.avatarFileId };
  return { message, user: userResource(fresh, c.get("config")) };
};
// An update with a file (the avatar) is a multipart POST with _method=PUT to the same path; JSON clients may PUT.
serve(authRoutes, accountRoutes.updateAccount, accountUpdate);
serve(authRoutes, accountRoutes.updateAccountForm, accountUpdate);

serve(authRoutes, accountRoutes.removeAvatar, async (c) => {
  const user = currentUser(c);
  await removeAvatar(c.get("db"), user.id);
  return { message: "Your avatar has been removed.", user: userResource({ ...user, avatarFileId: null }, c.get("config")) };
});

/**
 * The organization the account acts for from now on. Like any write it empties the caller caches, so the
 * very next request lists that organization's forms, coupons and figures; the realtime channels the old
 * role allowed are checked again.
 */
serve(authRoutes, accountRoutes.switchOrganization, async (c, { body: { organization_id } }) => {
  const user = await switchOrganization(c.get("db"), currentUser(c), organization_id);
  await recheckListeners(c, [user.id]);
  return { user: userResource(user, c.get("config")) };
});

serve(authRoutes, accountRoutes.changePassword, async (c, { body: input }) => {
  const user = currentUser(c);
  await changePassword(
    c.get("db"),
    user.id,
    input,
    c.get("sessionHash"),
    limits(c.get("config")).currentPassword,
    c.get("config").passwordHashCost,
  );
  await recheckListeners(c, [user.id]);
  return { message: "Your password has been changed." };
});

import type { Context } from "hono";
import type { SecondFactor } from "#schemas/two-factor.ts";
import type { AppEnv } from "#api/context.ts";
import { writeSessionCookie } from "#api/lib/cookies.ts";
import { fieldError } from "#api/lib/errors.ts";
import { issueXsrfCookie } from "#api/lib/xsrf.ts";
import { recheckListeners } from "../broadcasting/recheck.ts";
import { checkSecondFactor } from "../two-factor/service.ts";
import { checkCredentials } from "./service.ts";
import { createSession, destroySession, loadAuthUser } from "./sessions.ts";
import { beginLoginAttempt } from "./throttle.ts";

/** Logs the user in on this response: the old session (if any) is dropped and a new id is issued. */
export async function startSession(c: Context<AppEnv>, userId: number) {
  const previous = c.get("sessionHash");
  if (previous) await endSession(c, previous);
  const id = await createSession(c.get("db"), userId, { ip: c.env?.clientIp, userAgent: c.req.header("user-agent") });
  writeSessionCookie(c, id);
  // The new session's XSRF token: Laravel regenerates its token with the session too.
  await issueXsrfCookie(c, id);
  return loadAuthUser(c.get("db"), userId);
}

/** Ends the caller's session; its realtime subscriptions end with it. */
export async function endSession(c: Context<AppEnv>, sessionHash: string) {
  await destroySession(c.get("db"), sessionHash);
  const user = c.get("user");
  if (user) await recheckListeners(c, [user.id]);
}

/** Who signs in, and whether they still owe the second factor (two-factor sign-in on, no code given). */
export interface SignIn {
  userId: number;
  awaitingSecondFactor: boolean;
}

/**
 * Checks a sign-in, counting failures per email and address, per address and per account (429 past any
 * limit; see `beginLoginAttempt`): the password, then for an account with two-factor sign-in the code or
 * recovery code if one came with it (bearer-token clients send it in the same call). A wrong code counts as
 * a wrong password does. A right password without a code gives its hits back but clears nothing: the
 * sign-in is not over until the second step (`finishSecondStep`).
 */
export async function signIn(c: Context<AppEnv>, email: string, password: string, secondFactor?: SecondFactor): Promise<SignIn> {
  const attempt = await beginLoginAttempt(c.get("db"), c.get("config"), email, c.env?.clientIp);
  const result = await checkCredentials(c.get("db"), email, password);
  if (!result.ok) {
    throw fieldError(
      "email",
      result.reason === "inactive" ? "This account has been deactivated." : "These credentials do not match our records.",
    );
  }
  if (result.twoFactor) {
    if (!secondFactor?.code && !secondFactor?.recovery_code) {
      await attempt.passed();
      return { userId: result.userId, awaitingSecondFactor: true };
    }
    await checkSecondFactor(c.get("db"), result.userId, secondFactor);
  }
  await attempt.succeeded();
  return { userId: result.userId, awaitingSecondFactor: false };
}

/**
 * The second step of a browser's sign-in: the code for the user whose password was right. Throttled on the
 * same tiers as the password, so guesses at the code are held as guesses at the password are.
 */
export async function finishSecondStep(c: Context<AppEnv>, user: { id: number; email: string }, secondFactor: SecondFactor) {
  const attempt = await beginLoginAttempt(c.get("db"), c.get("config"), user.email, c.env?.clientIp);
  await checkSecondFactor(c.get("db"), user.id, secondFactor);
  await attempt.succeeded();
}

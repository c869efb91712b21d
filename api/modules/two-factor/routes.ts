import { Hono, type Context, type MiddlewareHandler } from "hono";
import { signInRoutes } from "#schemas/contract/sign-in.ts";
import { twoFactorRoutes as routes } from "#schemas/contract/two-factor.ts";
import {
  PENDING_LOGIN_EXPIRED,
  RECOVERY_CODES_RENEWED,
  TWO_FACTOR_OFF,
  TWO_FACTOR_ON,
  TWO_FACTOR_SETUP_STARTED,
} from "#schemas/two-factor.ts";
import type { AppEnv } from "#api/context.ts";
import { serve } from "#api/lib/contract.ts";
import { badRequest } from "#api/lib/errors.ts";
import { finishSecondStep, startSession } from "../auth/login.ts";
import { currentUser } from "../auth/middleware.ts";
import { userResource } from "../auth/users.ts";
import { endPendingLogin, pendingLogin } from "./pending-login.ts";
import { confirmSetup, disableTwoFactor, renewRecoveryCodes, startSetup, twoFactorStatus } from "./service.ts";

/**
 * Two-factor sign-in: its setup on the account (status with the QR code while a setup waits, a new
 * secret, the confirming code, turning it off, new recovery codes) and the second step of a sign-in.
 */
export const twoFactorRoutes = new Hono<AppEnv>();

serve(twoFactorRoutes, routes.twoFactorStatus, async (c) => twoFactorStatus(c.get("db"), currentUser(c), c.get("config")));

serve(twoFactorRoutes, routes.startTwoFactor, async (c) => {
  const setup = await startSetup(c.get("db"), currentUser(c));
  return { message: TWO_FACTOR_SETUP_STARTED, setup };
});

serve(twoFactorRoutes, routes.confirmTwoFactor, async (c, { body }) => {
  const codes = await confirmSetup(c.get("db"), c.get("config"), currentUser(c).id, body);
  return { message: TWO_FACTOR_ON, recovery_codes: codes };
});

serve(twoFactorRoutes, routes.disableTwoFactor, async (c, { body }) => {
  await disableTwoFactor(c.get("db"), c.get("config"), currentUser(c), body);
  return { message: TWO_FACTOR_OFF };
});

serve(twoFactorRoutes, routes.renewRecoveryCodes, async (c, { body }) => {
  const codes = await renewRecoveryCodes(c.get("db"), c.get("config"), currentUser(c).id, body);
  return { message: RECOVERY_CODES_RENEWED, recovery_codes: codes };
});

/** Whether a sign-in waits for its second factor here (the panel's second step shows its form only then). */
serve(twoFactorRoutes, signInRoutes.twoFactorChallengeWaits, async (c) => {
  if (!(await pendingLogin(c))) throw badRequest(PENDING_LOGIN_EXPIRED);
  return c.body(null, 204);
});

/** The sign-in waiting for its second factor, found before the code is read (see `signInWaits`). */
const waiting = new WeakMap<Context<AppEnv>, { id: number; email: string }>();

/** No sign-in waiting is the one answer, whatever the body holds: it is looked at only after this. */
const signInWaits: MiddlewareHandler<AppEnv> = async (c, next) => {
  const pending = await pendingLogin(c);
  if (!pending) {
    endPendingLogin(c);
    throw badRequest(PENDING_LOGIN_EXPIRED);
  }
  waiting.set(c, pending);
  await next();
};

/** The second step: a code or a recovery code for the sign-in whose password was right; then a session. */
serve(
  twoFactorRoutes,
  signInRoutes.twoFactorChallenge,
  async (c, { body }) => {
    const pending = waiting.get(c);
    if (!pending) throw badRequest(PENDING_LOGIN_EXPIRED);
    await finishSecondStep(c, pending, body);
    endPendingLogin(c);
    const user = await startSession(c, pending.id);
    return { user: userResource(user, c.get("config")) };
  },
  { before: [signInWaits] },
);

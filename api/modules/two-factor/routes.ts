import { Hono } from "hono";
import type { LoginAnswer } from "#schemas/auth.ts";
import {
  PENDING_LOGIN_EXPIRED,
  RECOVERY_CODES_RENEWED,
  secondFactorSchema,
  TWO_FACTOR_OFF,
  TWO_FACTOR_ON,
  TWO_FACTOR_SETUP_STARTED,
  twoFactorConfirmSchema,
  twoFactorDisableSchema,
  type RecoveryCodesAnswer,
} from "#schemas/two-factor.ts";
import type { AppEnv } from "#api/context.ts";
import { readBody } from "#api/lib/body.ts";
import { badRequest } from "#api/lib/errors.ts";
import { validate } from "#api/lib/validation.ts";
import { finishSecondStep, startSession } from "../auth/login.ts";
import { currentUser, requireUser } from "../auth/middleware.ts";
import { userResource } from "../auth/users.ts";
import { endPendingLogin, pendingLogin } from "./pending-login.ts";
import { confirmSetup, disableTwoFactor, renewRecoveryCodes, startSetup, twoFactorStatus } from "./service.ts";

/**
 * Two-factor sign-in: its setup on the account (status with the QR code while a setup waits, a new
 * secret, the confirming code, turning it off, new recovery codes) and the second step of a sign-in.
 */
export const twoFactorRoutes = new Hono<AppEnv>();

twoFactorRoutes.get("/api/user/two-factor", requireUser, async (c) =>
  c.json(await twoFactorStatus(c.get("db"), currentUser(c), c.get("config"))),
);

twoFactorRoutes.post("/api/user/two-factor", requireUser, async (c) => {
  const setup = await startSetup(c.get("db"), currentUser(c));
  return c.json({ message: TWO_FACTOR_SETUP_STARTED, setup }, 201);
});

twoFactorRoutes.post("/api/user/two-factor/confirm", requireUser, async (c) => {
  const input = validate(twoFactorConfirmSchema, await readBody(c));
  const codes = await confirmSetup(c.get("db"), c.get("config"), currentUser(c).id, input);
  return c.json({ message: TWO_FACTOR_ON, recovery_codes: codes } satisfies RecoveryCodesAnswer);
});

twoFactorRoutes.delete("/api/user/two-factor", requireUser, async (c) => {
  const input = validate(twoFactorDisableSchema, await readBody(c));
  await disableTwoFactor(c.get("db"), c.get("config"), currentUser(c), input);
  return c.json({ message: TWO_FACTOR_OFF });
});

twoFactorRoutes.post("/api/user/two-factor/recovery-codes", requireUser, async (c) => {
  const input = validate(secondFactorSchema, await readBody(c));
  const codes = await renewRecoveryCodes(c.get("db"), c.get("config"), currentUser(c).id, input);
  return c.json({ message: RECOVERY_CODES_RENEWED, recovery_codes: codes } satisfies RecoveryCodesAnswer);
});

/** Whether a sign-in waits for its second factor here (the panel's second step shows its form only then). */
twoFactorRoutes.get("/api/two-factor-challenge", async (c) => {
  if (!(await pendingLogin(c))) throw badRequest(PENDING_LOGIN_EXPIRED);
  return c.body(null, 204);
});

/** The second step: a code or a recovery code for the sign-in whose password was right; then a session. */
twoFactorRoutes.post("/api/two-factor-challenge", async (c) => {
  const pending = await pendingLogin(c);
  if (!pending) {
    endPendingLogin(c);
    throw badRequest(PENDING_LOGIN_EXPIRED);
  }
  const input = validate(secondFactorSchema, await readBody(c));
  await finishSecondStep(c, pending, input);
  endPendingLogin(c);
  const user = await startSession(c, pending.id);
  return c.json({ user: userResource(user, c.get("config")) } satisfies LoginAnswer);
});

import type { BrowserContext } from "@playwright/test";
import { generate } from "otplib";
import { TOTP_PERIOD_SECONDS } from "#schemas/two-factor.ts";
import { PASSWORD, apiCall } from "./fixtures";

/** The code the authenticator app shows for `secret`, `steps` time steps from now. */
export const codeFor = (secret: string, steps = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * TOTP_PERIOD_SECONDS });

/** Turns two-factor sign-in on for the context's user through the API; answers the secret. */
export async function enableTwoFactor(context: BrowserContext): Promise<string> {
  const { setup } = await apiCall(context, "POST", "/api/user/two-factor");
  await apiCall(context, "POST", "/api/user/two-factor/confirm", { current_password: PASSWORD, code: await codeFor(setup.secret) });
  return setup.secret as string;
}

/** Logs the context's two-factor user out and gives the password again: its sign-in now waits for a code. */
export async function awaitSecondStep(context: BrowserContext, email: string) {
  await apiCall(context, "POST", "/api/logout");
  const answer = await apiCall(context, "POST", "/api/login", { email, password: PASSWORD });
  if (!answer?.two_factor) throw new Error(`expected a sign-in waiting for its code, got ${JSON.stringify(answer)}`);
}

import { generate } from "otplib";
import { TOTP_PERIOD_SECONDS } from "#schemas/two-factor.ts";
import { PASSWORD } from "./fixtures.ts";
import type { TestClient } from "./harness.ts";

/**
 * The code an authenticator app would show for `secret`, `steps` time steps from now. The server takes
 * each step once, and a step is no longer taken once a later one was: a test that signs in right after
 * turning two-factor on (which took the current step) uses the next step's code, as the app would show
 * it a few seconds later.
 */
export function totpCode(secret: string, steps = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * TOTP_PERIOD_SECONDS });
}

/** Turns two-factor sign-in on for the client's user: the secret (as the app scanned it) and the recovery codes. */
export async function enableTwoFactor(client: TestClient): Promise<{ secret: string; recoveryCodes: string[] }> {
  const started = await client.post("/api/user/two-factor");
  if (started.status !== 201) throw new Error(`two-factor setup failed: ${started.status} ${JSON.stringify(started.body)}`);
  const secret = started.body.setup.secret as string;
  const confirmed = await client.post("/api/user/two-factor/confirm", { current_password: PASSWORD, code: await totpCode(secret) });
  if (confirmed.status !== 200) throw new Error(`two-factor confirm failed: ${confirmed.status} ${JSON.stringify(confirmed.body)}`);
  return { secret, recoveryCodes: confirmed.body.recovery_codes as string[] };
}

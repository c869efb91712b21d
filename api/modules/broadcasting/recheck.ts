/**
 * Tells every process's sockets to check these users' subscriptions again (api/realtime/revocation.ts),
 * after a change that may end their right to listen has committed: a login ended (logout, password or
 * email change), an account deactivated, roles or a role's permissions changed. Like publishing, a failure
 * is logged and never fails the change itself.
 */
import type { Context } from "hono";
import type { AppEnv } from "../../context.ts";

export async function recheckListeners(c: Context<AppEnv>, userIds: readonly number[], log: (message: string, error?: unknown) => void = console.error): Promise<void> {
  const { broadcaster } = c.var;
  if (!userIds.length || !broadcaster.recheck) return;
  try {
    await broadcaster.recheck(userIds);
  } catch (error) {
    log("[realtime] asking the sockets to recheck their subscriptions failed", error);
  }
}

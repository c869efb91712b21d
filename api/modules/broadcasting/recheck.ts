/**
 * Tells every process's sockets to check these users' subscriptions again (api/realtime/revocation.ts),
 * after a change that may end their right to listen has committed: a login ended (logout, password or
 * email change), an account deactivated, roles or a role's permissions changed. Like publishing, a failure
 * is logged and never fails the change itself. `users` may be a loader (a query for a role's holders): it
 * runs only when the broadcaster can recheck.
 */
import type { Context } from "hono";
import type { AppEnv } from "#api/context.ts";
import { recheckAfterCommit } from "#api/realtime/broadcaster.ts";

export function recheckListeners(c: Context<AppEnv>, users: readonly number[] | (() => Promise<readonly number[]>)): Promise<void> {
  return recheckAfterCommit(c.get("broadcaster"), users);
}

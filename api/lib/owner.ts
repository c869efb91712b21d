import type { AuthUser } from "../context.ts";
import { forbidden } from "./errors.ts";

/**
 * The startup (or organization) whose collections and forms the caller manages. A caller holding the
 * permission without a startup of their own (e.g. an admin who never set one up) has nothing to manage.
 */
export function ownStartupId(user: AuthUser | null): number {
  if (!user?.startupId) throw forbidden();
  return user.startupId;
}

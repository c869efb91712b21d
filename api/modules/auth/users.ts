import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { startups, users } from "../../db/schema.ts";
import type { AuthUser } from "../../context.ts";
import { permissionsOf, roleNamesOf } from "../access/service.ts";
import { fileUrl } from "../files/service.ts";

/** GET /api/user: who the caller is, their setup state, roles and permissions. */
export async function userResource(db: Db, user: AuthUser) {
  const [[startup], roleNames, granted, [row]] = await Promise.all([
    user.startupId
      ? db.select({ accountType: startups.accountType }).from(startups).where(eq(startups.id, user.startupId))
      : Promise.resolve([]),
    roleNamesOf(db, user.id),
    permissionsOf(db, user.id),
    db.select({ createdAt: users.createdAt }).from(users).where(eq(users.id, user.id)),
  ]);
  const accountType = startup?.accountType ?? (user.coFounderId ? "co-founder" : null);
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    avatar_url: fileUrl(user.avatarFileId),
    is_active: user.isActive,
    startup_id: user.startupId,
    co_founder_id: user.coFounderId,
    account_type: accountType,
    setup_complete: accountType !== null,
    roles: roleNames,
    permissions: [...granted].sort(),
    created_at: row?.createdAt.toISOString() ?? null,
  };
}

import { eq, sql } from "drizzle-orm";
import type { Permission } from "#schemas/access.ts";
import type { CurrentUser } from "#schemas/auth.ts";
import { ROLE_PERMISSIONS } from "#schemas/organization-roles.ts";
import { WATCHED_CONVERSATIONS } from "#schemas/realtime.ts";
import type { ApiConfig } from "#api/config.ts";
import type { AuthUser, OrganizationMembership } from "#api/context.ts";
import { organizationMembers } from "#api/db/organization-schema.ts";
import { conversationParticipants, conversations, messages, notifications } from "#api/db/realtime-schema.ts";
import { userSettings } from "#api/db/settings-schema.ts";
import { settingsJson, type UserSettingsRow } from "../settings/service.ts";
import { permissions, rolePermissions, roles, startups, userRoles, users } from "#api/db/schema.ts";
import { fileUrl } from "../files/service.ts";
import { mustSetUpTwoFactor } from "../two-factor/requirement.ts";
import { verificationPolicy } from "../account-links/policy.ts";

/**
 * Everything a request needs to know about its caller, as columns of ONE query, so knowing who calls stays
 * cheap: the user row, their startup's account type (left join) and, as correlated array
 * subqueries, their role names and permissions. The lookups in sessions.ts select these next to the
 * session or token, so authenticating, `authorize()` and GET /api/user cost one round trip together.
 *
 * Subqueries rather than joins with GROUP BY: a user with two roles would otherwise multiply the rows
 * and the aggregates would need DISTINCT everywhere. `array(…)` yields '{}' (not NULL) for no rows, and
 * both drivers (PGlite, node-postgres) parse text[] into a string array.
 */
export const authUserFields = {
  id: users.id,
  name: users.name,
  email: users.email,
  emailVerifiedAt: users.emailVerifiedAt,
  isActive: users.isActive,
  startupId: users.startupId,
  coFounderId: users.coFounderId,
  avatarFileId: users.avatarFileId,
  createdAt: users.createdAt,
  twoFactorEnabledAt: users.twoFactorEnabledAt,
  startupAccountType: startups.accountType,
  roleNames: sql<string[]>`array(
    select ${roles.name} from ${userRoles} inner join ${roles} on ${roles.id} = ${userRoles.roleId}
    where ${userRoles.userId} = ${users.id} order by ${roles.name})`,
  permissionNames: sql<string[]>`array(
    select distinct ${permissions.name} from ${userRoles}
    inner join ${rolePermissions} on ${rolePermissions.roleId} = ${userRoles.roleId}
    inner join ${permissions} on ${permissions.id} = ${rolePermissions.permissionId}
    where ${userRoles.userId} = ${users.id})`,
  // Every membership with its organization's name, so the switcher and the current role cost no query.
  memberships: sql<OrganizationMembership[]>`coalesce((select json_agg(json_build_object(
      'id', o.id, 'name', o.name, 'accountType', o.account_type, 'role', ${organizationMembers.role},
      'eventFormIds', ${organizationMembers.eventFormIds}) order by o.name, o.id)
    from ${organizationMembers} inner join ${startups} o on o.id = ${organizationMembers.organizationId}
    where ${organizationMembers.userId} = ${users.id}), '[]'::json)`,
  // Counted on the partial index of unread rows. The caller cache (caller-cache.ts) may keep it for a few
  // seconds; every write, including those that notify or mark read, empties that cache.
  unreadNotificationsCount: sql<number>`(select count(*) from ${notifications}
    where ${notifications.userId} = ${users.id} and ${notifications.readAt} is null)`.mapWith(Number),
  // The newest message of each of the caller's conversations, on the participants' (user, activity) index.
  unreadConversationIds: sql<number[]>`array(select ${conversationParticipants.conversationId} from ${conversationParticipants}
    inner join ${conversations} on ${conversations.id} = ${conversationParticipants.conversationId}
    inner join ${messages} on ${messages.id} = ${conversations.lastMessageId}
    where ${conversationParticipants.userId} = ${users.id} and ${messages.userId} <> ${users.id}
      and ${messages.id} > coalesce(${conversationParticipants.lastReadMessageId}, 0)
    order by ${conversationParticipants.conversationId} limit 99)`,
  // The conversations whose presence channels the panel joins, on the same index, newest first as the list.
  recentConversationIds: sql<number[]>`array(select ${conversationParticipants.conversationId} from ${conversationParticipants}
    where ${conversationParticipants.userId} = ${users.id}
    order by ${conversationParticipants.activityAt} desc, ${conversationParticipants.conversationId} desc
    limit ${WATCHED_CONVERSATIONS})`,
  // The row by its primary key, as one value: every page needs the reader's zone, format and theme.
  settingsRow: sql<UserSettingsRow | null>`(select json_build_object(
    'timeZone', ${userSettings.timeZone}, 'dateFormat', ${userSettings.dateFormat}, 'theme', ${userSettings.theme},
    'layout', ${userSettings.layout}, 'mutedNotifications', ${userSettings.mutedNotifications})
    from ${userSettings} where ${userSettings.userId} = ${users.id})`,
};

/** The join every caller lookup adds to reach the account type: `.leftJoin(startups, startupOfUser)`. */
export const startupOfUser = eq(startups.id, users.startupId);

/** A row selected with `authUserFields`. */
export type AuthUserRow = Omit<AuthUser, "roles" | "permissions" | "settings" | "organizations" | "organizationRole" | "formScope"> & {
  memberships: OrganizationMembership[];
  roleNames: string[];
  permissionNames: string[];
  settingsRow: UserSettingsRow | null;
};

export function toAuthUser(row: AuthUserRow): AuthUser {
  const { roleNames, permissionNames, settingsRow, memberships, ...user } = row;
  return {
    ...user,
    ...actingFor(memberships, user.startupId),
    organizations: memberships,
    roles: roleNames,
    permissions: new Set(permissionNames as Permission[]),
    settings: settingsJson(settingsRow),
  };
}

/**
 * What follows from the organization an account acts for: the member's role there and the forms they are
 * limited to. Read when the caller loads, and again when they switch (current-organization.ts).
 */
export function actingFor(
  memberships: readonly OrganizationMembership[],
  organizationId: number | null,
): Pick<AuthUser, "organizationRole" | "formScope"> {
  const current = memberships.find((m) => m.id === organizationId);
  return { organizationRole: current?.role ?? null, formScope: current?.eventFormIds ?? null };
}

/** GET /api/user: who the caller is, their setup state, roles and permissions — no query of its own. */
export function userResource(
  user: AuthUser,
  config: Pick<ApiConfig, "requireTwoFactorForAdmins" | "requireVerifiedEmail" | "mail">,
): CurrentUser {
  const accountType = user.startupAccountType ?? (user.coFounderId ? "co-founder" : null);
  const role = user.organizationRole;
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    email_verified: user.emailVerifiedAt !== null,
    email_verification: verificationPolicy(config),
    avatar_url: fileUrl(user.avatarFileId),
    is_active: user.isActive,
    startup_id: user.startupId,
    co_founder_id: user.coFounderId,
    account_type: accountType,
    // Joining an organization sets an account up as much as making a profile does: /setup is for neither.
    setup_complete: accountType !== null || user.organizations.length > 0,
    has_own_profile: user.coFounderId !== null || user.organizations.some((m) => m.role === "owner"),
    roles: [...user.roles],
    organizations: user.organizations.map((m) => ({ id: m.id, name: m.name, account_type: m.accountType, role: m.role })),
    current_organization_id: user.startupId,
    organization_role: role,
    organization_permissions: role ? [...ROLE_PERMISSIONS[role]] : [],
    unread_notifications_count: user.unreadNotificationsCount,
    unread_conversation_ids: user.unreadConversationIds,
    recent_conversation_ids: user.recentConversationIds,
    settings: user.settings,
    permissions: [...user.permissions].sort(),
    created_at: user.createdAt.toISOString(),
    two_factor_enabled: user.twoFactorEnabledAt !== null,
    two_factor_setup_required: mustSetUpTwoFactor(user, config),
  };
}

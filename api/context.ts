import type { Permission } from "#schemas/access.ts";
import type { OrganizationRole } from "#schemas/organization-roles.ts";
import type { UserSettings } from "#schemas/settings.ts";
import type { ApiConfig } from "./config.ts";
import type { Db } from "./db/client.ts";
import type { CallerCache } from "./modules/auth/caller-cache.ts";
import type { Broadcaster } from "./realtime/broadcaster.ts";

/**
 * The caller, as one query loads it per request (see api/modules/auth/users.ts): the user row plus what
 * `authorize()` and GET /api/user need, so neither asks the database again.
 */
export interface AuthUser {
  id: number;
  name: string;
  email: string;
  /** When the address was proven by a mailed link; null while it is not (api/modules/account-links/policy.ts). */
  emailVerifiedAt: Date | null;
  isActive: boolean;
  startupId: number | null;
  coFounderId: number | null;
  avatarFileId: string | null;
  createdAt: Date;
  /** When two-factor sign-in was turned on; null while it is off (see api/modules/two-factor). */
  twoFactorEnabledAt: Date | null;
  /** The account type of the user's startup ("startup" or "organization"), if they have one. */
  startupAccountType: "startup" | "organization" | null;
  /** Every organization the user is a member of, by name. */
  organizations: readonly OrganizationMembership[];
  /** The user's role in the organization they act for now (`startupId`), if any. */
  organizationRole: OrganizationRole | null;
  /** The event forms the user is limited to there; null means every form. */
  formScope: number[] | null;
  /** Role names, sorted by name. */
  roles: readonly string[];
  /** Every permission any of the user's roles grants, read fresh with the user on this request. */
  permissions: ReadonlySet<Permission>;
  /** Unread notifications, for the bell on every page (loaded with the caller, see authUserFields). */
  unreadNotificationsCount: number;
  /** Conversations whose newest message is someone else's and unread, for the menu's Messages count. */
  unreadConversationIds: number[];
  /** The most recent conversations, newest first (WATCHED_CONVERSATIONS of them): the panel's online dots. */
  recentConversationIds: number[];
  /** The user's preferences (time zone, date format, theme, layout, notifications), loaded with the caller. */
  settings: UserSettings;
}

/** A user's membership of one organization, loaded with the caller. */
export interface OrganizationMembership {
  id: number;
  name: string;
  accountType: "startup" | "organization";
  role: OrganizationRole;
  eventFormIds: number[] | null;
}

/** A session look-up as `authenticate` makes it: the caller and their session's hash, or null. */
export type SessionCaller = { user: AuthUser; idHash: string } | null;

/**
 * Session look-ups shared by the API calls one panel page makes (keyed by session id). Only server.ts's
 * in-process API client passes one, a new one per page request; a request over HTTP never has one.
 */
export type CallerMemo = Map<string, Promise<SessionCaller>>;

export interface AppEnv {
  Bindings: {
    /** The caller's address, set by server.ts (from the socket, or the panel's own caller). */
    clientIp?: string;
    callerMemo?: CallerMemo;
  };
  Variables: {
    db: Db;
    config: ApiConfig;
    user: AuthUser | null;
    /** Hash of the current session id, when authenticated by cookie. */
    sessionHash: string | null;
    /** Hash of the bearer token, when authenticated by one. */
    tokenHash: string | null;
    /** Session look-ups reused between requests, when the config turns it on. */
    callerCache: CallerCache<SessionCaller> | undefined;
    /** Publishes realtime messages; use publishAfterCommit from api/realtime/broadcaster.ts. */
    broadcaster: Broadcaster;
    /** How the caller authenticated: "session" (cookie), "token" (bearer) or null. */
    authMethod: "session" | "token" | null;
    /** What the bearer token may do (schemas/api-tokens.ts), when the caller came with one. */
    tokenAbilities: readonly string[] | null;
    /** This response already sets the XSRF cookie (login, logout, /sanctum/csrf-cookie): see api/lib/xsrf.ts. */
    xsrfIssued: boolean;
  };
}

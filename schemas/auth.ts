import { z } from "zod";
import { emailField, headerText } from "./fields.ts";
import type { EmailVerificationPolicy } from "./held-actions.ts";
import { optionalIdField } from "./id-fields.ts";
import type { OrganizationPermission, OrganizationRole } from "./organization-roles.ts";
import type { UserSettings } from "./settings.ts";
import type { AccountType } from "./setup.ts";

export const PASSWORD_MIN = 8;

export const passwordField = z
  .string({ error: "The password field is required." })
  .min(PASSWORD_MIN, `The password field must be at least ${PASSWORD_MIN} characters.`)
  .max(128, "The password field must not be greater than 128 characters.");

/** The password typed twice the same (registration, a new password, a reset). */
export const confirmed = <T extends { password: string; password_confirmation: string }>(value: T, ctx: z.RefinementCtx) => {
  if (value.password !== value.password_confirmation) {
    ctx.addIssue({ code: "custom", path: ["password_confirmation"], message: "The password field confirmation does not match." });
  }
};

export const registerSchema = z
  .object({
    name: headerText("name"),
    email: emailField,
    password: passwordField,
    password_confirmation: z.string({ error: "The password confirmation field is required." }),
  })
  .superRefine(confirmed);

export const loginSchema = z.object({
  email: emailField,
  password: z.string({ error: "The password field is required." }).min(1, "The password field is required."),
});

export const accountSchema = z.object({
  name: headerText("name"),
  email: emailField,
  /** Needed only when the email changes; the API decides. */
  current_password: z.string().optional(),
});

export const passwordChangeSchema = z
  .object({
    current_password: z.string({ error: "The current password field is required." }).min(1, "The current password field is required."),
    password: passwordField,
    password_confirmation: z.string({ error: "The password confirmation field is required." }),
  })
  .superRefine(confirmed);

/** `GET /api/user`: who the caller is, whether their profile is set up, their roles and permissions. */
export interface CurrentUser {
  id: number;
  name: string;
  email: string;
  /** The address was proven by a mailed link. Optional, as another API may have none (then no banner). */
  email_verified?: boolean;
  /** Whether verifying matters here (see EmailVerificationPolicy): the banner shows unless it is "off". */
  email_verification?: EmailVerificationPolicy;
  avatar_url: string | null;
  is_active: boolean;
  startup_id: number | null;
  co_founder_id: number | null;
  account_type: AccountType | null;
  setup_complete: boolean;
  /** A co-founder profile, or an organization the account owns: a member of others' teams may have neither. */
  has_own_profile: boolean;
  roles: string[];
  /** Permission names (PERMISSIONS), sorted. */
  permissions: string[];
  created_at: string;
  /** Unread notifications. Optional because the panel may talk to another API (API_URL) that has none. */
  unread_notifications_count?: number;
  /**
   * The conversations with a message from the other side not read yet (at most 99): the menu counts them, and
   * live updates add or take one off by id. Optional, as another API may have no chat.
   */
  unread_conversation_ids?: number[];
  /** The user's preferences; another API may have none, and then the defaults apply. */
  settings?: UserSettings;
  /** Every organization the account is a member of, with its role there (the header's switcher). */
  organizations: UserOrganization[];
  /** The organization the account acts for now (`startup_id`), or null when it acts as itself. */
  current_organization_id: number | null;
  /** The account's role there, if any. */
  organization_role: OrganizationRole | null;
  /** What that role may do there (ROLE_PERMISSIONS); none without a role. */
  organization_permissions: OrganizationPermission[];
  /** Two-factor sign-in is on. Optional, as another API may have none. */
  two_factor_enabled?: boolean;
  /** The user's role requires two-factor sign-in and it is not on yet: nothing else is allowed until it is. */
  two_factor_setup_required?: boolean;
}

/** One organization the account is a member of, as `GET /api/user` lists them. */
export interface UserOrganization {
  id: number;
  name: string;
  account_type: "startup" | "organization";
  role: OrganizationRole;
}

export const CURRENT_ORGANIZATION_REQUIRED = "The organization id field is required.";
export const CURRENT_ORGANIZATION_INVALID = "The selected organization id is invalid.";

/**
 * `PUT /api/user/current-organization`: the organization to act for, or null (blank, from a form) to act as
 * oneself, with one's own co-founder profile. The field must be given: a missing one is not "nobody".
 */
export const currentOrganizationSchema = z.object({
  organization_id: z
    .custom<unknown>((value) => value !== undefined, { error: CURRENT_ORGANIZATION_REQUIRED })
    .pipe(optionalIdField(CURRENT_ORGANIZATION_INVALID))
    .transform((id) => id ?? null),
});

/**
 * `POST /api/login`: the user and a session, or, for an account with two-factor sign-in, no session yet:
 * the second step (`POST /api/two-factor-challenge`) finishes it.
 */
export type LoginAnswer = { user: CurrentUser } | { two_factor: true };

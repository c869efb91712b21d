import { z } from "zod";
import { tokenNameField } from "./api-tokens.ts";
import { timestamp } from "./contract/answers.ts";
import { emailField, headerText } from "./fields.ts";
import { EMAIL_VERIFICATION_POLICIES } from "./held-actions.ts";
import { optionalIdField } from "./id-fields.ts";
import { ORGANIZATION_PERMISSIONS, ORGANIZATION_ROLES } from "./organization-roles.ts";
import { ACCOUNT_TYPES } from "./profile-kinds.ts";
import { userSettings } from "./settings.ts";
import { recoveryCodeField, totpCodeField } from "./two-factor.ts";

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

/**
 * `POST /sanctum/token`: a personal access token for a client that is not a browser (Sanctum's mobile flow).
 * An account with two-factor sign-in sends its `code` (or `recovery_code`) in the same call.
 */
export const tokenRequestSchema = loginSchema.extend({
  // It becomes the listed token's name: the same rule as a token named on /account/tokens.
  device_name: tokenNameField("device name"),
  code: totpCodeField,
  recovery_code: recoveryCodeField,
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

/** One organization the account is a member of, as `GET /api/user` lists them. */
export const userOrganization = z.object({
  id: z.number().int(),
  name: z.string(),
  account_type: z.enum(["startup", "organization"]),
  role: z.enum(ORGANIZATION_ROLES),
});
export type UserOrganization = z.output<typeof userOrganization>;

/**
 * `GET /api/user`: who the caller is, whether their profile is set up, their roles and permissions. The
 * optional fields are those another API behind API_URL may not have; this one always sends them.
 */
export const currentUserView = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  /** The address was proven by a mailed link. Optional, as another API may have none (then no banner). */
  email_verified: z.boolean().optional(),
  /** Whether verifying matters here (see EmailVerificationPolicy): the banner shows unless it is "off". */
  email_verification: z.enum(EMAIL_VERIFICATION_POLICIES).optional(),
  avatar_url: z.string().nullable(),
  is_active: z.boolean(),
  startup_id: z.number().int().nullable(),
  co_founder_id: z.number().int().nullable(),
  account_type: z.enum(ACCOUNT_TYPES).nullable(),
  setup_complete: z.boolean(),
  /** A co-founder profile, or an organization the account owns: a member of others' teams may have neither. */
  has_own_profile: z.boolean(),
  roles: z.array(z.string()),
  /** Permission names (PERMISSIONS), sorted. */
  permissions: z.array(z.string()),
  created_at: timestamp,
  /** Unread notifications. Optional because the panel may talk to another API (API_URL) that has none. */
  unread_notifications_count: z.number().int().optional(),
  /**
   * The conversations with a message from the other side not read yet (at most 99): the menu counts them, and
   * live updates add or take one off by id. Optional, as another API may have no chat.
   */
  unread_conversation_ids: z.array(z.number().int()).optional(),
  /**
   * The most recent conversations, newest first (at most WATCHED_CONVERSATIONS): the panel joins their
   * presence channels, so the people in them see each other online. Optional, as another API may have no chat.
   */
  recent_conversation_ids: z.array(z.number().int()).optional(),
  /** The user's preferences; another API may have none, and then the defaults apply. */
  settings: userSettings.optional(),
  /** Every organization the account is a member of, with its role there (the header's switcher). */
  organizations: z.array(userOrganization),
  /** The organization the account acts for now (`startup_id`), or null when it acts as itself. */
  current_organization_id: z.number().int().nullable(),
  /** The account's role there, if any. */
  organization_role: z.enum(ORGANIZATION_ROLES).nullable(),
  /** What that role may do there (ROLE_PERMISSIONS); none without a role. */
  organization_permissions: z.array(z.enum(ORGANIZATION_PERMISSIONS)),
  /** Two-factor sign-in is on. Optional, as another API may have none. */
  two_factor_enabled: z.boolean().optional(),
  /** The user's role requires two-factor sign-in and it is not on yet: nothing else is allowed until it is. */
  two_factor_setup_required: z.boolean().optional(),
});
export type CurrentUser = z.output<typeof currentUserView>;

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
export const loginAnswer = z.union([z.object({ user: currentUserView }), z.object({ two_factor: z.literal(true) })]);
export type LoginAnswer = z.output<typeof loginAnswer>;

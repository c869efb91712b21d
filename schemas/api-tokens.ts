/*
 * API tokens people manage on /account/tokens: what a token may do (its abilities, in the role table's
 * words), how long it lives, and what the list shows. A token acts as its user, held to its abilities and to
 * the user's own role: it can never do more than its owner.
 */
import { z } from "zod";
import { timestamp } from "./contract/answers.ts";
import { headerText } from "./fields.ts";
import type { OrganizationPermission } from "./organization-roles.ts";

export const TOKEN_ABILITIES = ["read", "events:write", "check_ins:write", "payments:write", "team:manage"] as const;
export type TokenAbility = (typeof TOKEN_ABILITIES)[number];

export const isTokenAbility = (value: string): value is TokenAbility => (TOKEN_ABILITIES as readonly string[]).includes(value);

export const ABILITY_LABELS: Record<TokenAbility, string> = {
  read: "Read what the account can read",
  "events:write": "Change event forms, their applications and announcements",
  "check_ins:write": "Check people in at the door",
  "payments:write": "Payments, refunds and coupon codes",
  "team:manage": "Invite, change and remove team members",
};

/**
 * The ability a write needs, by the organization permission its route declares (schemas/contract). Null:
 * no ability names it (owning the organization, editing its profile), so only a token holding every ability
 * may. Reads need `read`, whatever the route.
 */
export const WRITE_ABILITY: Record<OrganizationPermission, TokenAbility | null> = {
  "organization.own": null,
  "organization.profile": null,
  "team.manage": "team:manage",
  "audit.read": "read",
  "forms.manage": "events:write",
  "forms.read": "events:write",
  check_in: "check_ins:write",
  money: "payments:write",
};

/** A token holding every ability acts as its user in everything (as the tokens of POST /sanctum/token do). */
export const holdsEveryAbility = (abilities: readonly string[]) => TOKEN_ABILITIES.every((a) => abilities.includes(a));

/** How long a new token lives, as /account/tokens offers it; "none" never expires. */
export const TOKEN_LIFETIMES = ["30", "90", "365", "none"] as const;
export type TokenLifetime = (typeof TOKEN_LIFETIMES)[number];

export const MAX_TOKENS_PER_USER = 50;

/** The longest name a token may have: the list shows it on one line. */
export const TOKEN_NAME_MAX = 100;

/**
 * A token's name, however it is made (named on /account/tokens, or by the `device_name` of POST
 * /sanctum/token): the list shows it as one line, so a break or a longer name is refused on its field
 * (`label`) rather than stored as sent or cut.
 */
export const tokenNameField = (label: string) => headerText(label, TOKEN_NAME_MAX);

/** `POST /api/user/tokens`. */
export const tokenInput = z.object({
  name: tokenNameField("name"),
  abilities: z
    .array(z.enum(TOKEN_ABILITIES, { error: "The selected ability is invalid." }), { error: "Choose at least one ability." })
    .min(1, "Choose at least one ability."),
  expires_at: z.iso
    .datetime({ offset: true, error: "The expiry must be a date and time, or null for none." })
    .nullable()
    .refine((value) => value === null || Date.parse(value) > Date.now(), "The expiry must be in the future."),
});
export type TokenInput = z.output<typeof tokenInput>;

/** One token as the list shows it (never the token itself: it is shown once, when made). */
export const apiTokenView = z.object({
  id: z.number().int(),
  name: z.string(),
  abilities: z.array(z.enum(TOKEN_ABILITIES)),
  expires_at: timestamp.nullable(),
  last_used_at: timestamp.nullable(),
  /** The address it was last used from. */
  last_used_ip: z.string().nullable(),
  created_at: timestamp,
});
export type ApiTokenView = z.output<typeof apiTokenView>;

export const tokenCreated = z.object({ token: apiTokenView, plain_text_token: z.string(), message: z.string() });

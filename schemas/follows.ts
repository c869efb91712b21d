import { z } from "zod";
import { timestamp } from "./contract/answers.ts";
import { idField } from "./id-fields.ts";

/** Accounts that follow and are followed: a startup, an organization or a co-founder profile. */
export const FOLLOW_TYPES = ["startup", "organization", "co_founder"] as const;
export type FollowType = (typeof FOLLOW_TYPES)[number];

export const FOLLOWED_MESSAGE = "You are now following this account";
export const UNFOLLOWED_MESSAGE = "You have unfollowed this account";
export const FOLLOWEE_INVALID = "The selected followee id is invalid.";
export const FOLLOW_SELF = "You cannot follow your own account.";
export const FOLLOWEE_TYPE_INVALID = "The selected followee type is invalid.";

export const followeeTypeField = z.enum(FOLLOW_TYPES, {
  error: (issue) => (issue.input === undefined || issue.input === "" ? "The followee type field is required." : FOLLOWEE_TYPE_INVALID),
});

/** The body of POST /api/v1/admin/follow and /unfollow (and the panel's Follow button). */
export const followSchema = z.object({
  followee_id: idField(FOLLOWEE_INVALID, "The followee id field is required."),
  followee_type: followeeTypeField,
});
export type FollowInput = z.output<typeof followSchema>;

/** The answer to follow and unfollow. */
export const followResult = z.object({ message: z.string(), is_following: z.boolean(), followers_count: z.number().int() });
export type FollowResult = z.output<typeof followResult>;

/** One account in a followers or followees list. */
export const followAccount = z.object({
  type: z.enum(FOLLOW_TYPES),
  id: z.number().int(),
  name: z.string(),
  /** Startups and organizations have one; co-founder profiles do not. */
  username: z.string().nullable(),
  /** Where the account's profile is in the panel. */
  link: z.string(),
  avatar_url: z.string().nullable(),
  followed_at: timestamp,
});
export type FollowAccount = z.output<typeof followAccount>;

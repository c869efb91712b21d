import { z } from "zod";
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
export interface FollowResult {
  message: string;
  is_following: boolean;
  followers_count: number;
}

/** One account in a followers or followees list. */
export interface FollowAccount {
  type: FollowType;
  id: number;
  name: string;
  /** Startups and organizations have one; co-founder profiles do not. */
  username: string | null;
  /** Where the account's profile is in the panel. */
  link: string;
  avatar_url: string | null;
  followed_at: string;
}

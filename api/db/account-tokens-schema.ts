import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { ACCOUNT_TOKEN_PURPOSES } from "#schemas/account-links.ts";
import { createdAt, users } from "./schema.ts";

/**
 * The tokens behind the links mailed to prove that the reader holds an address: a password reset, the
 * verification of the address, the confirmation of a new one (api/modules/account-links). Only the
 * token's SHA-256 is kept; a link works once, because using it deletes its row.
 */
export const accountTokens = pgTable(
  "account_tokens",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose", { enum: ACCOUNT_TOKEN_PURPOSES }).notNull(),
    tokenHash: text("token_hash").notNull(),
    /**
     * The address the link was sent to. A reset or a verification works only while it is still the
     * user's address; for a change of address it is the new one, which the user gets once it is confirmed.
     */
    email: text("email").notNull(),
    /** A change of address: the session that asked for it, which stays logged in when it is confirmed. */
    sessionHash: text("session_hash"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("account_tokens_token_hash_unique").on(t.tokenHash),
    index("account_tokens_user_purpose_idx").on(t.userId, t.purpose),
    index("account_tokens_expires_at_idx").on(t.expiresAt),
  ],
);

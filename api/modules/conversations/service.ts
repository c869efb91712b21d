import { and, eq } from "drizzle-orm";
import {
  CONVERSATION_CO_FOUNDER_INVALID,
  CONVERSATION_NOT_FOUND,
  CONVERSATION_SELF,
  CONVERSATION_STARTUP_INVALID,
  CONVERSATION_USER_INVALID,
  type ConversationJson,
  type StartConversationInput,
} from "#schemas/conversations.ts";
import type { AuthUser } from "#api/context.ts";
import type { Db } from "#api/db/client.ts";
import { conversationParticipants, conversations } from "#api/db/realtime-schema.ts";
import { coFounders, users } from "#api/db/schema.ts";
import { fieldError, notFound } from "#api/lib/errors.ts";
import { findConversation } from "./views.ts";
import { organizationMembers } from "#api/db/organization-schema.ts";

/** The one key of a pair's conversation, whoever starts it: "smallerId:largerId". */
export const pairKey = (a: number, b: number) => (a < b ? `${a}:${b}` : `${b}:${a}`);

/**
 * The person a start request names, as [field, user id]: a user; a startup's user (the first to join it,
 * lowest id); or a co-founder profile's owner. Only active users can be talked to.
 */
async function targetOf(db: Db, input: StartConversationInput): Promise<[field: string, userId: number]> {
  const active = eq(users.isActive, true);
  if (input.user_id !== undefined) {
    const [row] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, input.user_id), active));
    if (!row) throw fieldError("user_id", CONVERSATION_USER_INVALID);
    return ["user_id", row.id];
  }
  if (input.startup_id !== undefined) {
    // A message to an organization reaches its owner.
    const [row] = await db
      .select({ id: users.id })
      .from(users)
      .innerJoin(organizationMembers, eq(organizationMembers.userId, users.id))
      .where(and(eq(organizationMembers.organizationId, input.startup_id), eq(organizationMembers.role, "owner"), active));
    if (!row) throw fieldError("startup_id", CONVERSATION_STARTUP_INVALID);
    return ["startup_id", row.id];
  }
  const [row] = await db
    .select({ id: users.id })
    .from(coFounders)
    .innerJoin(users, eq(users.id, coFounders.userId))
    .where(and(eq(coFounders.id, input.co_founder_id ?? 0), active));
  if (!row) throw fieldError("co_founder_id", CONVERSATION_CO_FOUNDER_INVALID);
  return ["co_founder_id", row.id];
}

/**
 * Opens the caller's conversation with someone, or finds the one they already have (`created` false). The
 * pair key's unique index settles two people starting it at once: the second insert does nothing and both
 * read the same row.
 */
export async function startConversation(
  db: Db,
  me: AuthUser,
  input: StartConversationInput,
): Promise<{ conversation: ConversationJson; created: boolean }> {
  const [field, otherId] = await targetOf(db, input);
  if (otherId === me.id) throw fieldError(field, CONVERSATION_SELF);
  const key = pairKey(me.id, otherId);
  const created = await db.transaction(async (tx) => {
    const [row] = await tx.insert(conversations).values({ pairKey: key }).onConflictDoNothing().returning({ id: conversations.id });
    if (!row) return false;
    await tx.insert(conversationParticipants).values([
      { conversationId: row.id, userId: me.id },
      { conversationId: row.id, userId: otherId },
    ]);
    return true;
  });
  const [row] = await db.select({ id: conversations.id }).from(conversations).where(eq(conversations.pairKey, key));
  const conversation = await findConversation(db, me, row.id);
  if (!conversation) throw notFound(CONVERSATION_NOT_FOUND);
  return { conversation, created };
}

export async function getConversation(db: Db, me: AuthUser, id: number): Promise<ConversationJson> {
  const conversation = await findConversation(db, me, id);
  if (!conversation) throw notFound(CONVERSATION_NOT_FOUND);
  return conversation;
}

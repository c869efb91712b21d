import { and, eq } from "drizzle-orm";
import type { Db } from "#api/db/client.ts";
import { conversationParticipants } from "#api/db/realtime-schema.ts";

/**
 * Whether the user takes part in the conversation: every conversation route and the chat channels'
 * authorisation ask this one question, so "who may see a conversation" is decided here only.
 */
export async function isConversationParticipant(db: Db, conversationId: number, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ userId: conversationParticipants.userId })
    .from(conversationParticipants)
    .where(and(eq(conversationParticipants.conversationId, conversationId), eq(conversationParticipants.userId, userId)))
    .limit(1);
  return Boolean(row);
}

/** The participant condition, for queries that authorise in their own where clause. */
export const participantOf = (conversationId: number, userId: number) =>
  and(eq(conversationParticipants.conversationId, conversationId), eq(conversationParticipants.userId, userId));

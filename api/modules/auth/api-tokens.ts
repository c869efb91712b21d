/**
 * The tokens a person makes on /account/tokens: each with a name, abilities and an expiry, shown once when
 * made (only its SHA-256 is kept), listed with when and where it was last used, revoked at will. The tokens
 * of POST /sanctum/token are in the same table and list (sessions.ts makes them).
 */
import { and, count, desc, eq } from "drizzle-orm";
import { MAX_TOKENS_PER_USER, TOKEN_ABILITIES, type ApiTokenView, type TokenInput } from "#schemas/api-tokens.ts";
import type { Db } from "#api/db/client.ts";
import { apiTokens, users } from "#api/db/schema.ts";
import { fieldError, notFound } from "#api/lib/errors.ts";
import { randomToken, sha256 } from "#api/lib/tokens.ts";

export const TOKEN_NOT_FOUND = "API token not found";
export const TOO_MANY_TOKENS = `You have ${MAX_TOKENS_PER_USER} API tokens: revoke one before making another.`;

type TokenRow = typeof apiTokens.$inferSelect;

function tokenView(row: TokenRow): ApiTokenView {
  return {
    id: row.id,
    name: row.name,
    // In the list's order, whatever order they were stored in.
    abilities: TOKEN_ABILITIES.filter((a) => row.abilities.includes(a)),
    expires_at: row.expiresAt?.toISOString() ?? null,
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    last_used_ip: row.lastUsedIp,
    created_at: row.createdAt.toISOString(),
  };
}

export async function listTokens(db: Db, userId: number): Promise<ApiTokenView[]> {
  const rows = await db.select().from(apiTokens).where(eq(apiTokens.userId, userId)).orderBy(desc(apiTokens.createdAt), desc(apiTokens.id));
  return rows.map(tokenView);
}

/** Makes a token; the person's row is locked while their tokens are counted, so tokens made at once never pass the cap. */
export async function makeToken(db: Db, userId: number, input: TokenInput): Promise<{ token: ApiTokenView; plainText: string }> {
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
    const [{ n }] = await tx.select({ n: count() }).from(apiTokens).where(eq(apiTokens.userId, userId));
    if (n >= MAX_TOKENS_PER_USER) throw fieldError("name", TOO_MANY_TOKENS);
    const plainText = randomToken();
    const [row] = await tx
      .insert(apiTokens)
      .values({
        userId,
        name: input.name,
        tokenHash: sha256(plainText),
        abilities: [...new Set(input.abilities)],
        expiresAt: input.expires_at === null ? null : new Date(input.expires_at),
      })
      .returning();
    return { token: tokenView(row), plainText };
  });
}

export async function revokeToken(db: Db, userId: number, id: number): Promise<void> {
  const gone = await db
    .delete(apiTokens)
    .where(and(eq(apiTokens.id, id), eq(apiTokens.userId, userId)))
    .returning({ id: apiTokens.id });
  if (!gone.length) throw notFound(TOKEN_NOT_FOUND);
}

/**
 * A user's provider tokens: sealed with the app key at rest (api/lib/encryption.ts), opened only to call
 * the provider, refreshed when they have expired (before a call) or when the provider says 401 (once per request).
 */
import { and, eq } from "drizzle-orm";
import type { MeetingProviderKey } from "#schemas/meetings.ts";
import { meetingConnections } from "#api/db/tools-schema.ts";
import { ProviderError, type Authorized, type TokenSet } from "#api/integrations/meetings/oauth.ts";
import { DecryptionError, secretBox } from "#api/lib/encryption.ts";
import { HttpError } from "#api/lib/errors.ts";
import { adapter, label, type MeetingsContext } from "./providers.ts";

export type ConnectionRow = typeof meetingConnections.$inferSelect;

/** A token within this long of its expiry is refreshed first, so it cannot run out on the way. */
const EXPIRY_MARGIN_MS = 60_000;

const box = (ctx: MeetingsContext) => secretBox(ctx.db, "meeting provider tokens", ctx.settings.appKey);
/** Bound to the row's owner, provider and field: a sealed token copied elsewhere does not open. */
const sealContext = (userId: number, provider: MeetingProviderKey, field: "access" | "refresh") =>
  `meeting_connections:${userId}:${provider}:${field}`;

/** The columns that store a token set, sealed. A missing refresh token keeps the stored one (Google sends it once). */
export async function sealedColumns(ctx: MeetingsContext, userId: number, provider: MeetingProviderKey, tokens: TokenSet) {
  const b = await box(ctx);
  return {
    accessTokenEncrypted: b.seal(tokens.accessToken, sealContext(userId, provider, "access")),
    ...(tokens.refreshToken ? { refreshTokenEncrypted: b.seal(tokens.refreshToken, sealContext(userId, provider, "refresh")) } : {}),
    expiresAt: tokens.expiresAt,
    ...(tokens.scope ? { scope: tokens.scope } : {}),
  };
}

export const reconnect = (provider: MeetingProviderKey, why: string) =>
  new HttpError(409, `${why} Disconnect ${label(provider)} on its Integrations page and connect it again.`);

export async function openToken(ctx: MeetingsContext, row: ConnectionRow, field: "access" | "refresh"): Promise<string | null> {
  const sealed = field === "access" ? row.accessTokenEncrypted : row.refreshTokenEncrypted;
  if (!sealed) return null;
  try {
    return (await box(ctx)).open(sealed, sealContext(row.userId, row.provider, field));
  } catch (error) {
    if (error instanceof DecryptionError)
      throw reconnect(row.provider, `The ${label(row.provider)} connection can no longer be read (the app key changed).`);
    throw error;
  }
}

export async function findConnection(ctx: MeetingsContext, userId: number, provider: MeetingProviderKey): Promise<ConnectionRow | null> {
  const [row] = await ctx.db
    .select()
    .from(meetingConnections)
    .where(and(eq(meetingConnections.userId, userId), eq(meetingConnections.provider, provider)));
  return row ?? null;
}

/**
 * Renews the user's access token, one request at a time per connection: the row is locked (select … for
 * update) and read again, and when its token is no longer `stale` another request has already renewed it,
 * so that one is used. Without the lock two requests would both trade the same refresh token, and as Zoom
 * rotates refresh tokens the second would be refused although the connection is fine.
 *
 * The provider is asked while the lock is held (the new refresh token must be stored before anyone else
 * may use the old one). That call gets REFRESH_TIMEOUT_MS, half the usual, since on the embedded
 * database an open transaction holds its only connection; a refresh happens about once an hour.
 */
async function refreshed(
  ctx: MeetingsContext,
  userId: number,
  provider: MeetingProviderKey,
  stale: string,
  notConnected: () => HttpError,
): Promise<string> {
  // The box is read (and cached) first: inside the transaction only `tx` may touch the database.
  await box(ctx);
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(meetingConnections)
      .where(and(eq(meetingConnections.userId, userId), eq(meetingConnections.provider, provider)))
      .for("update");
    if (!row) throw notConnected();
    const current = (await openToken(ctx, row, "access"))!;
    if (current !== stale) return current;
    const refreshToken = await openToken(ctx, row, "refresh");
    if (!refreshToken) throw reconnect(provider, `The ${label(provider)} sign-in has expired and cannot be renewed.`);
    let tokens: TokenSet;
    try {
      tokens = await adapter(ctx, provider).refresh(refreshToken);
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      if (error.status === 400 || error.status === 401)
        throw reconnect(provider, `${label(provider)} no longer accepts this connection (it was revoked or has expired).`);
      throw new HttpError(502, `${label(provider)} could not renew the connection: ${error.message}`);
    }
    await tx
      .update(meetingConnections)
      .set({ ...(await sealedColumns(ctx, userId, provider, tokens)), updatedAt: new Date() })
      .where(eq(meetingConnections.id, row.id));
    return tokens.accessToken;
  });
}

/**
 * Runs `use` with the user's provider token, renewed first when it has expired. `use` sends each provider
 * request through the Authorized it is given, which renews the token and repeats that one request when the
 * provider answers 401 anyway (revoked early, clocks apart). A provider failure becomes a 502 whose
 * message says what the provider said.
 */
export async function withAccessToken<T>(
  ctx: MeetingsContext,
  userId: number,
  provider: MeetingProviderKey,
  notConnected: () => HttpError,
  use: (authorized: Authorized) => Promise<T>,
): Promise<T> {
  const row = await findConnection(ctx, userId, provider);
  if (!row) throw notConnected();
  let token = (await openToken(ctx, row, "access"))!;
  const expired = row.expiresAt !== null && row.expiresAt.getTime() - EXPIRY_MARGIN_MS <= Date.now();
  if (expired) token = await refreshed(ctx, userId, provider, token, notConnected);
  const authorized: Authorized = async (request) => {
    try {
      return await request(token);
    } catch (error) {
      if (!(error instanceof ProviderError) || error.status !== 401) throw error;
    }
    token = await refreshed(ctx, userId, provider, token, notConnected);
    try {
      return await request(token);
    } catch (error) {
      if (error instanceof ProviderError && error.status === 401)
        throw reconnect(provider, `${label(provider)} refused the connection even after renewing it.`);
      throw error;
    }
  };
  try {
    return await use(authorized);
  } catch (error) {
    if (error instanceof ProviderError) throw new HttpError(502, error.message);
    throw error;
  }
}

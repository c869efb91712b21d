/** Connecting a user's Zoom or Google account: state per provider, the OAuth flow, disconnecting. */
import { and, eq, lt, or, sql } from "drizzle-orm";
import {
  MEETING_PROVIDER_KEYS,
  MEETING_PROVIDER_SLUGS,
  MEETING_PROVIDER_USES,
  type MeetingConnectionState,
  type MeetingProviderKey,
} from "#schemas/meetings.ts";
import { meetingConnections, oauthStates } from "#api/db/tools-schema.ts";
import { pkcePair, ProviderError, randomState } from "#api/integrations/meetings/oauth.ts";
import { badRequest, HttpError, notFound } from "#api/lib/errors.ts";
import { missingSettings } from "./config.ts";
import { adapter, callbackUrl, label, type MeetingsContext } from "./providers.ts";
import { openToken, sealedColumns, type ConnectionRow } from "./tokens.ts";

/** How long a started sign-in may take: the provider's consent screen, a password, maybe two factors. */
export const OAUTH_STATE_TTL_MS = 10 * 60_000;

export const invalidState = (provider: MeetingProviderKey) =>
  badRequest(
    `This ${label(provider)} sign-in does not match one you started here, or it was already used. Start again from the ${label(provider)} page.`,
  );
export const expiredState = (provider: MeetingProviderKey) =>
  badRequest(`This ${label(provider)} sign-in took longer than 10 minutes and has expired. Start again from the ${label(provider)} page.`);
export const consentDenied = (provider: MeetingProviderKey) =>
  badRequest(`You did not allow Launchpad to use your ${label(provider)} account, so nothing was connected.`);
export const notConnected = (provider: MeetingProviderKey) => notFound(`${label(provider)} is not connected.`);

function stateOf(
  ctx: MeetingsContext,
  provider: MeetingProviderKey,
  row: Pick<ConnectionRow, "accountLabel" | "createdAt"> | undefined,
): MeetingConnectionState {
  const missing = missingSettings(ctx.settings, provider);
  return {
    provider,
    slug: MEETING_PROVIDER_SLUGS[provider],
    label: label(provider),
    used_for: MEETING_PROVIDER_USES[provider],
    configured: missing.length === 0,
    missing_settings: missing,
    callback_url: callbackUrl(ctx, provider),
    connected: Boolean(row),
    account_label: row?.accountLabel ?? null,
    connected_at: row?.createdAt.toISOString() ?? null,
  };
}

/** Every provider's state for the user, in one query. */
export async function connectionStates(ctx: MeetingsContext, userId: number): Promise<MeetingConnectionState[]> {
  const rows = await ctx.db
    .select({
      provider: meetingConnections.provider,
      accountLabel: meetingConnections.accountLabel,
      createdAt: meetingConnections.createdAt,
    })
    .from(meetingConnections)
    .where(eq(meetingConnections.userId, userId));
  return MEETING_PROVIDER_KEYS.map((provider) =>
    stateOf(
      ctx,
      provider,
      rows.find((row) => row.provider === provider),
    ),
  );
}

export async function connectionState(ctx: MeetingsContext, userId: number, provider: MeetingProviderKey) {
  return (await connectionStates(ctx, userId)).find((state) => state.provider === provider)!;
}

/**
 * Starts a sign-in: a random `state` and a PKCE verifier are kept server-side for this user and provider,
 * and the provider's consent address (with the verifier's S256 challenge) is answered.
 */
export async function startConnect(ctx: MeetingsContext, userId: number, provider: MeetingProviderKey): Promise<string> {
  const provide = adapter(ctx, provider);
  const state = randomState();
  const { verifier, challenge } = pkcePair();
  // Abandoned sign-ins are swept here, so the table holds only flows in progress.
  await ctx.db
    .delete(oauthStates)
    .where(or(lt(oauthStates.expiresAt, sql`now()`), and(eq(oauthStates.userId, userId), eq(oauthStates.provider, provider))));
  await ctx.db
    .insert(oauthStates)
    .values({ state, userId, provider, codeVerifier: verifier, expiresAt: new Date(Date.now() + OAUTH_STATE_TTL_MS) });
  return provide.authorizationUrl({ state, codeChallenge: challenge, redirectUri: callbackUrl(ctx, provider) });
}

export interface CallbackInput {
  state: string;
  code?: string;
  error?: string;
}

/**
 * Finishes a sign-in. The state must be one this user started for this provider, unused and unexpired;
 * it is used up by this call whatever happens next. Then the code is exchanged (with the verifier) and
 * the tokens are stored sealed.
 */
export async function finishConnect(
  ctx: MeetingsContext,
  userId: number,
  provider: MeetingProviderKey,
  input: CallbackInput,
): Promise<MeetingConnectionState> {
  const provide = adapter(ctx, provider);
  // Deleted and read in one statement: two requests with the same state cannot both get it.
  const [flow] = await ctx.db
    .delete(oauthStates)
    .where(and(eq(oauthStates.state, input.state), eq(oauthStates.userId, userId), eq(oauthStates.provider, provider)))
    .returning({ codeVerifier: oauthStates.codeVerifier, expiresAt: oauthStates.expiresAt });
  if (!flow) throw invalidState(provider);
  if (flow.expiresAt.getTime() <= Date.now()) throw expiredState(provider);
  if (input.error)
    throw input.error === "access_denied"
      ? consentDenied(provider)
      : badRequest(`${label(provider)} did not connect: ${input.error.slice(0, 100)}.`);
  if (!input.code) throw badRequest(`${label(provider)} sent no authorization code. Start again from the ${label(provider)} page.`);
  let tokens;
  try {
    tokens = await provide.exchangeCode({ code: input.code, codeVerifier: flow.codeVerifier, redirectUri: callbackUrl(ctx, provider) });
  } catch (error) {
    if (error instanceof ProviderError) throw new HttpError(502, `${label(provider)} could not finish connecting: ${error.message}`);
    throw error;
  }
  // Without a label the connection still works; the page then says "connected" without whose account.
  const accountLabel = await provide.accountLabel(tokens.accessToken).catch((error: unknown) => {
    if (error instanceof ProviderError) return null;
    throw error;
  });
  const sealed = await sealedColumns(ctx, userId, provider, tokens);
  const now = new Date();
  await ctx.db
    .insert(meetingConnections)
    .values({ userId, provider, ...sealed, accountLabel, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: [meetingConnections.userId, meetingConnections.provider],
      // A reconnect replaces everything but a refresh token the provider did not send again.
      set: { ...sealed, scope: sealed.scope ?? null, accountLabel, createdAt: now, updatedAt: now },
    });
  return connectionState(ctx, userId, provider);
}

/** Forgets the connection, then tells the provider to revoke its tokens (best effort). */
export async function disconnect(ctx: MeetingsContext, userId: number, provider: MeetingProviderKey): Promise<void> {
  const [row] = await ctx.db
    .delete(meetingConnections)
    .where(and(eq(meetingConnections.userId, userId), eq(meetingConnections.provider, provider)))
    .returning();
  if (!row) throw notConnected(provider);
  if (missingSettings(ctx.settings, provider).length) return;
  // Unreadable tokens (another app key) cannot be revoked; the row is gone all the same.
  const readable = (field: "access" | "refresh") => openToken(ctx, row, field).catch(() => null);
  await adapter(ctx, provider).revoke({ accessToken: await readable("access"), refreshToken: await readable("refresh") });
}

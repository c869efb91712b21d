/**
 * Zoom (OAuth app, user-managed): authorization code with PKCE, then the meetings API as the user.
 * https://developers.zoom.us/docs/integrations/oauth/ and /docs/api/meetings/
 */
import {
  bearerJson,
  callProvider,
  durationMinutes,
  ProviderError,
  REFRESH_TIMEOUT_MS,
  tokenRequest,
  utcSeconds,
  type Authorized,
  type CreatedMeeting,
  type MeetingDetails,
  type MeetingProviderAdapter,
  type TokenSet,
} from "./oauth.ts";

export interface ZoomSettings {
  clientId: string;
  clientSecret: string;
  oauthBase: string;
  apiBase: string;
}

const LABEL = "Zoom";

/** Zoom's limits: topic 200 characters, agenda 2,000. */
const meetingBody = (details: MeetingDetails) => ({
  topic: details.title.slice(0, 200),
  agenda: details.description.slice(0, 2000),
  // 2: a scheduled meeting.
  type: 2,
  start_time: utcSeconds(details.startsAt),
  duration: durationMinutes(details),
  timezone: details.timezone,
});

export class ZoomAdapter implements MeetingProviderAdapter {
  readonly key = "zoom" as const;

  constructor(private readonly settings: ZoomSettings) {}

  private get basic() {
    return { authorization: `Basic ${Buffer.from(`${this.settings.clientId}:${this.settings.clientSecret}`).toString("base64")}` };
  }

  authorizationUrl({ state, codeChallenge, redirectUri }: { state: string; codeChallenge: string; redirectUri: string }): string {
    const url = new URL("/oauth/authorize", this.settings.oauthBase);
    url.search = new URLSearchParams({
      response_type: "code",
      client_id: this.settings.clientId,
      redirect_uri: redirectUri,
      state,
      code_challenge: codeChallenge,
      code_challenge_method: "S256",
    }).toString();
    return url.toString();
  }

  exchangeCode({ code, codeVerifier, redirectUri }: { code: string; codeVerifier: string; redirectUri: string }): Promise<TokenSet> {
    const url = new URL("/oauth/token", this.settings.oauthBase).toString();
    return tokenRequest(
      LABEL,
      url,
      { grant_type: "authorization_code", code, redirect_uri: redirectUri, code_verifier: codeVerifier },
      this.basic,
    );
  }

  refresh(refreshToken: string): Promise<TokenSet> {
    const url = new URL("/oauth/token", this.settings.oauthBase).toString();
    return tokenRequest(LABEL, url, { grant_type: "refresh_token", refresh_token: refreshToken }, this.basic, REFRESH_TIMEOUT_MS);
  }

  /**
   * Revoking a token ends the whole grant. The refresh token first: it is valid for months, while the
   * access token has often expired by the time someone disconnects, and Zoom refuses to revoke that.
   */
  async revoke({ accessToken, refreshToken }: { accessToken: string | null; refreshToken: string | null }): Promise<void> {
    const token = refreshToken ?? accessToken;
    if (!token) return;
    const url = new URL("/oauth/revoke", this.settings.oauthBase).toString();
    await callProvider(LABEL, url, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", ...this.basic },
      body: new URLSearchParams({ token }).toString(),
    }).catch(() => undefined);
  }

  async accountLabel(accessToken: string): Promise<string | null> {
    const { body } = await bearerJson(LABEL, "GET", new URL("/v2/users/me", this.settings.apiBase).toString(), accessToken);
    const me = body as { email?: unknown; first_name?: unknown; last_name?: unknown } | null;
    if (typeof me?.email === "string" && me.email) return me.email;
    const name = [me?.first_name, me?.last_name].filter((part) => typeof part === "string" && part).join(" ");
    return name || null;
  }

  async createMeeting(authorized: Authorized, details: MeetingDetails): Promise<CreatedMeeting> {
    const url = new URL("/v2/users/me/meetings", this.settings.apiBase).toString();
    // A 401 means nothing was created, so this one request may be sent again with a renewed token.
    const { body } = await authorized((token) => bearerJson(LABEL, "POST", url, token, meetingBody(details)));
    const meeting = body as { id?: unknown; join_url?: unknown } | null;
    const id = typeof meeting?.id === "number" || typeof meeting?.id === "string" ? String(meeting.id) : "";
    if (!id || typeof meeting?.join_url !== "string" || !/^https:\/\//.test(meeting.join_url)) {
      throw new ProviderError("Zoom created the meeting but answered without its id or join link.");
    }
    return { externalId: id, joinUrl: meeting.join_url };
  }

  async updateMeeting(authorized: Authorized, externalId: string, details: MeetingDetails): Promise<void> {
    const url = new URL(`/v2/meetings/${encodeURIComponent(externalId)}`, this.settings.apiBase).toString();
    const { topic, start_time, duration, timezone } = meetingBody(details);
    await authorized((token) => bearerJson(LABEL, "PATCH", url, token, { topic, start_time, duration, timezone }));
  }
}

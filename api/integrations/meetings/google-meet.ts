/**
 * Google Meet through Google Calendar: OAuth 2 (web server flow with PKCE, offline access for a refresh
 * token), then an event in the user's primary calendar with Meet conference data.
 * https://developers.google.com/identity/protocols/oauth2/web-server and
 * https://developers.google.com/calendar/api/guides/create-events#conferencing
 */
import { randomUUID } from "node:crypto";
import {
  bearerJson,
  callProvider,
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

export interface GoogleSettings {
  clientId: string;
  clientSecret: string;
  oauthBase: string;
  tokenBase: string;
  apiBase: string;
}

const LABEL = "Google";
/** The user's e-mail (for the account label) and their calendar's events, nothing more. */
export const GOOGLE_SCOPES = "openid email https://www.googleapis.com/auth/calendar.events";

interface GoogleEvent {
  id?: unknown;
  hangoutLink?: unknown;
  conferenceData?: { entryPoints?: { entryPointType?: unknown; uri?: unknown }[] };
}

/** The Meet link of an event: its video entry point, or hangoutLink. */
function meetLink(event: GoogleEvent | null): string | null {
  const video = event?.conferenceData?.entryPoints?.find((entry) => entry.entryPointType === "video")?.uri;
  const link = typeof video === "string" ? video : typeof event?.hangoutLink === "string" ? event.hangoutLink : null;
  return link && /^https:\/\//.test(link) ? link : null;
}

const times = (details: MeetingDetails) => ({
  start: { dateTime: utcSeconds(details.startsAt), timeZone: details.timezone },
  end: { dateTime: utcSeconds(details.endsAt), timeZone: details.timezone },
});

export class GoogleMeetAdapter implements MeetingProviderAdapter {
  readonly key = "google_meet" as const;

  constructor(private readonly settings: GoogleSettings) {}

  private eventsUrl(path = "") {
    return new URL(`/calendar/v3/calendars/primary/events${path}`, this.settings.apiBase);
  }

  authorizationUrl({ state, codeChallenge, redirectUri }: { state: string; codeChallenge: string; redirectUri: string }): string {
    const url = new URL("/o/oauth2/v2/auth", this.settings.oauthBase);
    url.search = new URLSearchParams({
      client_id: this.settings.clientId,
      redirect_uri: redirectUri,
      response_type: "code",
      scope: GOOGLE_SCOPES,
      // A refresh token, so meetings can be moved long after the user connected.
      access_type: "offline",
      prompt: "consent",
      include_granted_scopes: "true",
      state,
      code_challenge: codeChallenge,
      code_challenge_method: "S256",
    }).toString();
    return url.toString();
  }

  exchangeCode({ code, codeVerifier, redirectUri }: { code: string; codeVerifier: string; redirectUri: string }): Promise<TokenSet> {
    const { clientId, clientSecret, tokenBase } = this.settings;
    return tokenRequest(LABEL, new URL("/token", tokenBase).toString(), {
      grant_type: "authorization_code",
      code,
      code_verifier: codeVerifier,
      redirect_uri: redirectUri,
      client_id: clientId,
      client_secret: clientSecret,
    });
  }

  refresh(refreshToken: string): Promise<TokenSet> {
    const { clientId, clientSecret, tokenBase } = this.settings;
    return tokenRequest(
      LABEL,
      new URL("/token", tokenBase).toString(),
      { grant_type: "refresh_token", refresh_token: refreshToken, client_id: clientId, client_secret: clientSecret },
      {},
      REFRESH_TIMEOUT_MS,
    );
  }

  /** Revoking the refresh token ends the whole grant (its access tokens too). */
  async revoke({ accessToken, refreshToken }: { accessToken: string | null; refreshToken: string | null }): Promise<void> {
    const token = refreshToken ?? accessToken;
    if (!token) return;
    await callProvider(LABEL, new URL("/revoke", this.settings.tokenBase).toString(), {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ token }).toString(),
    }).catch(() => undefined);
  }

  async accountLabel(accessToken: string): Promise<string | null> {
    const { body } = await bearerJson(LABEL, "GET", new URL("/oauth2/v3/userinfo", this.settings.apiBase).toString(), accessToken);
    const me = body as { email?: unknown; name?: unknown } | null;
    return typeof me?.email === "string" && me.email ? me.email : typeof me?.name === "string" && me.name ? me.name : null;
  }

  /**
   * The insert and the follow-up read are authorized one by one: a 401 on the read renews the token and
   * reads again, and never inserts a second event (the first would be left in the calendar).
   */
  async createMeeting(authorized: Authorized, details: MeetingDetails): Promise<CreatedMeeting> {
    const url = this.eventsUrl();
    url.searchParams.set("conferenceDataVersion", "1");
    const event = {
      summary: details.title,
      description: details.description,
      ...times(details),
      conferenceData: { createRequest: { requestId: randomUUID(), conferenceSolutionKey: { type: "hangoutsMeet" } } },
    };
    const { body } = await authorized((token) => bearerJson(LABEL, "POST", url.toString(), token, event));
    const created = body as GoogleEvent | null;
    if (typeof created?.id !== "string" || !created.id)
      throw new ProviderError("Google created the calendar event but answered without its id.");
    const id = created.id;
    // Conference creation may still be pending in the first answer: ask once more before giving up.
    let link = meetLink(created);
    if (!link) {
      const again = await authorized((token) => bearerJson(LABEL, "GET", this.eventsUrl(`/${encodeURIComponent(id)}`).toString(), token));
      link = meetLink(again.body as GoogleEvent | null);
    }
    if (!link) throw new ProviderError("Google created the calendar event but not its Meet link yet. Try again in a moment.");
    return { externalId: id, joinUrl: link };
  }

  async updateMeeting(authorized: Authorized, externalId: string, details: MeetingDetails): Promise<void> {
    const url = this.eventsUrl(`/${encodeURIComponent(externalId)}`).toString();
    await authorized((token) => bearerJson(LABEL, "PATCH", url, token, { summary: details.title, ...times(details) }));
  }
}

import { MEETING_PROVIDER_LABELS, MEETING_PROVIDER_SLUGS, type MeetingProviderKey } from "#schemas/meetings.ts";
import type { ApiConfig } from "#api/config.ts";
import type { Db } from "#api/db/client.ts";
import { GoogleMeetAdapter } from "#api/integrations/meetings/google-meet.ts";
import type { MeetingProviderAdapter } from "#api/integrations/meetings/oauth.ts";
import { ZoomAdapter } from "#api/integrations/meetings/zoom.ts";
import { HttpError } from "#api/lib/errors.ts";
import { defaultMeetingsConfig, missingSettings, type MeetingsConfig } from "./config.ts";

/** What the meeting services need of a request: the database and the settings. */
export interface MeetingsContext {
  db: Db;
  settings: MeetingsConfig;
  appUrl: string;
}

export const meetingsContext = (db: Db, config: Pick<ApiConfig, "appUrl" | "meetings">): MeetingsContext => ({
  db,
  settings: { ...defaultMeetingsConfig, ...config.meetings },
  appUrl: config.appUrl,
});

export const label = (provider: MeetingProviderKey) => MEETING_PROVIDER_LABELS[provider];

/** Where the provider sends the user back; registered with the provider as the redirect URL. */
export const callbackUrl = (ctx: Pick<MeetingsContext, "appUrl">, provider: MeetingProviderKey) =>
  `${ctx.appUrl}/integration/${MEETING_PROVIDER_SLUGS[provider]}/callback`;

/** 409: the server lacks the provider's client id or secret; says exactly which settings to set. */
export function notConfigured(ctx: MeetingsContext, provider: MeetingProviderKey): HttpError {
  const missing = missingSettings(ctx.settings, provider);
  return new HttpError(
    409,
    `${label(provider)} is not set up on this server. Set ${missing.join(" and ")} (see the README), then restart the app.`,
  );
}

/** The provider's adapter with its settings; 409 when it is not configured. */
export function adapter(ctx: MeetingsContext, provider: MeetingProviderKey): MeetingProviderAdapter {
  if (missingSettings(ctx.settings, provider).length) throw notConfigured(ctx, provider);
  const s = ctx.settings;
  return provider === "zoom"
    ? new ZoomAdapter({ clientId: s.zoomClientId!, clientSecret: s.zoomClientSecret!, oauthBase: s.zoomOAuthBase, apiBase: s.zoomApiBase })
    : new GoogleMeetAdapter({
        clientId: s.googleClientId!,
        clientSecret: s.googleClientSecret!,
        oauthBase: s.googleOAuthBase,
        tokenBase: s.googleTokenBase,
        apiBase: s.googleApiBase,
      });
}

/**
 * The meeting integrations' settings (README, Configuration). Client id and secret come from the
 * provider's developer console; the base URLs are settings so tests run against loopback fakes.
 */
import type { MeetingProviderKey } from "#schemas/meetings.ts";

export interface MeetingsConfig {
  zoomClientId?: string;
  zoomClientSecret?: string;
  /** Zoom's OAuth origin (ZOOM_OAUTH_BASE): /oauth/authorize, /oauth/token, /oauth/revoke. */
  zoomOAuthBase: string;
  /** Zoom's REST API origin (ZOOM_API_BASE): /v2/users/me, /v2/users/me/meetings, /v2/meetings/{id}. */
  zoomApiBase: string;
  googleClientId?: string;
  googleClientSecret?: string;
  /** Google's consent screen origin (GOOGLE_OAUTH_BASE): /o/oauth2/v2/auth. */
  googleOAuthBase: string;
  /** Google's token origin (GOOGLE_TOKEN_BASE): /token, /revoke. */
  googleTokenBase: string;
  /** Google's API origin (GOOGLE_API_BASE): /calendar/v3/…, /oauth2/v3/userinfo. */
  googleApiBase: string;
  /** APP_KEY: the tokens' encryption key is derived from it (unset: the key generated and kept in app_settings). */
  appKey?: string;
}

export const defaultMeetingsConfig: MeetingsConfig = {
  zoomOAuthBase: "https://zoom.us",
  zoomApiBase: "https://api.zoom.us",
  googleOAuthBase: "https://accounts.google.com",
  googleTokenBase: "https://oauth2.googleapis.com",
  googleApiBase: "https://www.googleapis.com",
};

/** The environment variables each provider needs, in the order the README lists them. */
export const REQUIRED_SETTINGS: Record<MeetingProviderKey, { name: string; set: (c: MeetingsConfig) => boolean }[]> = {
  zoom: [
    { name: "ZOOM_CLIENT_ID", set: (c) => Boolean(c.zoomClientId) },
    { name: "ZOOM_CLIENT_SECRET", set: (c) => Boolean(c.zoomClientSecret) },
  ],
  google_meet: [
    { name: "GOOGLE_CLIENT_ID", set: (c) => Boolean(c.googleClientId) },
    { name: "GOOGLE_CLIENT_SECRET", set: (c) => Boolean(c.googleClientSecret) },
  ],
};

export const missingSettings = (config: MeetingsConfig, provider: MeetingProviderKey) =>
  REQUIRED_SETTINGS[provider].filter((setting) => !setting.set(config)).map((setting) => setting.name);

const base = (value: string | undefined, fallback: string) => value?.trim().replace(/\/+$/, "") || fallback;

/** ZOOM_*, GOOGLE_* and APP_KEY from the environment (server/config.ts); the README documents each. */
export function readMeetingsConfig(env: NodeJS.ProcessEnv): MeetingsConfig {
  return {
    zoomClientId: env.ZOOM_CLIENT_ID?.trim() || undefined,
    zoomClientSecret: env.ZOOM_CLIENT_SECRET?.trim() || undefined,
    zoomOAuthBase: base(env.ZOOM_OAUTH_BASE, defaultMeetingsConfig.zoomOAuthBase),
    zoomApiBase: base(env.ZOOM_API_BASE, defaultMeetingsConfig.zoomApiBase),
    googleClientId: env.GOOGLE_CLIENT_ID?.trim() || undefined,
    googleClientSecret: env.GOOGLE_CLIENT_SECRET?.trim() || undefined,
    googleOAuthBase: base(env.GOOGLE_OAUTH_BASE, defaultMeetingsConfig.googleOAuthBase),
    googleTokenBase: base(env.GOOGLE_TOKEN_BASE, defaultMeetingsConfig.googleTokenBase),
    googleApiBase: base(env.GOOGLE_API_BASE, defaultMeetingsConfig.googleApiBase),
    appKey: env.APP_KEY || undefined,
  };
}

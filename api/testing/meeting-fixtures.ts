/** Test helpers for the meeting integrations: an API wired to both loopback fakes, and connecting through them. */
import { expect } from "vitest";
import { startFakeGoogle, GOOGLE_CLIENT, type FakeGoogle } from "../../tests/fakes/google.ts";
import { startFakeZoom, ZOOM_CLIENT, type FakeZoom } from "../../tests/fakes/zoom.ts";
import { createTestApi, type TestApi, type TestClient } from "./harness.ts";
import { defaultMeetingsConfig } from "../modules/meetings/config.ts";

export const APP_URL = "http://localhost:3000";

export interface MeetingsTestbed {
  t: TestApi;
  zoom: FakeZoom;
  google: FakeGoogle;
  close(): Promise<void>;
}

export async function meetingsTestbed(): Promise<MeetingsTestbed> {
  const [zoom, google] = await Promise.all([startFakeZoom(), startFakeGoogle()]);
  const t = await createTestApi({
    appUrl: APP_URL,
    meetings: {
      ...defaultMeetingsConfig,
      zoomClientId: ZOOM_CLIENT.id,
      zoomClientSecret: ZOOM_CLIENT.secret,
      zoomOAuthBase: zoom.url,
      zoomApiBase: zoom.url,
      googleClientId: GOOGLE_CLIENT.id,
      googleClientSecret: GOOGLE_CLIENT.secret,
      googleOAuthBase: google.url,
      googleTokenBase: google.url,
      googleApiBase: google.url,
    },
  });
  return { t, zoom, google, close: async () => void (await Promise.all([t.close(), zoom.close(), google.close()])) };
}

export type Slug = "zoom" | "google-meet";
export const connectionsPath = (slug: Slug) => `/api/v1/admin/meetings/connections/${slug}`;

/** Starts a sign-in and returns the provider's consent address. */
export async function startSignIn(client: TestClient, slug: Slug): Promise<URL> {
  const res = await client.post(`${connectionsPath(slug)}/authorize`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return new URL(res.body.authorization_url);
}

/** What the consent page sends the browser back with, after Allow or Deny: the callback's query. */
export async function consent(
  authorizationUrl: URL,
  decision: "allow" | "deny",
): Promise<{ callback: URL; query: Record<string, string> }> {
  const url = new URL(authorizationUrl);
  url.searchParams.set("decision", decision);
  const res = await fetch(url, { redirect: "manual" });
  expect(res.status).toBe(302);
  const callback = new URL(res.headers.get("location")!);
  return { callback, query: Object.fromEntries(callback.searchParams) };
}

/** The whole sign-in: authorize, Allow, callback. */
export async function connect(client: TestClient, slug: Slug) {
  const { query } = await consent(await startSignIn(client, slug), "allow");
  const res = await client.post(`${connectionsPath(slug)}/callback`, query);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

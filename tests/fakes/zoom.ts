/**
 * A loopback fake of the Zoom calls the adapter makes (api/integrations/meetings/zoom.ts):
 *   GET  /oauth/authorize   consent page (Allow → ?code&state, Deny → ?error=access_denied&state)
 *   POST /oauth/token       Basic client auth; authorization_code (PKCE verifier checked) or refresh_token (rotated)
 *   POST /oauth/revoke
 *   GET  /v2/users/me       POST /v2/users/me/meetings       PATCH /v2/meetings/{id}
 * `failMeetings` makes meeting calls answer 500, as Zoom does when it has trouble.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { json, OAuthFake, readFakeRequest, type OAuthFakeOptions } from "./oauth-fake.ts";

export interface FakeZoomMeeting {
  id: number;
  topic: string;
  agenda: string;
  start_time: string;
  duration: number;
  timezone: string;
  join_url: string;
}

export interface FakeZoom {
  url: string;
  oauth: OAuthFake;
  meetings: Map<number, FakeZoomMeeting>;
  failMeetings: boolean;
  close(): Promise<void>;
}

export const ZOOM_CLIENT = { id: "fake-zoom-client", secret: "fake-zoom-secret" };

export async function startFakeZoom(options: { port?: number } & Partial<OAuthFakeOptions> = {}): Promise<FakeZoom> {
  const oauth = new OAuthFake({
    clientId: ZOOM_CLIENT.id,
    clientSecret: ZOOM_CLIENT.secret,
    email: "host@zoom.example",
    rotateRefreshTokens: true,
    name: "Zoom",
    ...options,
  });
  const meetings = new Map<number, FakeZoomMeeting>();
  let nextId = 85_000_000_001;
  const fake: FakeZoom = { url: "", oauth, meetings, failMeetings: false, close: async () => {} };
  const unauthorized = { code: 124, message: "Invalid access token." };
  const server: Server = createServer((incoming, res) => {
    void readFakeRequest(incoming).then((req) => {
      const route = `${req.method} ${req.path}`;
      if (route === "GET /oauth/authorize") return oauth.authorize(req, res);
      if (route === "POST /oauth/token" || route === "POST /oauth/revoke") {
        const [id, secret] = Buffer.from((req.headers.authorization ?? "").replace(/^Basic /, ""), "base64")
          .toString()
          .split(":");
        if (route === "POST /oauth/token") return oauth.token(req, res, { id, secret });
        if (id !== ZOOM_CLIENT.id || secret !== ZOOM_CLIENT.secret)
          return json(res, 401, { reason: "Invalid client_id or client_secret", error: "invalid_client" });
        if (!oauth.revoke(String(req.body.token ?? ""))) return json(res, 400, { reason: "Invalid Token!", error: "invalid_request" });
        return json(res, 200, { status: "success" });
      }
      if (!oauth.bearer(req, res, unauthorized)) return;
      if (route === "GET /v2/users/me")
        return json(res, 200, { id: "u1", email: oauth.options.email, first_name: "Fake", last_name: "Host" });
      if (fake.failMeetings) return json(res, 500, { code: 500, message: "Zoom is having trouble right now." });
      if (route === "POST /v2/users/me/meetings") {
        const b = req.body as Partial<FakeZoomMeeting> & { type?: number };
        if (!b.topic || !b.start_time || !b.duration || b.type !== 2) return json(res, 400, { code: 300, message: "Invalid meeting." });
        const id = nextId++;
        const meeting = {
          id,
          topic: b.topic,
          agenda: b.agenda ?? "",
          start_time: b.start_time,
          duration: b.duration,
          timezone: b.timezone ?? "UTC",
          join_url: `https://zoom.example/j/${id}`,
        };
        meetings.set(id, meeting);
        return json(res, 201, meeting);
      }
      const patch = /^PATCH \/v2\/meetings\/(\d+)$/.exec(route);
      if (patch) {
        const meeting = meetings.get(Number(patch[1]));
        if (!meeting) return json(res, 404, { code: 3001, message: "Meeting does not exist." });
        Object.assign(meeting, req.body);
        return json(res, 204);
      }
      json(res, 404, { code: 404, message: "Not found" });
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return fake;
}

/**
 * A loopback fake of the Google calls the adapter makes (api/integrations/meetings/google-meet.ts):
 *   GET  /o/oauth2/v2/auth   consent page (Allow → ?code&state, Deny → ?error=access_denied&state)
 *   POST /token              client id and secret in the form; authorization_code (PKCE checked) or refresh_token
 *   POST /revoke             GET /oauth2/v3/userinfo
 *   POST /calendar/v3/calendars/primary/events?conferenceDataVersion=1   (Meet link from createRequest)
 *   GET, PATCH /calendar/v3/calendars/primary/events/{id}
 * `failMeetings` makes calendar calls answer 503, as Google does when it has trouble. `conferencePending`
 * answers an insert before its Meet link exists (the adapter then reads the event again), and
 * `expireTokensAfterInsert` makes every access token stop working right after an insert.
 */
import { randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { json, OAuthFake, readFakeRequest, type OAuthFakeOptions } from "./oauth-fake.ts";

export interface FakeGoogleEvent {
  id: string;
  summary: string;
  start: { dateTime: string; timeZone: string };
  end: { dateTime: string; timeZone: string };
  hangoutLink: string;
}

export interface FakeGoogle {
  url: string;
  oauth: OAuthFake;
  events: Map<string, FakeGoogleEvent>;
  failMeetings: boolean;
  conferencePending: boolean;
  expireTokensAfterInsert: boolean;
  close(): Promise<void>;
}

export const GOOGLE_CLIENT = { id: "fake-google-client.apps.googleusercontent.com", secret: "fake-google-secret" };

const EVENTS = "/calendar/v3/calendars/primary/events";

const eventJson = (event: FakeGoogleEvent) => ({
  ...event,
  conferenceData: {
    entryPoints: [{ entryPointType: "video", uri: event.hangoutLink }],
    createRequest: { status: { statusCode: "success" } },
  },
});

export async function startFakeGoogle(options: { port?: number } & Partial<OAuthFakeOptions> = {}): Promise<FakeGoogle> {
  const oauth = new OAuthFake({
    clientId: GOOGLE_CLIENT.id,
    clientSecret: GOOGLE_CLIENT.secret,
    email: "organiser@gmail.example",
    rotateRefreshTokens: false,
    name: "Google",
    ...options,
  });
  const events = new Map<string, FakeGoogleEvent>();
  const fake: FakeGoogle = {
    url: "",
    oauth,
    events,
    failMeetings: false,
    conferencePending: false,
    expireTokensAfterInsert: false,
    close: async () => {},
  };
  const unauthorized = { error: { code: 401, message: "Request had invalid authentication credentials.", status: "UNAUTHENTICATED" } };
  const server: Server = createServer((incoming, res) => {
    void readFakeRequest(incoming).then((req) => {
      const route = `${req.method} ${req.path}`;
      if (route === "GET /o/oauth2/v2/auth") return oauth.authorize(req, res);
      if (route === "POST /token")
        return oauth.token(req, res, { id: String(req.body.client_id ?? ""), secret: String(req.body.client_secret ?? "") });
      if (route === "POST /revoke") {
        if (!oauth.revoke(String(req.body.token ?? "")))
          return json(res, 400, { error: "invalid_token", error_description: "Token expired or revoked" });
        return json(res, 200, {});
      }
      if (!oauth.bearer(req, res, unauthorized)) return;
      if (route === "GET /oauth2/v3/userinfo") return json(res, 200, { sub: "1", email: oauth.options.email, email_verified: true });
      if (fake.failMeetings)
        return json(res, 503, { error: { code: 503, message: "The service is currently unavailable.", status: "UNAVAILABLE" } });
      if (route === `POST ${EVENTS}`) {
        const b = req.body as Partial<FakeGoogleEvent> & {
          conferenceData?: { createRequest?: { requestId?: string; conferenceSolutionKey?: { type?: string } } };
        };
        const request = b.conferenceData?.createRequest;
        if (req.query.conferenceDataVersion !== "1" || !request?.requestId || request.conferenceSolutionKey?.type !== "hangoutsMeet") {
          return json(res, 400, { error: { code: 400, message: "Conference data is required.", status: "INVALID_ARGUMENT" } });
        }
        if (!b.summary || !b.start?.dateTime || !b.end?.dateTime)
          return json(res, 400, { error: { code: 400, message: "Missing time.", status: "INVALID_ARGUMENT" } });
        const id = randomBytes(8).toString("hex");
        const event = {
          id,
          summary: b.summary,
          start: b.start,
          end: b.end,
          hangoutLink: `https://meet.google.com/${id.slice(0, 3)}-${id.slice(3, 7)}-${id.slice(7, 10)}`,
        };
        events.set(id, event);
        if (fake.expireTokensAfterInsert) oauth.expireAccessTokens();
        if (fake.conferencePending)
          return json(res, 200, {
            id,
            summary: event.summary,
            start: event.start,
            end: event.end,
            conferenceData: { createRequest: { status: { statusCode: "pending" } } },
          });
        return json(res, 200, eventJson(event));
      }
      const one = new RegExp(`^(GET|PATCH) ${EVENTS}/([^/]+)$`).exec(route);
      const event = one ? events.get(decodeURIComponent(one[2])) : undefined;
      if (one && !event) return json(res, 404, { error: { code: 404, message: "Not Found", status: "NOT_FOUND" } });
      if (one && event) {
        if (one[1] === "PATCH") Object.assign(event, req.body);
        return json(res, 200, eventJson(event));
      }
      json(res, 404, { error: { code: 404, message: "Not Found" } });
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return fake;
}

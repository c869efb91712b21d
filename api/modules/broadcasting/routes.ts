/**
 * POST /broadcasting/auth: signs a socket's subscription to a private or presence channel for the caller
 * (session cookie with X-XSRF-TOKEN, or a bearer token: the API's usual authentication and CSRF check),
 * as Laravel's broadcasting auth answers pusher-js. GET /api/broadcasting/config: the public settings.
 */
import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "#api/context.ts";
import { readBody } from "#api/lib/body.ts";
import { validate } from "#api/lib/validation.ts";
import { forbidden, notFound } from "#api/lib/errors.ts";
import { SOCKET_ID, channelKind, isChannelName } from "#api/realtime/protocol.ts";
import { signGrantedChannel } from "#api/realtime/grants.ts";
import { signChannel, type AppCredentials } from "#api/realtime/signing.ts";
import { currentUser, requireUser } from "../auth/middleware.ts";
import { mayListen, presenceMember } from "./channels.ts";
import { grantFor } from "./grant-check.ts";

export interface BroadcastingOptions {
  app: Pick<AppCredentials, "key" | "secret">;
  /** What browsers and other clients need to connect (never the secret). */
  publicConfig: { key: string; host: string | null; port: number | null; scheme: "http" | "https" | null; forceTLS: boolean };
  /**
   * The embedded server: each signature carries a grant naming the caller's session or token, so the
   * subscription ends with it (grant-check.ts). External Pusher-compatible servers know only plain signatures.
   */
  tieToLogins?: boolean;
}

export const NOT_CONFIGURED = "Broadcasting is not configured.";
export const CHANNEL_REFUSED = "You may not listen on this channel.";

/** What pusher-js sends. Anything else in either field reads as absent: the answer is the one refusal. */
const channelAuthSchema = z.object({
  socket_id: z.string().regex(SOCKET_ID).optional().catch(undefined),
  channel_name: z.string().refine(isChannelName).optional().catch(undefined),
});

/** Without options (realtime off, or a test that does not listen) both routes answer 404. */
export function createBroadcastingRoutes(options?: BroadcastingOptions) {
  const routes = new Hono<AppEnv>();

  routes.post("/broadcasting/auth", requireUser, async (c) => {
    if (!options) throw notFound(NOT_CONFIGURED);
    const { socket_id: socketId, channel_name: channel } = validate(channelAuthSchema, await readBody(c));
    const user = currentUser(c);
    // A refusal is one answer whatever the reason, so it does not tell which channels exist.
    if (!socketId || !channel) throw forbidden(CHANNEL_REFUSED);
    const kind = channelKind(channel);
    if (kind === "public" || !(await mayListen(c.get("db"), user, channel))) throw forbidden(CHANNEL_REFUSED);
    const grant = options.tieToLogins ? grantFor(c, user.id) : null;
    const sign = (channelData?: string) =>
      grant
        ? signGrantedChannel(options.app, socketId, channel, channelData, grant)
        : signChannel(options.app, socketId, channel, channelData);
    if (kind === "private") return c.json({ auth: sign() });
    const channelData = JSON.stringify(presenceMember(user));
    return c.json({ auth: sign(channelData), channel_data: channelData });
  });

  routes.get("/api/broadcasting/config", (c) => {
    if (!options) throw notFound(NOT_CONFIGURED);
    const { key, host, port, scheme, forceTLS } = options.publicConfig;
    return c.json({ key, host, port, scheme, force_tls: forceTLS });
  });

  return routes;
}

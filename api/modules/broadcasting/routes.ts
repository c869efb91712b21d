/**
 * POST /broadcasting/auth: signs a socket's subscription to a private or presence channel for the caller
 * (session cookie with X-XSRF-TOKEN, or a bearer token: the API's usual authentication and CSRF check),
 * as Laravel's broadcasting auth answers pusher-js. POST /broadcasting/user-auth: signs the socket in as
 * the caller (Pusher's user authentication), so the realtime server knows whose connections to end when
 * the API asks it to. GET /api/broadcasting/config: the public settings.
 */
import { Hono, type MiddlewareHandler } from "hono";
import { realtimeRoutes } from "#schemas/contract/realtime.ts";
import type { AppEnv } from "#api/context.ts";
import { serve } from "#api/lib/contract.ts";
import { forbidden, notFound } from "#api/lib/errors.ts";
import { channelKind } from "#api/realtime/protocol.ts";
import { signGrantedChannel } from "#api/realtime/grants.ts";
import { signChannel, signUser, type AppCredentials } from "#api/realtime/signing.ts";
import { currentUser } from "../auth/middleware.ts";
import { mayListen, presenceMember, signedInUser } from "./channels.ts";
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

/** Without options (realtime off, or a test that does not listen) both routes answer 404. */
export function createBroadcastingRoutes(options?: BroadcastingOptions) {
  const routes = new Hono<AppEnv>();

  // Realtime off: the route is not there, whatever the body says.
  const configured: MiddlewareHandler<AppEnv> = async (_c, next) => {
    if (!options) throw notFound(NOT_CONFIGURED);
    await next();
  };

  serve(
    routes,
    realtimeRoutes.authorizeChannel,
    async (c, { body: { socket_id: socketId, channel_name: channel } }) => {
      if (!options) throw notFound(NOT_CONFIGURED);
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
      if (kind === "private") return { auth: sign() };
      const channelData = JSON.stringify(presenceMember(user));
      return { auth: sign(channelData), channel_data: channelData };
    },
    { before: [configured] },
  );

  serve(
    routes,
    realtimeRoutes.authenticateUser,
    async (c, { body: { socket_id: socketId } }) => {
      if (!options) throw notFound(NOT_CONFIGURED);
      const userData = JSON.stringify(signedInUser(currentUser(c)));
      return { auth: signUser(options.app, socketId, userData), user_data: userData };
    },
    { before: [configured] },
  );

  serve(routes, realtimeRoutes.broadcastingConfig, async () => {
    if (!options) throw notFound(NOT_CONFIGURED);
    const { key, host, port, scheme, forceTLS } = options.publicConfig;
    return { key, host, port, scheme, force_tls: forceTLS };
  });

  return routes;
}

/** Realtime: where clients connect, the signed sign-ins of sockets, and the signed subscriptions to private and presence channels. */
import { z } from "zod";
import { apiPart, apiRoute } from "./route.ts";
import { channelAuthAnswer, channelAuthSchema, userAuthAnswer, userAuthSchema } from "../realtime.ts";

export const realtimeRoutes = apiPart("Realtime", {
  broadcastingConfig: apiRoute({
    method: "GET",
    path: "/api/broadcasting/config",
    summary: "What a client needs to connect to the realtime server (never its secret); 404 when realtime is off",
    access: "public",
    answer: z.object({
      key: z.string(),
      host: z.string().nullable(),
      port: z.number().int().nullable(),
      scheme: z.enum(["http", "https"]).nullable(),
      force_tls: z.boolean(),
    }),
    refusals: [404],
  }),
  authorizeChannel: apiRoute({
    method: "POST",
    path: "/broadcasting/auth",
    summary:
      "Sign a socket's subscription to a private or presence channel the caller may listen on (as pusher-js asks, form-encoded); 404 when realtime is off",
    access: "user",
    body: channelAuthSchema,
    answer: channelAuthAnswer,
    refusals: [404],
  }),
  authenticateUser: apiRoute({
    method: "POST",
    path: "/broadcasting/user-auth",
    summary:
      "Sign a socket in as the caller (pusher-js's signin, form-encoded), so the realtime server can end the caller's connections when their right to listen ends; 404 when realtime is off",
    access: "user",
    body: userAuthSchema,
    answer: userAuthAnswer,
    refusals: [404],
  }),
});

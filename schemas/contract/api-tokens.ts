/** The caller's own API tokens. */
import { apiTokenView, tokenCreated, tokenInput } from "../api-tokens.ts";
import { messageAnswer } from "./answers.ts";
import { apiPart, apiRoute } from "./route.ts";
import { z } from "zod";

export const apiTokenRoutes = apiPart("API tokens", {
  listApiTokens: apiRoute({
    method: "GET",
    path: "/api/user/tokens",
    summary: "The caller's API tokens, newest first (those of POST /sanctum/token too)",
    access: "user",
    answer: z.object({ data: z.array(apiTokenView) }),
  }),
  createApiToken: apiRoute({
    method: "POST",
    path: "/api/user/tokens",
    summary: "Make an API token with a name, abilities and an expiry; the token is in this answer only",
    access: "user",
    body: tokenInput,
    answer: tokenCreated,
    status: 201,
  }),
  revokeApiToken: apiRoute({
    method: "DELETE",
    path: "/api/user/tokens/{id}",
    summary: "Revoke one of the caller's API tokens: it stops working at once",
    access: "user",
    answer: messageAnswer,
    refusals: [404],
  }),
});

import { Hono } from "hono";
import { API } from "#schemas/contract/index.ts";
import type { AppEnv } from "#api/context.ts";
import { serve } from "#api/lib/contract.ts";
import { pathId } from "#api/lib/ids.ts";
import { TOKEN_NOT_FOUND, listTokens, makeToken, revokeToken } from "./api-tokens.ts";
import { currentUser } from "./middleware.ts";

/** The caller's own API tokens (/account/tokens). */
export const apiTokenRoutes = new Hono<AppEnv>();

serve(apiTokenRoutes, API.listApiTokens, async (c) => ({ data: await listTokens(c.get("db"), currentUser(c).id) }));

serve(apiTokenRoutes, API.createApiToken, async (c, { body }) => {
  const { token, plainText } = await makeToken(c.get("db"), currentUser(c).id, body);
  return { token, plain_text_token: plainText, message: "API token made. Copy it now: it is not shown again." };
});

serve(apiTokenRoutes, API.revokeApiToken, async (c, { params }) => {
  await revokeToken(c.get("db"), currentUser(c).id, pathId(params.id, TOKEN_NOT_FOUND));
  return { message: "API token revoked." };
});

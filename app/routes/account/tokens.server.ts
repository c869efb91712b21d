import { data } from "react-router";
import { z } from "zod";
import { TOKEN_LIFETIMES, isTokenAbility, type TokenLifetime } from "#schemas/api-tokens";
import { API } from "#schemas/contract/index";
import { parseId } from "#schemas/ids";
import type { ApiClient } from "~/lib/api.server";
import { redirectWithToast } from "~/lib/flash.server";
import type { RequestEnv } from "~/lib/request-env";
import { redirectRevealing } from "~/lib/reveal-once.server";

const DAY_MS = 86_400_000;

/** The expiry a lifetime gives a token made now; "none" never expires. */
export function expiryOf(lifetime: TokenLifetime, now = Date.now()): string | null {
  return lifetime === "none" ? null : new Date(now + Number(lifetime) * DAY_MS).toISOString();
}

/** A token just made, as the list shows it the one time. */
export const madeToken = z.object({ name: z.string(), plain_text_token: z.string(), message: z.string() });

export type TokenActionData = { errors: Record<string, string[]>; values: { name: string; abilities: string[]; lifetime: string } };

/**
 * Making a token goes back to the list, which shows the token that once (`redirectRevealing`), so a reload
 * makes no second one. Revoking goes back to the list with a message.
 */
export async function tokenAction(api: ApiClient, env: RequestEnv, formData: FormData) {
  if (formData.get("intent") === "revoke") {
    const id = parseId(formData.get("id"));
    const result = id === undefined ? null : await api.request(API.revokeApiToken, { params: { id } });
    const message = result?.body.message ?? "API token not found";
    return redirectWithToast(env, "/account/tokens", { type: result?.ok ? "success" : "error", message });
  }
  const values = {
    name: String(formData.get("name") ?? ""),
    abilities: formData.getAll("abilities").map(String),
    lifetime: String(formData.get("lifetime") ?? ""),
  };
  const lifetime = TOKEN_LIFETIMES.find((l) => l === values.lifetime);
  if (!lifetime) return data<TokenActionData>({ errors: { expires_at: ["Choose how long the token lasts."] }, values }, { status: 422 });
  const result = await api.request(API.createApiToken, {
    // Only the abilities the page offers go on; the API says what is wrong with each field.
    body: { name: values.name, abilities: values.abilities.filter(isTokenAbility), expires_at: expiryOf(lifetime) },
  });
  if (!result.ok) {
    const errors = result.body.errors ?? { _: [result.body.message] };
    return data<TokenActionData>({ errors, values }, { status: result.status });
  }
  const made = { name: result.body.token.name, plain_text_token: result.body.plain_text_token, message: result.body.message };
  return redirectRevealing(env, "/account/tokens", made);
}

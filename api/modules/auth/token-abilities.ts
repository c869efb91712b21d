/**
 * A bearer token is held to its abilities before any route runs: a public route needs none, reading needs `read`, and a write needs the
 * ability its route's declared organization permission names (schemas/api-tokens.ts). A write that no
 * ability names (the account itself, a chat message) is for a token that holds every ability. The route still checks the user's own roles: a token never does more than its owner.
 */
import type { MiddlewareHandler } from "hono";
import { WRITE_ABILITY, holdsEveryAbility, type TokenAbility } from "#schemas/api-tokens.ts";
import { declaredRoute } from "#schemas/contract/find.ts";
import type { AppEnv } from "#api/context.ts";
import { forbidden } from "#api/lib/errors.ts";

export const TOKEN_CANNOT = "This API token's abilities do not allow this.";

/** The refusal, saying which ability would allow the call (or that only a token holding every one may). */
export const tokenCannot = (needed: TokenAbility | null) =>
  `${TOKEN_CANNOT} ${needed ? `It needs the ability ${needed}.` : "Only a token with every ability may do it."}`;

const READS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * The ability a request needs: none for a public route (anyone may call it, token or not), `read` to read,
 * and for a write the one its organization permission names; null when only a token holding every ability
 * may make it.
 */
export function abilityNeeded(method: string, pathname: string): TokenAbility | "none" | null {
  const access = declaredRoute(method === "HEAD" ? "GET" : method, pathname)?.route.access;
  if (access === "public") return "none";
  if (READS.has(method)) return "read";
  const permission = typeof access === "object" ? access.organization : undefined;
  return permission ? WRITE_ABILITY[permission] : null;
}

export const tokenAbilities: MiddlewareHandler<AppEnv> = async (c, next) => {
  const abilities = c.get("tokenAbilities");
  if (abilities && !holdsEveryAbility(abilities)) {
    const needed = abilityNeeded(c.req.method, c.req.path);
    if (needed !== "none" && (!needed || !abilities.includes(needed))) throw forbidden(tokenCannot(needed));
  }
  await next();
};

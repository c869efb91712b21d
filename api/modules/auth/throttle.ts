import type { ApiConfig } from "#api/config.ts";
import type { Db } from "#api/db/client.ts";
import { limits } from "#api/lib/limits.ts";
import { clearHits, giveBack, secondsUntilRoom, take, type Hit, type RateLimit } from "#api/lib/rate-limit.ts";

interface LoginTier {
  limit: RateLimit;
  subject: string;
}

/**
 * The limits a failed login counts against, each with its own maximum and window:
 * - email and address: the owner's own typos (5 a minute by default), cleared by a successful login;
 * - account, whatever the address: many machines trying one account (a botnet on one password);
 * - address, whatever the email: one machine trying many accounts (credential stuffing).
 *
 * Only failures count. While any tier is full every attempt it covers is refused, the right password
 * included: answering a correct guess differently would tell a stuffing run which guess was right and
 * let it carry on at full speed. So someone else's failures can hold back a real login only as far as a
 * tier says (the failed attempts of that address, or of that account, within its window), and the 429
 * says when to try again. A success clears only the email-and-address tier: clearing the address or
 * account tier too would let an attacker holding one working account reset the address tier between
 * guesses, or let the owner's next login wipe out the attack on their account.
 */
function loginTiers(config: ApiConfig, email: string, ip: string | undefined): LoginTier[] {
  const limit = limits(config);
  const lower = email.toLowerCase();
  const tiers: LoginTier[] = [
    { limit: limit.loginEmailAddress, subject: `${lower}|${ip ?? "unknown"}` },
    { limit: limit.loginAccount, subject: lower },
  ];
  // Callers without a known address would all share one counter, so one of them could lock out the rest.
  if (ip) tiers.push({ limit: limit.loginAddress, subject: ip });
  return tiers;
}

/** A login attempt counted on every tier; a failed one simply stays counted. */
export interface LoginAttempt {
  /** The password was right: the owner's typos are forgotten and the other tiers get their hit back. */
  succeeded(): Promise<void>;
  /**
   * The password was right but the sign-in waits for its second factor: this attempt's hits are given back
   * and nothing is forgotten, so wrong codes that follow still add up with the wrong passwords before them.
   */
  passed(): Promise<void>;
}

/**
 * Counts a login attempt on every tier BEFORE the password is checked, so that attempts sent at once
 * cannot all find room: at most as many are checked as the fullest tier has room for. The tiers are taken
 * in order and the first full one stops the attempt, so a tier only ever holds places of attempts the
 * tiers before it let through. Refused: the places taken are given back (a refused attempt checks
 * nothing), and the 429 names the longest wait of the full tiers.
 */
export async function beginLoginAttempt(db: Db, config: ApiConfig, email: string, ip: string | undefined): Promise<LoginAttempt> {
  const tiers = loginTiers(config, email, ip);
  const hits: Hit[] = [];
  for (const [index, { limit, subject }] of tiers.entries()) {
    const result = await take(db, limit, subject);
    if (result.taken) {
      hits.push(result.hit);
      continue;
    }
    for (const hit of hits) await giveBack(db, hit);
    const later = await Promise.all(tiers.slice(index + 1).map((tier) => secondsUntilRoom(db, tier.limit, tier.subject)));
    throw limit.refusal(Math.max(result.retryAfter, ...later));
  }
  return {
    async succeeded() {
      await clearHits(db, tiers[0].limit, tiers[0].subject);
      for (const hit of hits.slice(1)) await giveBack(db, hit);
    },
    async passed() {
      for (const hit of hits) await giveBack(db, hit);
    },
  };
}

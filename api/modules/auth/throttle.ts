import { and, asc, count, eq, gt, lt } from "drizzle-orm";
import type { ApiConfig } from "../../config.ts";
import type { Db } from "../../db/client.ts";
import { loginAttempts } from "../../db/schema.ts";
import { HttpError } from "../../lib/errors.ts";

export interface ThrottleRule {
  maxAttempts: number;
  windowSeconds: number;
}

export const throttleKey = (email: string, ip: string | undefined) => `${email.toLowerCase()}|${ip ?? "unknown"}`;

/** What a throttled request is told, and under which field; the login form's by default. */
export type ThrottleRefusal = (seconds: number) => { field: string; message: string };

const loginRefusal: ThrottleRefusal = (seconds) => ({ field: "email", message: `Too many login attempts. Please try again in ${seconds} seconds.` });

/** Seconds until the key may try again: 0 while it has failed attempts left in the window. */
async function secondsUntilFree(db: Db, key: string, rule: ThrottleRule): Promise<number> {
  const since = new Date(Date.now() - rule.windowSeconds * 1000);
  const where = and(eq(loginAttempts.throttleKey, key), gt(loginAttempts.attemptedAt, since));
  const [{ n }] = await db.select({ n: count() }).from(loginAttempts).where(where);
  if (n < rule.maxAttempts) return 0;
  // The window frees up when the oldest counted attempt falls out of it.
  const [oldest] = await db
    .select({ at: loginAttempts.attemptedAt })
    .from(loginAttempts)
    .where(where)
    .orderBy(asc(loginAttempts.attemptedAt))
    .limit(1);
  return Math.max(1, Math.ceil((oldest.at.getTime() + rule.windowSeconds * 1000 - Date.now()) / 1000));
}

function refuse(seconds: number, refusal: ThrottleRefusal): HttpError {
  const { field, message } = refusal(seconds);
  return new HttpError(429, message, { [field]: [message] }, { "Retry-After": String(seconds) });
}

/** Refuses with 429 and Retry-After once the key has used up its failed attempts in the window. */
export async function assertNotThrottled(db: Db, key: string, rule: ThrottleRule, refusal: ThrottleRefusal = loginRefusal) {
  const seconds = await secondsUntilFree(db, key, rule);
  if (seconds > 0) throw refuse(seconds, refusal);
}

export async function recordFailure(db: Db, key: string, rule: ThrottleRule) {
  await recordFailures(db, [{ key, rule }]);
}

async function recordFailures(db: Db, tiers: readonly LoginTier[]) {
  if (!tiers.length) return;
  await db.insert(loginAttempts).values(tiers.map(({ key }) => ({ throttleKey: key })));
}

/**
 * Every rule shares the one table, so old rows are removed by age alone, past the longest window any
 * configured rule counts (server.ts runs this now and then). Pruning by the rule being recorded would
 * drop rows a longer rule still counts.
 */
export async function pruneAttempts(db: Db, config: ApiConfig) {
  const longest = Math.max(config.loginThrottleWindowSeconds, config.loginAddressWindowSeconds, config.loginAccountWindowSeconds, config.couponThrottleWindowSeconds);
  await db.delete(loginAttempts).where(lt(loginAttempts.attemptedAt, new Date(Date.now() - longest * 1000)));
}

export async function clearFailures(db: Db, key: string) {
  await db.delete(loginAttempts).where(eq(loginAttempts.throttleKey, key));
}

// ---- logins ------------------------------------------------------------------------------------

interface LoginTier {
  key: string;
  rule: ThrottleRule;
}

/**
 * The counters a failed login adds to, each with its own limit:
 * - email and address: the owner's own typos (5 a minute by default), cleared by a successful login;
 * - address, whatever the email: one machine trying many accounts (credential stuffing);
 * - account, whatever the address: many machines trying one account (a botnet on one password).
 *
 * Only failures count. While any tier is full every attempt it covers is refused, the right password
 * included: answering a correct guess differently would tell a stuffing run which guess was right and
 * let it carry on at full speed. So someone else's failures can hold back a real login only as far as a
 * tier says (the failed attempts of that address, or of that account, within its window), and the 429
 * says when to try again. A success clears only the email-and-address counter: clearing the address or
 * account counter too would let an attacker holding one working account reset the address tier between
 * guesses, or let the owner's next login wipe out the attack on their account.
 */
function loginTiers(config: ApiConfig, email: string, ip: string | undefined): LoginTier[] {
  const tiers: LoginTier[] = [
    { key: throttleKey(email, ip), rule: { maxAttempts: config.loginMaxAttempts, windowSeconds: config.loginThrottleWindowSeconds } },
    { key: `account|${email.toLowerCase()}`, rule: { maxAttempts: config.loginMaxAttemptsPerAccount, windowSeconds: config.loginAccountWindowSeconds } },
  ];
  // Callers without a known address would all share one counter, so one of them could lock out the rest.
  if (ip) {
    tiers.push({ key: `address|${ip}`, rule: { maxAttempts: config.loginMaxAttemptsPerAddress, windowSeconds: config.loginAddressWindowSeconds } });
  }
  return tiers;
}

export interface LoginThrottle {
  /** 429 with Retry-After (the longest wait of the full tiers) when any tier is full. */
  assertAllowed(): Promise<void>;
  recordFailure(): Promise<void>;
  recordSuccess(): Promise<void>;
}

export function loginThrottle(db: Db, config: ApiConfig, email: string, ip: string | undefined): LoginThrottle {
  const tiers = loginTiers(config, email, ip);
  return {
    async assertAllowed() {
      const waits = await Promise.all(tiers.map(({ key, rule }) => secondsUntilFree(db, key, rule)));
      const seconds = Math.max(...waits);
      if (seconds > 0) throw refuse(seconds, loginRefusal);
    },
    recordFailure: () => recordFailures(db, tiers),
    recordSuccess: () => clearFailures(db, tiers[0].key),
  };
}

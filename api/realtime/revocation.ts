/**
 * Subscriptions that end when the right to them does. Each process keeps, for its own sockets, the grant
 * (grants.ts) each private or presence subscription was made with, grouped by login (a user's session or
 * bearer token). It checks a login's subscriptions again, through the app's `GrantCheck`:
 * - when told to recheck its user: the API publishes that after a commit that may end the right to listen
 *   (deactivation, roles, logout, password or email change), through the path events travel, so every
 *   worker and every instance on PostgreSQL hears it;
 * - when its session may have gone idle: a timer per login, at the expiry the grant or the last check gave;
 * - when a subscription arrives within a grant's lifetime after a recheck of its user, since its grant may
 *   have been signed before the change.
 * A login that is no longer valid loses its subscriptions: a socket holding only such subscriptions is
 * closed with 4009 (pusher-js does not reconnect), otherwise each gets pusher:subscription_error (401). A
 * channel whose rule no longer admits the user gets pusher:subscription_error (403). Either way the socket
 * leaves the channel at once, so presence members see member_removed even if the client never answers.
 */
import { ERRORS, type ProtocolError } from "./protocol.ts";
import { GRANT_TTL_MS, type Grant } from "./grants.ts";
import type { PublishedEvent } from "./http-api.ts";

/** What revocation does to a socket (connection.ts's Connection). */
export interface RevocableSocket {
  /** Tells the client a subscription is refused (pusher:subscription_error). */
  subscriptionError(channel: string, type: string, error: string, status: number): void;
  /** Tells the client the error and closes with its code. */
  fail(error: ProtocolError): void;
  unsubscribe(channel: string): void;
  /** Leaves every channel. */
  closed(): void;
}

export interface GrantVerdict {
  /** The session or token still logs the user in, and the user is active. */
  alive: boolean;
  /** Of the channels asked about, those the user may still listen on. */
  allowed: ReadonlySet<string>;
  /** When the session goes idle unless used again (ms); null for tokens and dead logins. */
  expiresAt: number | null;
}

/** The app's check of one login against the database (api/modules/broadcasting/grant-check.ts). */
export type GrantCheck = (login: Pick<Grant, "userId" | "credential">, channels: string[]) => Promise<GrantVerdict>;

/** The internal event that carries "recheck these users" between processes and instances; it has no channel, so no socket sees it. */
const RECHECK_EVENT = "launchpad_internal:recheck";

export const recheckEvent = (userIds: readonly number[]): PublishedEvent => ({
  channels: [],
  event: RECHECK_EVENT,
  data: JSON.stringify(userIds),
});

/** The users a recheck event names, or null for any other event. */
export function recheckedUsers(event: PublishedEvent): number[] | null {
  if (event.event !== RECHECK_EVENT || event.channels.length) return null;
  try {
    const ids: unknown = JSON.parse(event.data);
    return Array.isArray(ids) ? ids.filter((id): id is number => Number.isSafeInteger(id)) : null;
  } catch {
    return null;
  }
}

/** A recheck is remembered this long: a grant signed before it can still arrive until its lifetime ends (with room for clock drift). */
const RECENT_MS = GRANT_TTL_MS + 10_000;
/** setTimeout's longest delay. */
const MAX_DELAY_MS = 2 ** 31 - 1;
/** After a failed check (database unreachable), the login is tried again this soon. */
const RETRY_MS = 5_000;

interface Login {
  userId: number;
  credential: string;
  /** Its subscriptions here: socket → channels. */
  sockets: Map<RevocableSocket, Set<string>>;
  timer?: NodeJS.Timeout;
  expiresAt?: number;
}

const loginKey = (grant: Pick<Grant, "userId" | "credential">) => `${grant.userId}.${grant.credential}`;

export class SubscriptionGrants {
  private readonly logins = new Map<string, Login>();
  /** Per socket and channel, the login its subscription belongs to. */
  private readonly held = new Map<RevocableSocket, Map<string, string>>();
  private readonly rechecked = new Map<number, number>();
  private stopped = false;

  constructor(
    private readonly check: GrantCheck,
    private readonly log: (message: string, error?: unknown) => void = console.error,
  ) {}

  /** A socket subscribed with this grant (none: a plain signature, tied to no login). */
  track(socket: RevocableSocket, channel: string, grant: Grant | null): void {
    this.untrack(socket, channel);
    if (!grant || this.stopped) return;
    const key = loginKey(grant);
    let login = this.logins.get(key);
    if (!login) this.logins.set(key, (login = { userId: grant.userId, credential: grant.credential, sockets: new Map() }));
    let channels = login.sockets.get(socket);
    if (!channels) login.sockets.set(socket, (channels = new Set()));
    channels.add(channel);
    let mine = this.held.get(socket);
    if (!mine) this.held.set(socket, (mine = new Map()));
    mine.set(channel, key);
    if (grant.expiresAt !== null && (login.expiresAt === undefined || grant.expiresAt > login.expiresAt))
      this.schedule(key, login, grant.expiresAt);
    const recheckedAt = this.rechecked.get(grant.userId);
    if (recheckedAt !== undefined && Date.now() - recheckedAt < RECENT_MS) void this.recheckLogin(key);
  }

  /** The socket left the channel (or closed). */
  untrack(socket: RevocableSocket, channel: string): void {
    const mine = this.held.get(socket);
    const key = mine?.get(channel);
    if (!mine || key === undefined) return;
    mine.delete(channel);
    if (!mine.size) this.held.delete(socket);
    const login = this.logins.get(key);
    const channels = login?.sockets.get(socket);
    if (!login || !channels) return;
    channels.delete(channel);
    if (!channels.size) login.sockets.delete(socket);
    if (!login.sockets.size) {
      clearTimeout(login.timer);
      this.logins.delete(key);
    }
  }

  /** Checks again every subscription these users hold here. */
  recheck(userIds: readonly number[]): void {
    const now = Date.now();
    for (const [userId, at] of this.rechecked) if (now - at >= RECENT_MS) this.rechecked.delete(userId);
    const users = new Set(userIds);
    for (const userId of users) this.rechecked.set(userId, now);
    for (const [key, login] of this.logins) if (users.has(login.userId)) void this.recheckLogin(key);
  }

  /** How many logins hold subscriptions here (for tests and figures). */
  get loginCount(): number {
    return this.logins.size;
  }

  close(): void {
    this.stopped = true;
    for (const login of this.logins.values()) clearTimeout(login.timer);
    this.logins.clear();
    this.held.clear();
  }

  private schedule(key: string, login: Login, at: number): void {
    clearTimeout(login.timer);
    login.expiresAt = at;
    // A little after the moment itself, so the session is past its idle limit when looked at.
    login.timer = setTimeout(() => void this.recheckLogin(key), Math.min(MAX_DELAY_MS, Math.max(0, at - Date.now()) + 50));
    login.timer.unref();
  }

  private async recheckLogin(key: string): Promise<void> {
    const asked = this.logins.get(key);
    if (!asked || this.stopped) return;
    const channels = [...new Set([...asked.sockets.values()].flatMap((set) => [...set]))];
    let verdict: GrantVerdict;
    try {
      verdict = await this.check({ userId: asked.userId, credential: asked.credential }, channels);
    } catch (error) {
      this.log("[realtime] checking a login's subscriptions failed", error);
      if (this.logins.get(key) === asked) this.schedule(key, asked, Date.now() + RETRY_MS);
      return;
    }
    const login = this.logins.get(key);
    if (!login || this.stopped) return;
    if (verdict.alive && verdict.expiresAt !== null) this.schedule(key, login, verdict.expiresAt);
    else if (verdict.alive) {
      clearTimeout(login.timer);
      login.expiresAt = undefined;
    }
    for (const [socket, held] of [...login.sockets]) {
      // Only what was asked about: a subscription that arrived meanwhile gets its own check.
      const revoked = [...held].filter((channel) => channels.includes(channel) && !(verdict.alive && verdict.allowed.has(channel)));
      if (!revoked.length) continue;
      const everythingTied = [...(this.held.get(socket)?.values() ?? [])].every((owner) => owner === key);
      if (!verdict.alive && everythingTied && revoked.length === held.size) this.disconnect(socket);
      else for (const channel of revoked) this.refuse(socket, channel, verdict.alive ? 403 : 401);
    }
  }

  /** Ends one subscription: the client is told as for a refused subscription, and the socket leaves the channel. */
  private refuse(socket: RevocableSocket, channel: string, status: 401 | 403): void {
    const error = status === 401 ? "The login that authorised this subscription has ended" : "You may no longer listen on this channel";
    socket.subscriptionError(channel, "AuthError", error, status);
    socket.unsubscribe(channel);
  }

  /** Ends the connection of a login that is over: 4009, which pusher-js does not reconnect after. */
  private disconnect(socket: RevocableSocket): void {
    socket.fail(ERRORS.unauthorised);
    socket.closed();
  }
}

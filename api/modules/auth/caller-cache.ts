import type { SessionCaller } from "../../context.ts";

/**
 * "Who is calling" answers kept in memory for a few seconds, for a process that is its database's only
 * writer: the embedded PGlite, which one process opens per data directory (server.ts turns this on only
 * there). Behind several instances on PostgreSQL another instance's write could not reach this memory,
 * so there every request asks the database (one round trip, see sessions.ts).
 *
 * Every write the API is asked to make (any method but GET/HEAD/OPTIONS, accepted or not) empties the
 * cache before and after it runs, so a role, account or logout change applies to the very next request.
 * A look-up that was under way while a write ran is not kept: the generation it started in has passed.
 */
export class CallerCache {
  private readonly entries = new Map<string, { caller: SessionCaller; expires: number }>();
  private generation = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** The cached answer for a session's hash, or undefined when it must be looked up. */
  get(idHash: string): SessionCaller | undefined {
    const entry = this.entries.get(idHash);
    if (!entry) return undefined;
    if (entry.expires > this.now()) return entry.caller;
    this.entries.delete(idHash);
    return undefined;
  }

  /** Looks the session up through `lookUp` unless cached, and keeps the answer if no write ran meanwhile. */
  async through(idHash: string, lookUp: () => Promise<SessionCaller>): Promise<SessionCaller> {
    const cached = this.get(idHash);
    if (cached !== undefined) return cached;
    const started = this.generation;
    const caller = await lookUp();
    if (started === this.generation) {
      // Oldest first out: a Map iterates in insertion order.
      if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
      this.entries.set(idHash, { caller, expires: this.now() + this.ttlMs });
    }
    return caller;
  }

  invalidate() {
    this.generation++;
    this.entries.clear();
  }
}

/**
 * "Who is calling" answers kept in memory for a few seconds, for a process that is its database's only
 * writer: the embedded PGlite, which one process opens per data directory (server.ts turns this on only
 * there). Behind several instances on PostgreSQL another instance's write could not reach this memory,
 * so there every request asks the database (one round trip, see sessions.ts).
 *
 * Every write the API is asked to make (any method but GET/HEAD/OPTIONS, accepted or not) empties the
 * cache after it runs, before its response leaves, so a role, account or logout change applies to the very
 * next request; a check-in, which says it changes nothing but check-ins, leaves it alone. A look-up that
 * was under way while a write ran is not kept: the generation it started in has passed.
 *
 * Concurrent misses for one session share one look-up. A page's requests arrive together; when the answer
 * has just expired, each would otherwise ask on its own, and once a minute each would also write the
 * session's last activity (sessions.ts): twenty queued writes that held the twentieth page for ~0.4 s.
 *
 * `Caller` is a session look-up as `authenticate` makes it (SessionCaller, which context.ts declares).
 */
export class CallerCache<Caller> {
  private readonly entries = new Map<string, { caller: Caller; expires: number }>();
  private readonly inFlight = new Map<string, { generation: number; answer: Promise<Caller> }>();
  private generation = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** The cached answer for a session's hash, or undefined when it must be looked up. */
  get(idHash: string): Caller | undefined {
    const entry = this.entries.get(idHash);
    if (!entry) return undefined;
    if (entry.expires > this.now()) return entry.caller;
    this.entries.delete(idHash);
    return undefined;
  }

  /**
   * Looks the session up through `lookUp` unless cached or already being looked up since the last write,
   * and keeps the answer if no write ran meanwhile.
   */
  through(idHash: string, lookUp: () => Promise<Caller>): Promise<Caller> {
    const cached = this.get(idHash);
    if (cached !== undefined) return Promise.resolve(cached);
    const shared = this.inFlight.get(idHash);
    // One that started before a write may be stale for a request that arrived after it: that one asks anew.
    if (shared && shared.generation === this.generation) return shared.answer;
    const started = this.generation;
    const answer = lookUp().then(
      (caller) => {
        this.settle(idHash, answer);
        if (started === this.generation) {
          // Oldest first out: a Map iterates in insertion order.
          if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
          this.entries.set(idHash, { caller, expires: this.now() + this.ttlMs });
        }
        return caller;
      },
      (error: unknown) => {
        this.settle(idHash, answer);
        throw error;
      },
    );
    this.inFlight.set(idHash, { generation: started, answer });
    return answer;
  }

  /** Forgets a finished look-up, unless a newer one for the session has taken its place. */
  private settle(idHash: string, answer: Promise<Caller>) {
    if (this.inFlight.get(idHash)?.answer === answer) this.inFlight.delete(idHash);
  }

  invalidate() {
    this.generation++;
    this.entries.clear();
  }
}

/**
 * Dashboard card answers kept in this process for a few seconds (ApiConfig.dashboardCacheMs), so a page
 * that many people reload does not aggregate the same window of 100,000 applications for each of them.
 *
 * Keyed by everything an answer depends on: the card, the owner it is scoped to (startup, account or user,
 * never the session, so a team shares one answer), period, zone and form. The caller's permission is
 * checked on every request before the cache is asked. Every write this API is asked to make empties it
 * (createApi's write hook, with the CallerCache), so this instance shows a change at once; other instances
 * on PostgreSQL see it after at most the TTL (docs/decisions/011-dashboard-cache.md).
 *
 * Concurrent misses for one key share one computation: under load the first request aggregates and the
 * others wait for its answer instead of running the same SQL side by side. A computation that a write
 * overtook is neither kept nor shared with requests that arrive after the write.
 *
 * An answer past its time to live (no write since) is still served while one request's computation
 * replaces it in the background: nobody waits for the periodic refresh, which under load held every
 * page for the whole aggregation (150-300 ms, every TTL). Only a write makes the next reader wait.
 */
export class CardCache {
  private readonly entries = new Map<string, { value: unknown; expires: number }>();
  private readonly pending = new Map<string, Promise<unknown>>();
  private generation = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 5_000,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * The answer for `key`: kept (refreshed in the background once expired), being computed, or computed now.
   * An answer `keep` refuses is handed to the requests that shared its computation, and not kept (nor the
   * older answer it was to replace).
   */
  async through<T>(key: string, compute: () => Promise<T>, keep: (value: T) => boolean = () => true): Promise<T> {
    const entry = this.entries.get(key);
    if (entry) {
      if (entry.expires <= this.now() && !this.pending.has(key)) {
        // A failed refresh drops the answer, so that the next reader computes and sees the failure.
        this.compute(key, compute, keep).catch(() => this.entries.get(key) === entry && this.entries.delete(key));
      }
      return entry.value as T;
    }
    const running = this.pending.get(key);
    if (running) return running as Promise<T>;
    return this.compute(key, compute, keep);
  }

  private async compute<T>(key: string, compute: () => Promise<T>, keep: (value: T) => boolean): Promise<T> {
    const started = this.generation;
    const computation = compute();
    this.pending.set(key, computation);
    try {
      const value = await computation;
      if (started === this.generation) {
        // Oldest first out: a Map iterates in insertion order (a refreshed key moves to the end).
        this.entries.delete(key);
        if (!keep(value)) return value;
        if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
        this.entries.set(key, { value, expires: this.now() + this.ttlMs });
      }
      return value;
    } finally {
      // Only our own: after a write, a newer computation for the key may have taken the slot.
      if (this.pending.get(key) === computation) this.pending.delete(key);
    }
  }

  invalidate() {
    this.generation++;
    this.entries.clear();
    this.pending.clear();
  }

  get size() {
    return this.entries.size;
  }
}

/** What of a card's query its answer depends on (period 0: none of the window, e.g. upcoming events). */
export interface CardQuery {
  period: number;
  tz?: string;
  form_id?: number;
}

/** The key of one card's answer; `scope` names whose rows it counts (e.g. "startup:7", "user:3"). */
export function cardKey(card: string, scope: string, query: CardQuery): string {
  return [card, scope, query.period, query.tz ?? "", query.form_id ?? ""].join("|");
}

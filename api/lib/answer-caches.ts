/** Something that keeps database answers in this process and must forget them when the data may change. */
export interface AnswerCache {
  invalidate(): void;
}

/**
 * Every in-process cache of database answers (who is calling, dashboard cards), emptied together by the
 * one write hook in createApi: before any write the API is asked to make and after it, whatever its
 * outcome. A cache added later joins this list instead of growing a hook of its own.
 */
export class AnswerCaches {
  private readonly caches: AnswerCache[];

  constructor(caches: readonly (AnswerCache | undefined)[]) {
    this.caches = caches.filter((cache): cache is AnswerCache => cache !== undefined);
  }

  /** Whether any cache is on (with none, a write has nothing to empty). */
  get any(): boolean {
    return this.caches.length > 0;
  }

  invalidate() {
    for (const cache of this.caches) cache.invalidate();
  }
}

/**
 * Other processes holding the same kinds of caches over the same database (cluster workers on the embedded
 * database: server/process-peers.ts). A write here empties theirs too, and waits until they did, so the
 * next request, whichever process takes it, sees the write.
 */
export interface CachePeers {
  /** Empties the other processes' caches; resolves once they all did. */
  invalidate(): Promise<void>;
  /** How this process's caches are emptied when another process writes. */
  onInvalidate(invalidate: () => void): void;
}

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

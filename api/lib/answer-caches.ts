/** Something that keeps database answers in this process and must forget them when the data may change. */
export interface AnswerCache {
  invalidate(): void;
}

/**
 * What a write may change: anything, or only check-ins (a ticket let in at an event's door, or taken back),
 * which the door scans by the hundred and which only a few caches read.
 */
export type WriteScope = "any" | "check-ins";

/**
 * Every in-process cache of database answers (who is calling, dashboard cards), emptied together by the
 * one write hook in createApi: before any write the API is asked to make and after it, whatever its
 * outcome. A cache added later joins this list instead of growing a hook of its own; one whose answers
 * count check-ins is also listed among `checkInReaders`, the only caches a check-in empties.
 */
export class AnswerCaches {
  private readonly caches: AnswerCache[];
  private readonly checkInReaders: AnswerCache[];

  constructor(caches: readonly (AnswerCache | undefined)[], checkInReaders: readonly (AnswerCache | undefined)[] = []) {
    const present = (cache: AnswerCache | undefined): cache is AnswerCache => cache !== undefined;
    this.caches = caches.filter(present);
    this.checkInReaders = checkInReaders.filter(present);
  }

  /** Whether any cache is on (with none, a write has nothing to empty). */
  get any(): boolean {
    return this.caches.length > 0;
  }

  invalidate(scope: WriteScope = "any") {
    for (const cache of scope === "any" ? this.caches : this.checkInReaders) cache.invalidate();
  }
}

/**
 * Other processes holding the same kinds of caches over the same database (cluster workers on the embedded
 * database: server/process-peers.ts). A write here empties theirs too, and waits until they did, so the
 * next request, whichever process takes it, sees the write.
 */
export interface CachePeers {
  /** Empties the other processes' caches that a write of `scope` may change; resolves once they all did. */
  invalidate(scope: WriteScope): Promise<void>;
  /** How this process's caches are emptied when another process writes. */
  onInvalidate(invalidate: (scope: WriteScope) => void): void;
}

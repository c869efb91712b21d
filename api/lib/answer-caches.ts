import { AsyncLocalStorage } from "node:async_hooks";

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
 * one write hook in createApi: after any write the API is asked to make, whatever its outcome. A cache
 * added later joins this list instead of growing a hook of its own; one whose answers count check-ins is
 * also listed among `checkInReaders`, the only caches a check-in empties.
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
 * Other processes holding the same kinds of caches over the same database: cluster workers on the embedded
 * database (server/process-peers.ts), whose caches a write here empties and waits for, and instances on
 * PostgreSQL (database-cache-peers.ts), which catch up before they answer. Either way the next request,
 * whichever process takes it, sees the write.
 */
export interface CachePeers {
  /** Empties the other processes' caches that a write of `scope` may change; resolves once they all did. */
  invalidate(scope: WriteScope): Promise<void>;
  /** How this process's caches are emptied when another process writes. */
  onInvalidate(invalidate: (scope: WriteScope) => void): void;
  /**
   * Empties this process's caches if another wrote since it last looked, for peers that cannot tell it at
   * once (instances on PostgreSQL): awaited before a request may answer from a cache.
   */
  catchUp?(): Promise<void>;
}

/**
 * What one request's writes changed, as the code that wrote said it (`changesOnly`): nothing said means
 * anything may have changed. The write hook in createApi runs each write request inside one and empties
 * the caches of its scope afterwards.
 */
export class WriteRecord {
  private declared: WriteScope | undefined;

  /** Runs the request's handling with this record as the one `changesOnly` speaks to. */
  run<T>(handle: () => Promise<T>): Promise<T> {
    return writeRecords.run(this, handle);
  }

  /** What the caches must forget after the request. */
  get scope(): WriteScope {
    return this.declared ?? "any";
  }

  declare(scope: WriteScope) {
    this.declared = this.declared === undefined || this.declared === scope ? scope : "any";
  }
}

const writeRecords = new AsyncLocalStorage<WriteRecord>();

/**
 * Said by a service whose writes change nothing a cache keeps but `scope` (the door's check-ins): the
 * request then empties only the caches that read it. Two different scopes in one request widen it to
 * anything. A handler that also writes something else through a service that says nothing must not rely
 * on it: say it only where the service's writes are the request's whole change.
 */
export function changesOnly(scope: WriteScope): void {
  writeRecords.getStore()?.declare(scope);
}

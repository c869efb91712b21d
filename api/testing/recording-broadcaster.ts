/** Test helpers for notifications and chat: an API whose broadcaster records, and commits made to fail. */
import { sql } from "drizzle-orm";
import { createApi } from "../app.ts";
import { createTestApi, TestClient, type TestApi } from "./harness.ts";
import type { BroadcastMessage, Broadcaster } from "../realtime/broadcaster.ts";
import { toPublishedEvents } from "../realtime/publisher.ts";

/** A Broadcaster that keeps what it is asked to publish, in order, refusing as the real ones do an event over the size limit. */
export class RecordingBroadcaster implements Broadcaster {
  readonly messages: BroadcastMessage[] = [];
  /** Runs at each publish, e.g. to check what the database shows at that moment. */
  onPublish?: (messages: readonly BroadcastMessage[]) => Promise<void>;

  async publish(messages: readonly BroadcastMessage[]) {
    toPublishedEvents(messages, { oversize: "throw" });
    await this.onPublish?.(messages);
    this.messages.push(...messages);
  }

  /** The published messages of one event (optionally on one channel), and forgets everything recorded. */
  take(event?: string, channel?: string): BroadcastMessage[] {
    const taken = this.messages.filter((m) => (!event || m.event === event) && (!channel || m.channels.includes(channel)));
    this.messages.length = 0;
    return taken;
  }

  clear() {
    this.messages.length = 0;
  }
}

/** The test API (as createTestApi makes it) answering through a recording broadcaster. */
export async function createRecordingTestApi(): Promise<{ t: TestApi; broadcaster: RecordingBroadcaster }> {
  const base = await createTestApi();
  const broadcaster = new RecordingBroadcaster();
  const api = createApi({ db: base.database.db, config: base.config, log: () => {}, broadcaster });
  const t: TestApi = { ...base, api, client: (ip = "203.0.113.7") => new TestClient(api, ip) };
  return { t, broadcaster };
}

let triggers = 0;

/**
 * Makes every transaction that writes `table` fail at COMMIT (a deferred constraint trigger), after
 * everything in it, notifications included, has been written. Returns the undo.
 */
export async function failCommitsWriting(t: TestApi, table: string): Promise<() => Promise<void>> {
  const name = `fail_commit_${++triggers}`;
  const db = t.database.db;
  await db.execute(
    sql.raw(`create function ${name}() returns trigger language plpgsql as $$ begin raise exception 'commit refused for the test'; end $$`),
  );
  await db.execute(
    sql.raw(
      `create constraint trigger ${name} after insert or update on ${table} deferrable initially deferred for each row execute function ${name}()`,
    ),
  );
  return async () => {
    await db.execute(sql.raw(`drop trigger ${name} on ${table}`));
    await db.execute(sql.raw(`drop function ${name}()`));
  };
}

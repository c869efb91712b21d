/**
 * Several app instances on one PostgreSQL: what one instance publishes (from the app, the HTTP API or a
 * client event) is NOTIFYed on `launchpad_realtime`, and every other instance LISTENs and delivers it to
 * its own sockets. A payload over NOTIFY's limit (8000 bytes) is stored in realtime_payloads and the
 * notification carries its id. Each instance skips its own notifications: it delivered them already.
 */
import { randomUUID } from "node:crypto";
import { eq, lt, sql } from "drizzle-orm";
import pg from "pg";
import type { Db } from "../db/client.ts";
import { realtimePayloads } from "../db/realtime-schema.ts";
import type { PublishedEvent } from "./http-api.ts";

export const NOTIFY_CHANNEL = "launchpad_realtime";
/** NOTIFY refuses payloads of 8000 bytes or more; the envelope leaves room under it. */
export const MAX_NOTIFY_BYTES = 7_900;
/** Stored payloads are read within moments by every instance listening; older ones are only clutter. */
const PAYLOAD_TTL_MS = 5 * 60_000;
const RECONNECT_MAX_MS = 30_000;

interface Envelope {
  /** The publishing instance. */
  o: string;
  e?: PublishedEvent[];
  /** realtime_payloads.id holding `e`, for large payloads. */
  id?: number;
}

export interface FanoutOptions {
  databaseUrl: string;
  db: Db;
  /** Delivers events another instance published to this instance's sockets. */
  deliver(events: PublishedEvent[]): void;
  log?: (message: string, error?: unknown) => void;
}

export class PostgresFanout {
  readonly origin = randomUUID();
  private client: pg.Client | null = null;
  private closed = false;
  private retryMs = 500;
  /** Notifications are handled one after another, so a stored payload is not overtaken by a later small one. */
  private chain = Promise.resolve();
  private readonly prune: NodeJS.Timeout;

  private constructor(private readonly options: FanoutOptions) {
    this.prune = setInterval(() => {
      options.db
        .delete(realtimePayloads)
        .where(lt(realtimePayloads.createdAt, new Date(Date.now() - PAYLOAD_TTL_MS)))
        .catch((error: unknown) => this.log("[realtime] pruning stored payloads failed", error));
    }, 60_000);
    this.prune.unref();
  }

  /** Starts listening; resolves once LISTEN is in place, so nothing published after it is missed. */
  static async start(options: FanoutOptions): Promise<PostgresFanout> {
    const fanout = new PostgresFanout(options);
    await fanout.connect();
    return fanout;
  }

  private log(message: string, error?: unknown) {
    (this.options.log ?? console.error)(message, error);
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.options.databaseUrl });
    client.on("notification", (message) => {
      if (message.channel !== NOTIFY_CHANNEL || !message.payload) return;
      const payload = message.payload;
      this.chain = this.chain.then(() => this.receive(payload)).catch((error: unknown) => this.log("[realtime] a notification could not be delivered", error));
    });
    // A lost connection (server restart, failover) is replaced; what was published meanwhile is missed,
    // and clients catch up as they do after any reconnect.
    client.on("error", (error) => {
      this.log("[realtime] the LISTEN connection failed:", error.message);
      void this.reconnect(client);
    });
    client.on("end", () => void this.reconnect(client));
    await client.connect();
    await client.query(`LISTEN ${NOTIFY_CHANNEL}`);
    this.client = client;
    this.retryMs = 500;
  }

  private async reconnect(failed: pg.Client) {
    if (this.closed || this.client !== failed) return;
    this.client = null;
    failed.removeAllListeners("end");
    await failed.end().catch(() => {});
    while (!this.closed && !this.client) {
      await new Promise((resolve) => setTimeout(resolve, this.retryMs).unref());
      this.retryMs = Math.min(this.retryMs * 2, RECONNECT_MAX_MS);
      await this.connect().catch((error: unknown) => this.log("[realtime] reconnecting LISTEN failed", error));
    }
  }

  private async receive(payload: string) {
    const envelope = JSON.parse(payload) as Envelope;
    if (envelope.o === this.origin) return;
    let events = envelope.e;
    if (envelope.id !== undefined) {
      const [row] = await this.options.db.select({ payload: realtimePayloads.payload }).from(realtimePayloads).where(eq(realtimePayloads.id, envelope.id));
      events = (row?.payload as { e?: PublishedEvent[] } | undefined)?.e;
    }
    if (events?.length) this.options.deliver(events);
  }

  /** Tells the other instances; uses the app's pool, so publishing does not wait on the LISTEN connection. */
  async publish(events: PublishedEvent[]): Promise<void> {
    let payload = JSON.stringify({ o: this.origin, e: events } satisfies Envelope);
    if (Buffer.byteLength(payload) > MAX_NOTIFY_BYTES) {
      const [row] = await this.options.db.insert(realtimePayloads).values({ payload: { e: events } }).returning({ id: realtimePayloads.id });
      payload = JSON.stringify({ o: this.origin, id: row.id } satisfies Envelope);
    }
    await this.options.db.execute(sql`select pg_notify(${NOTIFY_CHANNEL}, ${payload})`);
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.prune);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => {});
    await this.chain;
  }
}

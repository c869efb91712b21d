/**
 * Several app instances on one PostgreSQL: what one instance publishes (from the app, the HTTP API or a
 * client event) is NOTIFYed on `launchpad_realtime`, and every other instance LISTENs and delivers it to
 * its own sockets. A payload over NOTIFY's limit (8000 bytes) is stored in realtime_payloads and the
 * notification carries its id. Each instance skips its own notifications: it delivered them already.
 * The same channel carries what each instance's sockets do to their channels (instance-occupancy.ts), so
 * presence lists and channel figures are those of every instance together.
 */
import { randomUUID } from "node:crypto";
import { eq, lt, sql } from "drizzle-orm";
import pg from "pg";
import type { Db } from "../db/client.ts";
import { realtimePayloads } from "../db/realtime-schema.ts";
import type { OccupancyChange } from "./channels.ts";
import type { PublishedEvent } from "./http-api.ts";
import { InstanceOccupancy, PRESENCE_HEARTBEAT_MS, type OccupancyMessage } from "./instance-occupancy.ts";

export const NOTIFY_CHANNEL = "launchpad_realtime";
/** NOTIFY refuses payloads of 8000 bytes or more; the envelope leaves room under it. */
export const MAX_NOTIFY_BYTES = 7_900;
/** Stored payloads are read within moments by every instance listening; older ones are only clutter. */
const PAYLOAD_TTL_MS = 5 * 60_000;
const RECONNECT_MAX_MS = 30_000;

interface Envelope extends OccupancyMessage {
  /** The publishing instance. */
  o: string;
  e?: PublishedEvent[];
  /** realtime_payloads.id holding the rest of the envelope, for large payloads. */
  id?: number;
}

export interface FanoutOptions {
  databaseUrl: string;
  db: Db;
  /** Delivers events another instance published to this instance's sockets. */
  deliver(events: PublishedEvent[]): void;
  /** Applies the other instances' channel changes to this instance's registry; unset, none are shared. */
  applyOccupancy?(changes: OccupancyChange[]): void;
  /** How often an instance repeats its whole state (the tests shorten it). */
  presenceHeartbeatMs?: number;
  log?: (message: string, error?: unknown) => void;
}

export class PostgresFanout {
  readonly origin = randomUUID();
  private client: pg.Client | null = null;
  private closed = false;
  private retryMs = 500;
  /** Notifications are handled one after another, so a stored payload is not overtaken by a later small one. */
  private chain = Promise.resolve();
  /** This instance's occupancy messages leave one after another, so the others apply them in order. */
  private sending = Promise.resolve();
  private readonly prune: NodeJS.Timeout;
  private readonly occupancy?: InstanceOccupancy;
  private readonly heartbeat?: NodeJS.Timeout;

  private constructor(private readonly options: FanoutOptions) {
    const { applyOccupancy, presenceHeartbeatMs = PRESENCE_HEARTBEAT_MS } = options;
    if (applyOccupancy) {
      const occupancy = (this.occupancy = new InstanceOccupancy(applyOccupancy, presenceHeartbeatMs));
      this.heartbeat = setInterval(() => {
        if (this.closed) return;
        occupancy.expire();
        const state = occupancy.state();
        if (state.length) this.sendOccupancy({ s: state });
      }, presenceHeartbeatMs);
      this.heartbeat.unref();
    }
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
      this.chain = this.chain
        .then(() => this.receive(payload))
        .catch((error: unknown) => this.log("[realtime] a notification could not be delivered", error));
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
    // Listening (again): whatever was said before is not known here; everyone repeats their whole state.
    if (this.occupancy) this.sendOccupancy({ h: true, s: this.occupancy.state() });
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
    let envelope = JSON.parse(payload) as Envelope;
    if (envelope.o === this.origin) return;
    if (envelope.id !== undefined) {
      const [row] = await this.options.db
        .select({ payload: realtimePayloads.payload })
        .from(realtimePayloads)
        .where(eq(realtimePayloads.id, envelope.id));
      envelope = { ...(row?.payload as Omit<Envelope, "o" | "id"> | undefined), o: envelope.o };
    }
    if (envelope.e?.length) this.options.deliver(envelope.e);
    if (this.occupancy?.heard(envelope.o, envelope) && !this.closed) {
      const state = this.occupancy.state();
      if (state.length) this.sendOccupancy({ s: state });
    }
  }

  /** Tells the other instances; uses the app's pool, so publishing does not wait on the LISTEN connection. */
  async publish(events: PublishedEvent[]): Promise<void> {
    await this.notify({ e: events });
  }

  /** What this instance's sockets did to their channels (socket-server.ts reports it through embedded.ts). */
  reportOccupancy(changes: OccupancyChange[]): void {
    // After the goodbye (sockets closing while the server stops), the others have forgotten this instance.
    if (!this.occupancy || this.closed) return;
    this.occupancy.local(changes);
    this.sendOccupancy({ p: changes });
  }

  private sendOccupancy(message: OccupancyMessage): Promise<void> {
    this.sending = this.sending
      .then(() => this.notify(message))
      .catch((error: unknown) => this.log("[realtime] telling the other instances about this one's channels failed", error));
    return this.sending;
  }

  private async notify(body: Omit<Envelope, "o" | "id">): Promise<void> {
    let payload = JSON.stringify({ o: this.origin, ...body } satisfies Envelope);
    if (Buffer.byteLength(payload) > MAX_NOTIFY_BYTES) {
      const [row] = await this.options.db.insert(realtimePayloads).values({ payload: body }).returning({ id: realtimePayloads.id });
      payload = JSON.stringify({ o: this.origin, id: row.id } satisfies Envelope);
    }
    await this.options.db.execute(sql`select pg_notify(${NOTIFY_CHANNEL}, ${payload})`);
  }

  async close(): Promise<void> {
    const open = !this.closed;
    this.closed = true;
    // A goodbye: the others forget this instance's members now rather than after the missed heartbeats.
    if (this.occupancy && open) await this.sendOccupancy({ s: [] });
    clearInterval(this.prune);
    clearInterval(this.heartbeat);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => {});
    await this.chain;
  }
}

/**
 * The embedded Pusher-protocol socket server: takes HTTP upgrades at /app/{key} from the app's own HTTP
 * server, keeps the sockets, checks they are alive, and delivers published events to this instance's
 * subscribers. Publishing across instances is the fan-out's job (embedded.ts): this server holds its own
 * sockets, and counts the other processes' in its channels' figures and presence lists when they report them.
 */
import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import { WebSocketServer, type WebSocket } from "ws";
import { clientAddress } from "../lib/client-address.ts";
import { ChannelRegistry, type OccupancyChange } from "./channels.ts";
import { PRODUCT_CLIENT_EVENTS } from "./client-events.ts";
import { Connection, type ConnectionLimits } from "./connection.ts";
import { ERRORS, checkProtocol, decodedOrUndefined, frame, newSocketId } from "./protocol.ts";
import type { PublishedEvent } from "./http-api.ts";
import type { SubscriptionGrants } from "./revocation.ts";
import { SignedInUsers } from "./signed-in-users.ts";
import { AddressLimits, DEFAULT_ADDRESS_LIMITS, isRefusal, type AddressLimitSettings } from "./limits.ts";
import type { AppCredentials } from "./signing.ts";

export interface SocketServerOptions extends Partial<ConnectionLimits>, Partial<AddressLimitSettings> {
  app: AppCredentials;
  /** Sockets this instance accepts; one more is refused with 4100 (over capacity). */
  maxConnections?: number;
  /** Behind a proxy: a socket's address is the last X-Forwarded-For hop, as for HTTP requests (TRUST_PROXY). */
  trustProxy?: boolean;
  /** The activity_timeout announced to clients: they ping after this much silence. */
  activityTimeoutMs?: number;
  /** How long a socket silent past its activity timeout has to answer the server's ping. */
  pongTimeoutMs?: number;
  log?: (message: string, error?: unknown) => void;
}

type Settings = Required<Omit<SocketServerOptions, "app">> & { app: AppCredentials };

/** The upgrade path: /app/{key}, as every Pusher client builds it. */
const APP_PATH = /^\/app\/([^/]+)$/;

export const DEFAULT_LIMITS = {
  maxConnections: 10_000,
  activityTimeoutMs: 30_000,
  pongTimeoutMs: 15_000,
  maxEventBytes: 10 * 1024,
  clientEventsPerSecond: 10,
  maxBufferedBytes: 4 * 1024 * 1024,
  clientEvents: PRODUCT_CLIENT_EVENTS,
  trustProxy: false,
  ...DEFAULT_ADDRESS_LIMITS,
};

export class SocketServer {
  readonly registry = new ChannelRegistry();
  /** Sockets and subscriptions per address (limits.ts). */
  readonly addressLimits: AddressLimits;
  /** This instance's sockets signed in as users (pusher:signin), which terminate_connections ends. */
  readonly signedIn = new SignedInUsers();
  private readonly connections = new Set<Connection>();
  private readonly wss: WebSocketServer;
  private readonly sweep: NodeJS.Timeout;
  private readonly options: Settings;
  /** Where client events go once accepted: here only, until a hub (hub.ts) fans them out as well. */
  relay: (event: PublishedEvent) => void = (event) => this.deliver(event);
  /** Set when subscriptions are tied to the logins that authorised them (revocation.ts). */
  grants?: SubscriptionGrants;

  constructor(options: SocketServerOptions) {
    this.options = { ...DEFAULT_LIMITS, log: console.error, ...options };
    this.addressLimits = new AddressLimits(this.options);
    // Frames are capped at twice a client event's data (room for the frame around it); a bigger one is
    // closed by ws with 1009 (message too big) before it is held in memory.
    this.wss = new WebSocketServer({ noServer: true, maxPayload: this.options.maxEventBytes * 2, perMessageDeflate: false });
    const { activityTimeoutMs, pongTimeoutMs } = this.options;
    this.sweep = setInterval(() => this.checkActivity(), Math.max(250, Math.min(activityTimeoutMs, pongTimeoutMs) / 2));
    this.sweep.unref();
  }

  get connectionCount(): number {
    return this.connections.size;
  }

  /** Whether an upgrade request is this server's (anything else on the HTTP server is not a socket). */
  static handles(url: string | undefined): boolean {
    return APP_PATH.test(new URL(url ?? "/", "http://localhost").pathname);
  }

  /** Takes over an HTTP upgrade; paths other than /app/{key} are destroyed. */
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void {
    const url = new URL(request.url ?? "/", "http://localhost");
    const key = decodedOrUndefined(APP_PATH.exec(url.pathname)?.[1]);
    // Runs inside the HTTP server's "upgrade" event: a throw here would end the process, so a path that
    // is not a socket's (or whose key is not valid percent-encoding) is simply cut.
    if (key === undefined) {
      socket.destroy();
      return;
    }
    const forwarded = request.headers["x-forwarded-for"];
    const address =
      clientAddress(Array.isArray(forwarded) ? forwarded.join(",") : forwarded, request.socket.remoteAddress, this.options.trustProxy) ??
      "unknown";
    this.wss.handleUpgrade(request, socket, head, (ws) => this.open(ws, key, url.searchParams.get("protocol"), address));
  }

  private open(ws: WebSocket, key: string, protocol: string | null, address: string): void {
    const refuse = (error: { code: number; message: string }) => {
      ws.send(frame("pusher:error", error));
      ws.close(error.code, error.message);
    };
    // Refusals are answered on the socket, with the close code telling clients whether to retry.
    if (key !== this.options.app.key) return refuse(ERRORS.unknownApp);
    const versionError = checkProtocol(protocol);
    if (versionError) return refuse(versionError);
    if (this.connections.size >= this.options.maxConnections) return refuse(ERRORS.overCapacity);
    const quota = this.addressLimits.admit(address);
    if (isRefusal(quota)) return refuse(quota);

    const context = {
      app: this.options.app,
      registry: this.registry,
      limits: this.options,
      log: this.options.log,
      relay: (event: PublishedEvent) => this.relay(event),
      grants: this.grants,
      signedIn: this.signedIn,
    };
    const connection = new Connection(newSocketId(), ws, context, quota);
    this.connections.add(connection);
    ws.on("message", (data, isBinary) => {
      if (isBinary) return connection.send(frame("pusher:error", { code: 4200, message: "Invalid message format" }));
      connection.receive(data.toString());
    });
    // ws answers protocol-level pings itself; a pong from the client is a sign of life too.
    ws.on("pong", () => {
      connection.lastSeen = Date.now();
      connection.pingSentAt = null;
    });
    ws.on("error", () => ws.terminate());
    ws.on("close", () => {
      this.connections.delete(connection);
      connection.closed();
    });
    connection.send(
      frame("pusher:connection_established", {
        socket_id: connection.socketId,
        activity_timeout: Math.max(1, Math.round(this.options.activityTimeoutMs / 1000)),
      }),
    );
  }

  /**
   * Clients ping after activity_timeout of silence; a socket silent for longer is pinged by the server,
   * and one that does not answer within the pong timeout is closed (4201: clients reconnect at once).
   */
  private checkActivity(): void {
    const now = Date.now();
    const { activityTimeoutMs, pongTimeoutMs } = this.options;
    for (const connection of this.connections) {
      if (connection.pingSentAt !== null) {
        if (now - connection.pingSentAt > pongTimeoutMs) connection.close(ERRORS.pongNotReceived.code, ERRORS.pongNotReceived.message);
      } else if (now - connection.lastSeen > activityTimeoutMs) {
        connection.pingSentAt = now;
        connection.send(frame("pusher:ping", {}));
      }
    }
  }

  /** Delivers an event to this instance's subscribers of each channel, its own socket (`socketId`) excepted. */
  deliver({ channels, event, data, socketId, userId }: PublishedEvent): void {
    for (const channel of channels) {
      if (!this.registry.hasLocalSockets(channel)) continue;
      const frame = JSON.stringify({ event, channel, data, ...(userId === undefined ? {} : { user_id: userId }) });
      this.registry.broadcast(channel, Buffer.from(frame), socketId);
    }
  }

  /**
   * What another process of this server reports of its sockets: the channel counts follow, and a member
   * who arrived in (or left) the server as a whole is announced to this process's sockets in the channel.
   */
  applyRemoteOccupancy(changes: OccupancyChange[]): void {
    for (const change of changes) {
      const { added, removed } = this.registry.applyRemote(change);
      for (const member of added)
        this.registry.broadcast(change.channel, Buffer.from(frame("pusher_internal:member_added", member, change.channel)));
      for (const userId of removed)
        this.registry.broadcast(change.channel, Buffer.from(frame("pusher_internal:member_removed", { user_id: userId }, change.channel)));
    }
  }

  /** Closes every socket with 4200 (clients reconnect, to another instance or to this one restarted). */
  async close(): Promise<void> {
    clearInterval(this.sweep);
    for (const connection of this.connections) connection.close(ERRORS.shuttingDown.code, ERRORS.shuttingDown.message);
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
  }
}

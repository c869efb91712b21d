/**
 * The primary's side of the embedded database for several processes (WEB_CONCURRENCY > 1 without
 * DATABASE_URL): the primary owns the one PGlite thread of the data directory, and each cluster worker
 * sends its SQL here (`PgliteWorker.overProcess`), so pages render on every core while one PGlite keeps
 * the data. A worker's transaction ids are its own; here they become ids of the primary's client, so two
 * workers' transactions never meet. A worker that dies with a transaction open has it rolled back, or the
 * database would stay locked for everybody (docs/decisions/012-embedded-database-on-every-core.md).
 */
import type { PgliteWorker, Reply, WireRequest } from "./worker-client.ts";

/** What the relay needs of a cluster worker (an EventEmitter with `send`; tests use a stand-in). */
export interface RelayPeer {
  send(message: unknown, callback?: (error: Error | null) => void): unknown;
  on(event: "message", listener: (message: unknown) => void): unknown;
  on(event: "exit", listener: () => void): unknown;
}

type PeerRequest = WireRequest & { kind: "db"; id: number };

const isDbRequest = (message: unknown): message is PeerRequest =>
  typeof message === "object" &&
  message !== null &&
  (message as { kind?: unknown }).kind === "db" &&
  typeof (message as { op?: unknown }).op === "string";

const failure = (id: number, message: string): Reply => ({ id, ok: false, error: { message, fields: {} } });

export function relayDatabase(database: PgliteWorker, peer: RelayPeer) {
  /** The peer's transaction id → the primary client's. */
  const transactions = new Map<number, number>();
  let gone = false;

  const rollBack = (tx: number) => database.forward({ op: "end", tx, commit: false }).catch(() => {});

  async function answer(request: PeerRequest): Promise<Reply> {
    const { kind: _kind, id, ...message } = request;
    switch (message.op) {
      case "begin": {
        const tx = database.newTransactionId();
        const reply = await database.forward({ ...message, tx });
        if (!reply.ok) return { ...reply, id };
        // The worker died while waiting for BEGIN: nobody will end this transaction but us.
        if (gone) await rollBack(tx);
        else transactions.set(request.tx!, tx);
        return { ...reply, id };
      }
      case "query":
      case "end": {
        if (message.tx === undefined) {
          if (message.op === "end") return failure(id, "PGlite relay: end without a transaction");
          return { ...(await database.forward(message)), id };
        }
        const tx = transactions.get(message.tx);
        if (tx === undefined) return failure(id, `PGlite relay: transaction ${message.tx} is not open`);
        if (message.op === "end") transactions.delete(message.tx);
        return { ...(await database.forward({ ...message, tx })), id };
      }
      case "close":
        // The primary owns the database: a worker closing its client only stops using it.
        return { id, ok: true };
      default:
        return { ...(await database.forward(message)), id };
    }
  }

  const reply = (message: Reply) => {
    if (gone) return;
    try {
      // The callback swallows a channel that closed meanwhile (the worker is exiting; "exit" cleans up).
      peer.send({ ...message, kind: "db" }, () => {});
    } catch {
      // Closed before the send: the same.
    }
  };
  peer.on("message", (message) => {
    if (!isDbRequest(message)) return;
    answer(message).then(
      reply,
      // The primary's own client failed (its thread died): the worker's caller gets the reason.
      (error: Error) => reply(failure(message.id, error.message)),
    );
  });
  peer.on("exit", () => {
    gone = true;
    for (const tx of transactions.values()) void rollBack(tx);
    transactions.clear();
  });
}

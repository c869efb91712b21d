import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A loopback fake of the Stripe Checkout calls the adapter makes: POST /v1/checkout/sessions
 * (form-encoded), GET /v1/checkout/sessions/{id}, POST /v1/checkout/sessions/{id}/expire (which, like
 * Stripe, refuses with 400 a session that is not open) and POST /v1/refunds of a paid session's payment
 * intent (refusing with 400 more than is left of it). It checks the Bearer key like Stripe does (401
 * otherwise) and keeps sessions in memory; `markPaid` / `expire` play the payer's part (and time's).
 * Like Stripe, it replays the first answer to a request made again with the same Idempotency-Key, and
 * refuses (400 idempotency_error) that key with other parameters. Every request is recorded with its form
 * and the headers the adapter must send.
 */
export interface FakeSession {
  id: string;
  object: "checkout.session";
  url: string;
  mode: string;
  status: "open" | "complete" | "expired";
  payment_status: "unpaid" | "paid";
  amount_total: number;
  currency: string;
  success_url: string;
  cancel_url: string;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  /** Set once paid, as Stripe does: what a refund names. */
  payment_intent: string | null;
}

export interface FakeRefund {
  id: string;
  object: "refund";
  payment_intent: string;
  amount: number;
  currency: string;
  status: "succeeded";
  metadata: Record<string, string>;
}

export interface FakeRequest {
  method: string;
  path: string;
  form: Record<string, string>;
  /** The Stripe-Version and Idempotency-Key headers as sent (undefined when absent). */
  stripeVersion: string | undefined;
  idempotencyKey: string | undefined;
}

export interface FakeStripe {
  url: string;
  sessions: Map<string, FakeSession>;
  refunds: FakeRefund[];
  requests: FakeRequest[];
  markPaid(id: string): void;
  expire(id: string): void;
  close(): Promise<void>;
}

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });

export async function startFakeStripe(secretKey = "sk_test_fake"): Promise<FakeStripe> {
  const sessions = new Map<string, FakeSession>();
  const refunds: FakeRefund[] = [];
  const requests: FakeRequest[] = [];
  /** Idempotency-Key → the parameters first sent with it and the answer given. */
  const idempotent = new Map<string, { raw: string; status: number; json: string }>();
  const server: Server = createServer((req, res) => {
    void (async () => {
      const raw = await readBody(req);
      const form = Object.fromEntries(new URLSearchParams(raw));
      const path = (req.url ?? "/").split("?")[0];
      const header = (name: string) => {
        const value = req.headers[name];
        return Array.isArray(value) ? value.join(", ") : value;
      };
      const idempotencyKey = header("idempotency-key");
      requests.push({ method: req.method ?? "", path, form, stripeVersion: header("stripe-version"), idempotencyKey });
      let authorised = false;
      const send = (status: number, body: unknown) => {
        const json = JSON.stringify(body);
        // As Stripe: only an authenticated POST's answer is kept for replay, as it was when first sent.
        if (authorised && idempotencyKey && req.method === "POST" && !idempotent.has(idempotencyKey)) {
          idempotent.set(idempotencyKey, { raw: `${path}?${raw}`, status, json });
        }
        res.writeHead(status, { "content-type": "application/json" });
        res.end(json);
      };
      if (req.headers.authorization !== `Bearer ${secretKey}`) {
        return send(401, { error: { type: "invalid_request_error", message: "Invalid API Key provided." } });
      }
      const replay = idempotencyKey && req.method === "POST" ? idempotent.get(idempotencyKey) : undefined;
      authorised = true;
      if (replay) {
        if (replay.raw !== `${path}?${raw}`) {
          return send(400, {
            error: {
              type: "idempotency_error",
              message:
                "Keys for idempotent requests can only be used with the same parameters they were first used with. " +
                `Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
            },
          });
        }
        res.writeHead(replay.status, { "content-type": "application/json", "idempotent-replayed": "true" });
        return res.end(replay.json);
      }
      if (req.method === "POST" && path === "/v1/checkout/sessions") {
        const amount = Number(form["line_items[0][price_data][unit_amount]"]);
        const quantity = Number(form["line_items[0][quantity]"] ?? "1");
        if (form.mode !== "payment" || !Number.isInteger(amount) || !form.success_url || !form["line_items[0][price_data][currency]"]) {
          return send(400, { error: { type: "invalid_request_error", message: "Missing required param." } });
        }
        const id = `cs_test_${randomBytes(12).toString("hex")}`;
        const metadata: Record<string, string> = {};
        for (const [k, v] of Object.entries(form)) {
          const m = /^metadata\[(.+)\]$/.exec(k);
          if (m) metadata[m[1]] = v;
        }
        const session: FakeSession = {
          id,
          object: "checkout.session",
          url: `https://checkout.stripe.test/c/pay/${id}`,
          mode: form.mode,
          status: "open",
          payment_status: "unpaid",
          amount_total: amount * quantity,
          currency: form["line_items[0][price_data][currency]"],
          success_url: form.success_url.replace("{CHECKOUT_SESSION_ID}", id),
          cancel_url: (form.cancel_url ?? "").replace("{CHECKOUT_SESSION_ID}", id),
          client_reference_id: form.client_reference_id ?? null,
          metadata,
          payment_intent: null,
        };
        sessions.set(id, session);
        return send(200, session);
      }
      const match = /^\/v1\/checkout\/sessions\/([A-Za-z0-9_]+)$/.exec(path);
      if (req.method === "GET" && match) {
        const session = sessions.get(match[1]);
        if (!session) return send(404, { error: { type: "invalid_request_error", message: `No such checkout.session: '${match[1]}'` } });
        return send(200, session);
      }
      const expire = /^\/v1\/checkout\/sessions\/([A-Za-z0-9_]+)\/expire$/.exec(path);
      if (req.method === "POST" && expire) {
        const session = sessions.get(expire[1]);
        if (!session) return send(404, { error: { type: "invalid_request_error", message: `No such checkout.session: '${expire[1]}'` } });
        if (session.status !== "open") {
          return send(400, {
            error: {
              type: "invalid_request_error",
              message: `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of \`${session.status}\`.`,
            },
          });
        }
        session.status = "expired";
        return send(200, session);
      }
      if (req.method === "POST" && path === "/v1/refunds") {
        const session = [...sessions.values()].find((s) => s.payment_intent !== null && s.payment_intent === form.payment_intent);
        if (!session)
          return send(404, { error: { type: "invalid_request_error", message: `No such payment_intent: '${form.payment_intent}'` } });
        const given = refunds.filter((r) => r.payment_intent === session.payment_intent).reduce((sum, r) => sum + r.amount, 0);
        const amount = form.amount === undefined ? session.amount_total - given : Number(form.amount);
        if (!Number.isInteger(amount) || amount <= 0)
          return send(400, { error: { type: "invalid_request_error", message: "Invalid integer: amount" } });
        if (given + amount > session.amount_total) {
          return send(400, {
            error: {
              type: "invalid_request_error",
              code: "amount_too_large",
              message: `Refund amount (${amount}) is greater than unrefunded amount on charge (${session.amount_total - given})`,
            },
          });
        }
        const metadata: Record<string, string> = {};
        for (const [k, v] of Object.entries(form)) {
          const m = /^metadata\[(.+)\]$/.exec(k);
          if (m) metadata[m[1]] = v;
        }
        const refund: FakeRefund = {
          id: `re_test_${randomBytes(12).toString("hex")}`,
          object: "refund",
          payment_intent: session.payment_intent!,
          amount,
          currency: session.currency,
          status: "succeeded",
          metadata,
        };
        refunds.push(refund);
        return send(200, refund);
      }
      return send(404, { error: { type: "invalid_request_error", message: "Unrecognized request URL." } });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    sessions,
    refunds,
    requests,
    markPaid(id) {
      const s = sessions.get(id);
      if (s) Object.assign(s, { status: "complete", payment_status: "paid", payment_intent: `pi_test_${randomBytes(12).toString("hex")}` });
    },
    expire(id) {
      const s = sessions.get(id);
      if (s) s.status = "expired";
    },
    close: () => new Promise<void>((resolve, reject) => server.close((e) => (e ? reject(e) : resolve()))),
  };
}

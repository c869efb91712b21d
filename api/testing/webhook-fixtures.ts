/** A receiver of webhook calls on loopback, answering as a test says, and an organization with an endpoint on it. */
import { createServer, type IncomingHttpHeaders, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { expect } from "vitest";
import type { WebhookKind } from "#schemas/webhooks.ts";
import { DEFAULT_WEBHOOKS_CONFIG, type WebhooksConfig } from "../modules/webhooks/config.ts";
import { drainWebhooks } from "../modules/webhooks/worker.ts";
import { startupOwner } from "./application-fixtures.ts";
import type { TestApi, TestClient } from "./harness.ts";

/** Tests call a receiver on loopback, quickly, and retry at once. */
export const TEST_WEBHOOKS: WebhooksConfig = { ...DEFAULT_WEBHOOKS_CONFIG, allowPrivate: true, retrySeconds: 0.02, timeoutMs: 1_000 };

export interface ReceivedCall {
  headers: IncomingHttpHeaders;
  body: string;
}

/** How the receiver answers its n-th call (from 0): a status, or nothing at all (`"hang"`). */
export type Answer = number | "hang" | ((response: ServerResponse) => void);

/** `port`: a given one (a receiver that comes up where an endpoint already points); otherwise any free one. */
export async function startReceiver(answer: (n: number) => Answer = () => 200, port = 0) {
  const calls: ReceivedCall[] = [];
  const hanging: ServerResponse[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const n = calls.length;
      calls.push({ headers: request.headers, body: Buffer.concat(chunks).toString("utf8") });
      const reply = answer(n);
      if (reply === "hang") hanging.push(response);
      else if (typeof reply === "function") reply(response);
      else response.writeHead(reply, { "content-type": "text/plain" }).end(`answer ${reply}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const listening = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${listening}/hooks`,
    calls,
    close: () =>
      new Promise<void>((resolve) => {
        for (const response of hanging) response.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** An organization's owner with an endpoint for these kinds at `url`, and the endpoint's secret. */
export async function ownerWithWebhook(t: TestApi, url: string, kinds: WebhookKind[]) {
  const owner = await startupOwner(t);
  const { webhook, secret } = await addWebhook(owner.client, url, kinds);
  return { owner, webhook, secret };
}

export async function addWebhook(client: TestClient, url: string, kinds: WebhookKind[]) {
  const res = await client.post("/api/v1/admin/webhooks", { url, kinds, description: "CRM" });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { webhook: res.body.webhook as { id: number }, secret: res.body.secret as string };
}

/** Sends what is due now, and again as retries come due, until `done` or the time runs out. */
export async function deliverUntil(t: TestApi, done: () => boolean, timeoutMs = 5_000) {
  const deadline = Date.now() + timeoutMs;
  const options = { db: t.database.db, config: t.config.webhooks, log: () => {} };
  while (!done()) {
    if (Date.now() > deadline) throw new Error("the deliveries did not arrive in time");
    await drainWebhooks(options);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

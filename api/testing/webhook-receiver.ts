/**
 * A receiver of webhook calls on loopback, answering as a test says: the API suites and the browser journeys
 * both point endpoints at it (it imports nothing of the API, so a journey may use it).
 */
import { createServer, type IncomingHttpHeaders, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

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

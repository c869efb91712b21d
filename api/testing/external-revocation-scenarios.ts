/**
 * What the revocation tests do when realtime is external (PUSHER_HOST): the API publishes to a
 * Pusher-compatible server it cannot reach inside, so a change that may end someone's right to listen
 * ends every socket signed in as them there (terminate_connections). Real pusher-js clients sign in
 * through /broadcasting/user-auth and subscribe through /broadcasting/auth of the API; the sockets are the
 * external server's. After the close, a client connects again as the panel does: a live session signs in
 * and gets back what it may still hear, an ended one gets 401.
 */
import type PusherJs from "pusher-js";
import { expect } from "vitest";
import type { Api } from "../app.ts";
import type { TestApi } from "./harness.ts";
import { TestClient } from "./harness.ts";
import { connected, signedIn, type Channel, type Site } from "./realtime-clients.ts";
import { REVOKED_WITHIN_MS, listen, within, type Listener } from "./revocation-scenarios.ts";

export interface ExternalSetup {
  t: TestApi;
  /** The API configured with the external server: changes are made through it, so its hooks call that server. */
  api: Api;
  /** pusher-js connects to the external server and asks this API to sign. */
  site: Site;
  /** Sockets the external server holds signed in as the user. */
  signedInSockets(userId: string): number;
}

export interface Person {
  client: TestClient;
  id: number;
}

/** The same login (its cookies) making requests to the API configured with the external server. */
export function through(setup: ExternalSetup, person: Person): TestClient {
  const client = new TestClient(setup.api, "203.0.113.31");
  for (const [name, value] of person.client.cookies) client.cookies.set(name, value);
  return client;
}

/** A pusher-js client signed in as the person and subscribed to `channels`. */
export async function signedInListener(setup: ExternalSetup, person: Person, channels: string[]): Promise<Listener> {
  const listener = await listen(setup.site, { cookies: person.client.cookies }, channels);
  expect(await signedIn(listener.pusher)).toMatchObject({ id: String(person.id) });
  await within(2_000, "the external server holds the signed-in socket", () => setup.signedInSockets(String(person.id)) > 0);
  return listener;
}

/**
 * The listener's socket was closed by the external server with 4009 within the bound, counted from
 * `startedAt` (the change's request was sent: the API ends the connections before it answers). Answers
 * how long it took.
 */
export async function expectTerminated(listener: Listener, startedAt: number): Promise<number> {
  const stopped = await within(REVOKED_WITHIN_MS, "the socket is closed by the external server", () =>
    listener.pusher.connection.state === "disconnected" ? (listener.stopped ?? undefined) : undefined,
  );
  expect(stopped.code).toBe(4009);
  const ms = stopped.at - startedAt;
  expect(ms).toBeLessThan(REVOKED_WITHIN_MS);
  return ms;
}

/** A subscription's outcome: "subscribed", or the status pusher-js reported refusing it. */
function outcome(channel: Channel): Promise<"subscribed" | number> {
  return new Promise((resolve) => {
    const succeeded = () => finish("subscribed");
    // pusher-js passes on only the message of a refusal its handler reported ("auth 403", realtime-clients.ts).
    const failed = (error: { status?: number; error?: string }) =>
      finish(error.status ?? Number(/\bauth (\d{3})\b/.exec(error.error ?? "")?.[1] ?? 0));
    const finish = (value: "subscribed" | number) => {
      channel.unbind("pusher:subscription_succeeded", succeeded);
      channel.unbind("pusher:subscription_error", failed);
      resolve(value);
    };
    channel.bind("pusher:subscription_succeeded", succeeded);
    channel.bind("pusher:subscription_error", failed);
  });
}

/**
 * Connects the closed client again, as the panel does after a 4009 once no navigation is under way:
 * pusher-js signs in and subscribes to its channels anew. Answers whom it signed in as (null: refused)
 * and each channel's outcome.
 */
export async function reconnected(
  listener: Listener,
): Promise<{ user: { id: string } | null; channels: Record<string, "subscribed" | number> }> {
  const pusher: PusherJs = listener.pusher;
  const outcomes = [...listener.channels].map(async ([name, channel]) => [name, await outcome(channel)] as const);
  pusher.connect();
  await connected(pusher);
  await pusher.user.signinDonePromise;
  return { user: pusher.user.user_data as { id: string } | null, channels: Object.fromEntries(await Promise.all(outcomes)) };
}

/**
 * Sockets signed in as a user (Pusher's user authentication: pusher:signin with the signature
 * /broadcasting/user-auth made), and the end of them: the HTTP API's
 * POST /apps/{id}/users/{user_id}/terminate_connections publishes an internal event naming the user through
 * the path events travel (this process at once, the other workers through the primary, the other instances
 * through NOTIFY), and each process closes its own sockets signed in as that user.
 */
import type { PublishedEvent } from "./published-event.ts";

/** What ending a signed-in socket takes (connection.ts's Connection). */
export interface SignedInSocket {
  /** Tells the client its connection was ended by the app, and closes it. */
  terminate(): void;
}

export class SignedInUsers {
  private readonly byUser = new Map<string, Set<SignedInSocket>>();

  add(userId: string, socket: SignedInSocket): void {
    let sockets = this.byUser.get(userId);
    if (!sockets) this.byUser.set(userId, (sockets = new Set()));
    sockets.add(socket);
  }

  remove(userId: string, socket: SignedInSocket): void {
    const sockets = this.byUser.get(userId);
    if (!sockets?.delete(socket)) return;
    if (!sockets.size) this.byUser.delete(userId);
  }

  /** Closes this process's sockets signed in as the user; answers how many there were. */
  terminate(userId: string): number {
    const sockets = [...(this.byUser.get(userId) ?? [])];
    this.byUser.delete(userId);
    for (const socket of sockets) socket.terminate();
    return sockets.length;
  }

  /** How many sockets are signed in as the user here (for tests and figures). */
  socketsOf(userId: string): number {
    return this.byUser.get(userId)?.size ?? 0;
  }
}

/** The internal event that carries "end this user's connections" between processes and instances; it has no channel, so no socket sees it. */
const TERMINATE_EVENT = "launchpad_internal:terminate_connections";

export const terminateEvent = (userId: string): PublishedEvent => ({ channels: [], event: TERMINATE_EVENT, data: JSON.stringify(userId) });

/** The user a terminate event names, or null for any other event. */
export function terminatedUser(event: PublishedEvent): string | null {
  if (event.event !== TERMINATE_EVENT || event.channels.length) return null;
  try {
    const userId: unknown = JSON.parse(event.data);
    return typeof userId === "string" && userId !== "" ? userId : null;
  } catch {
    return null;
  }
}

/**
 * A user id as the signed user_data names it: `{"id": "<text>", ...}`, the id a non-empty string (pusher-js
 * refuses any other after signin_success). Null when user_data says no such thing.
 */
export function signedInUserId(userData: string): string | null {
  try {
    const value = JSON.parse(userData) as { id?: unknown } | null;
    return typeof value?.id === "string" && value.id !== "" && value.id.length <= 200 ? value.id : null;
  } catch {
    return null;
  }
}

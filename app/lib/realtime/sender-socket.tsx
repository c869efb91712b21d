import { useEffect, useState } from "react";
import { SOCKET_ID, SOCKET_ID_FIELD } from "#schemas/realtime";
import { useRealtime } from "./realtime";

/*
 * A form whose action's change this tab hears of on a channel names the tab's socket, so the API leaves
 * that socket out (`X-Socket-ID`): the action's own answer, and the loaders React Router runs after it,
 * already show the change, and hearing of it again would load the page a second time. Without
 * JavaScript, or while the socket is down, the field is empty and nothing is left out.
 */

/** This tab's socket id while it is connected, else null. */
export function useSocketId(): string | null {
  const realtime = useRealtime();
  const [socketId, setSocketId] = useState<string | null>(null);
  useEffect(() => {
    if (!realtime) return;
    const connection = realtime.echo.connector.pusher.connection;
    const update = () => setSocketId(connection.state === "connected" ? (connection.socket_id ?? null) : null);
    update();
    connection.bind("state_change", update);
    return () => {
      connection.unbind("state_change", update);
      setSocketId(null);
    };
  }, [realtime]);
  return socketId;
}

/** The hidden field that carries the tab's socket in a form. */
export function SenderSocketField({ socketId }: { socketId: string | null }) {
  return <input type="hidden" name={SOCKET_ID_FIELD} value={socketId ?? ""} />;
}

/** The API header an action passes on for the socket its form named (none for an empty or malformed one). */
export function senderSocketHeader(form: FormData): Record<string, string> {
  const socketId = form.get(SOCKET_ID_FIELD);
  return typeof socketId === "string" && SOCKET_ID.test(socketId) ? { "X-Socket-ID": socketId } : {};
}

/** An event as the hub publishes it: data already JSON-encoded, as it travels on the socket. */
export interface PublishedEvent {
  channels: string[];
  event: string;
  data: string;
  /** The socket that caused it, which does not receive it (Pusher's socket_id exclusion). */
  socketId?: string;
  /** A client event on a presence channel: the sender's user id, as the protocol adds it. */
  userId?: string;
}

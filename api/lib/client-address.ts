/**
 * The caller's address, one rule for HTTP requests and realtime sockets alike: the socket's, or behind a
 * trusted proxy (TRUST_PROXY) the last X-Forwarded-For hop, the one that proxy added. Earlier hops are
 * whatever the client sent, and would let it pick its own address (escaping the login throttle and the
 * realtime caps, or aiming them at someone else) behind proxies that append.
 */
export function clientAddress(
  forwardedFor: string | null | undefined,
  socketAddress: string | undefined,
  trustProxy: boolean,
): string | undefined {
  if (trustProxy) {
    const forwarded = forwardedFor?.split(",").at(-1)?.trim();
    if (forwarded) return forwarded;
  }
  return socketAddress;
}

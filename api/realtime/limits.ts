/**
 * How much of this process's realtime server one address, and one socket, may hold: sockets per address,
 * subscriptions per socket and per address. Without them a single machine, logged in or not, could open
 * thousands of sockets or make a channel per subscription until the process ran out of memory. Counted
 * per process, as REALTIME_MAX_CONNECTIONS is: each cluster worker and each instance keeps its own.
 */
import { ERRORS, type ProtocolError } from "./protocol.ts";

export interface AddressLimitSettings {
  /** Sockets one address may hold open; one more is refused with 4100 (over capacity). */
  maxConnectionsPerAddress: number;
  /** Channels one socket may be subscribed to; one more is refused with a subscription_error. */
  maxSubscriptionsPerConnection: number;
  /** Subscriptions all the sockets of one address may hold together. */
  maxSubscriptionsPerAddress: number;
}

export const DEFAULT_ADDRESS_LIMITS: AddressLimitSettings = {
  maxConnectionsPerAddress: 100,
  maxSubscriptionsPerConnection: 100,
  maxSubscriptionsPerAddress: 1_000,
};

/** The pusher:subscription_error a refused subscription gets (status 429: pusher-js passes it to the channel's error handlers). */
export interface SubscriptionRefusal {
  type: "LimitReached";
  error: string;
  status: 429;
}

interface AddressUsage {
  connections: number;
  subscriptions: number;
}

/** One socket's share of its address: what it holds, given back when it unsubscribes or goes. */
export interface SocketQuota {
  /** Takes one subscription for a channel the socket is not in yet, or says why not. */
  takeSubscription(): SubscriptionRefusal | null;
  releaseSubscription(): void;
  /** The socket is gone: its connection and whatever subscriptions it still held are given back. */
  release(): void;
}

export class AddressLimits {
  /** Only addresses that hold something: an address is forgotten with its last socket. */
  private readonly usage = new Map<string, AddressUsage>();

  constructor(private readonly settings: AddressLimitSettings) {}

  /** Addresses holding at least one socket (what the tests watch return to nothing). */
  get addressCount(): number {
    return this.usage.size;
  }

  /** Opens a socket for `address`, or answers the refusal to close it with. */
  admit(address: string): SocketQuota | ProtocolError {
    const usage = this.usage.get(address) ?? { connections: 0, subscriptions: 0 };
    if (usage.connections >= this.settings.maxConnectionsPerAddress) return ERRORS.overCapacity;
    usage.connections += 1;
    this.usage.set(address, usage);
    let held = 0;
    let released = false;
    const { maxSubscriptionsPerConnection, maxSubscriptionsPerAddress } = this.settings;
    const limitReached = (error: string): SubscriptionRefusal => ({ type: "LimitReached", error, status: 429 });
    return {
      takeSubscription: () => {
        if (released) return limitReached("The connection is closed");
        if (held >= maxSubscriptionsPerConnection)
          return limitReached(`At most ${maxSubscriptionsPerConnection} subscriptions per connection`);
        if (usage.subscriptions >= maxSubscriptionsPerAddress)
          return limitReached(`At most ${maxSubscriptionsPerAddress} subscriptions per address`);
        held += 1;
        usage.subscriptions += 1;
        return null;
      },
      releaseSubscription: () => {
        if (released || held === 0) return;
        held -= 1;
        usage.subscriptions -= 1;
      },
      release: () => {
        if (released) return;
        released = true;
        usage.subscriptions -= held;
        held = 0;
        if (--usage.connections === 0) this.usage.delete(address);
      },
    };
  }
}

export const isRefusal = (value: SocketQuota | ProtocolError): value is ProtocolError => "code" in value;

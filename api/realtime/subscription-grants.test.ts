/** The per-process record of subscriptions and their logins (revocation.ts), with sockets and checks of its own. */
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Grant } from "./grants.ts";
import type { ProtocolError } from "./protocol.ts";
import {
  SubscriptionGrants,
  recheckEvent,
  recheckedUsers,
  type GrantCheck,
  type GrantVerdict,
  type RevocableSocket,
} from "./revocation.ts";

class FakeSocket implements RevocableSocket {
  readonly frames: { event: string; channel?: string; data: unknown }[] = [];
  readonly left: string[] = [];
  closedWith: number | null = null;
  constructor(
    readonly socketId: string,
    private readonly grants: () => SubscriptionGrants,
    readonly channels = new Set<string>(),
  ) {}
  subscriptionError(channel: string, type: string, error: string, status: number) {
    this.frames.push({ event: "pusher:subscription_error", channel, data: { type, error, status } });
  }
  fail(error: ProtocolError) {
    this.frames.push({ event: "pusher:error", data: { code: error.code, message: error.message } });
    this.closedWith = error.code;
  }
  unsubscribe(channel: string) {
    this.channels.delete(channel);
    this.left.push(channel);
    this.grants().untrack(this, channel);
  }
  closed() {
    for (const channel of [...this.channels]) this.unsubscribe(channel);
  }
}

const login = (userId: number, credential = `s${String(userId).padStart(32, "0")}`, expiresAt: number | null = null): Grant => ({
  userId,
  credential,
  issuedAt: Date.now(),
  expiresAt,
});
const alive = (allowed: string[], expiresAt: number | null = null): GrantVerdict => ({ alive: true, allowed: new Set(allowed), expiresAt });
const dead: GrantVerdict = { alive: false, allowed: new Set(), expiresAt: null };

function setUp(check: GrantCheck) {
  const grants = new SubscriptionGrants(check, () => {});
  const socket = (id: string) => new FakeSocket(id, () => grants);
  const subscribe = (s: FakeSocket, channel: string, grant: Grant | null) => {
    s.channels.add(channel);
    grants.track(s, channel, grant);
  };
  return { grants, socket, subscribe };
}

afterEach(() => vi.useRealTimers());

describe("SubscriptionGrants", () => {
  it(
    "a login that is over: a socket holding only its subscriptions is closed with 4009; " +
      "one with another login's too loses only that login's channels (401)",
    async () => {
      const check = vi.fn<GrantCheck>(async (asked) => (asked.userId === 1 ? dead : alive(["private-chat.9"])));
      const { grants, socket, subscribe } = setUp(check);
      const [only, mixed] = [socket("1.1"), socket("1.2")];
      subscribe(only, "presence-chat.1", login(1));
      subscribe(only, "startup.3", null);
      subscribe(mixed, "private-chat.9", login(1));
      subscribe(mixed, "private-chat.9b", login(2));
      grants.recheck([1]);
      await vi.waitFor(() => expect(only.closedWith).toBe(4009));
      expect(only.frames).toEqual([{ event: "pusher:error", data: { code: 4009, message: "Connection is unauthorized" } }]);
      expect(only.left.sort()).toEqual(["presence-chat.1", "startup.3"]);
      await vi.waitFor(() => expect(mixed.left).toEqual(["private-chat.9"]));
      expect(mixed.closedWith).toBeNull();
      expect(mixed.frames).toEqual([
        {
          event: "pusher:subscription_error",
          channel: "private-chat.9",
          data: expect.objectContaining({ type: "AuthError", status: 401 }),
        },
      ]);
      expect(check).toHaveBeenCalledTimes(1);
      expect(grants.loginCount).toBe(1);
    },
  );

  it("a rule that no longer admits the user ends that subscription alone (403)", async () => {
    const { grants, socket, subscribe } = setUp(async () => alive(["presence-chat.1"]));
    const s = socket("2.1");
    subscribe(s, "presence-chat.1", login(3));
    subscribe(s, "private-event-form.4", login(3));
    grants.recheck([3]);
    await vi.waitFor(() => expect(s.left).toEqual(["private-event-form.4"]));
    expect(s.frames).toEqual([
      { event: "pusher:subscription_error", channel: "private-event-form.4", data: expect.objectContaining({ status: 403 }) },
    ]);
    expect(s.closedWith).toBeNull();
  });

  it("a subscription arriving soon after its user was rechecked is checked itself; others are not", async () => {
    const check = vi.fn<GrantCheck>(async () => alive([]));
    const { grants, socket, subscribe } = setUp(check);
    grants.recheck([5]);
    const late = socket("3.1");
    subscribe(late, "private-App.Models.User.5", login(5));
    await vi.waitFor(() => expect(late.left).toEqual(["private-App.Models.User.5"]));
    const other = socket("3.2");
    subscribe(other, "private-App.Models.User.6", login(6));
    expect(check).toHaveBeenCalledTimes(1);
  });

  it("a session is looked at when its grant says it may go idle, followed while it is used, and ended once idle", async () => {
    vi.useFakeTimers();
    const expiries = [Date.now() + 60_000];
    const check = vi.fn<GrantCheck>(async () => (expiries.length ? alive(["presence-chat.1"], expiries.shift()!) : dead));
    const { socket, subscribe } = setUp(check);
    const s = socket("4.1");
    subscribe(s, "presence-chat.1", login(7, undefined, Date.now() + 1_000));
    await vi.advanceTimersByTimeAsync(999);
    expect(check).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(100);
    expect(check).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(58_000);
    expect(s.closedWith).toBeNull();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(check).toHaveBeenCalledTimes(2);
    expect(s.closedWith).toBe(4009);
  });

  it("a failed check keeps the subscriptions and is tried again", async () => {
    vi.useFakeTimers();
    const check = vi.fn<GrantCheck>().mockRejectedValueOnce(new Error("database away")).mockResolvedValue(dead);
    const { grants, socket, subscribe } = setUp(check);
    const s = socket("5.1");
    subscribe(s, "presence-chat.1", login(8));
    grants.recheck([8]);
    await vi.advanceTimersByTimeAsync(0);
    expect(s.closedWith).toBeNull();
    await vi.advanceTimersByTimeAsync(5_100);
    expect(check).toHaveBeenCalledTimes(2);
    expect(s.closedWith).toBe(4009);
  });

  it("the recheck event carries user ids and nothing a socket would receive", () => {
    const event = recheckEvent([1, 2]);
    expect(event.channels).toEqual([]);
    expect(recheckedUsers(event)).toEqual([1, 2]);
    expect(recheckedUsers({ ...event, channels: ["presence-chat.1"] })).toBeNull();
    expect(recheckedUsers({ channels: [], event: "App.Events.X", data: "[1]" })).toBeNull();
  });
});

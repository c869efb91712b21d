import { createContext, useContext, useEffect, useEffectEvent, useRef, useState, type ReactNode } from "react";
import { useNavigate, useNavigation, useRevalidator } from "react-router";
import { echoEventName, type RealtimeEvent, type RealtimePayloads } from "#schemas/realtime";
import { SESSION_EXPIRED } from "../flash";
import { loginUrl } from "../safe-redirect";
import { showToast } from "~/components/feedback/toaster";
import type { RealtimePublicConfig } from "../request-env";
import type { EchoClient } from "./echo.client";
import { channelKind } from "./options";

/**
 * The panel's live updates: one Echo client per logged-in tab, made by <RealtimeProvider> in the admin
 * layout (so never on /login, and gone on logout: leaving the layout disconnects it). Screens use
 * `useChannel`, `useWhisper` and (presence.ts) `usePresence` with full pusher channel names, as schemas/realtime.ts builds them.
 */

export type EchoChannel = ReturnType<EchoClient["private"]> | ReturnType<EchoClient["channel"]> | ReturnType<EchoClient["join"]>;

interface Realtime {
  echo: EchoClient;
  /** Subscribes (or shares a subscription) and returns the channel; pair with `release`. */
  acquire(name: string): EchoChannel;
  release(name: string): void;
}

const RealtimeContext = createContext<Realtime | null>(null);

/** The close code the realtime server ends a socket with when the login behind it is over, or the app ended its user's connections. */
const LOGIN_ENDED_CLOSE_CODE = 4009;

function registry(echo: EchoClient): Realtime {
  // Several components may listen on one channel; it is left when the last of them unmounts.
  const counts = new Map<string, number>();
  return {
    echo,
    acquire(name) {
      counts.set(name, (counts.get(name) ?? 0) + 1);
      const { kind, echoName } = channelKind(name);
      return kind === "presence" ? echo.join(echoName) : kind === "private" ? echo.private(echoName) : echo.channel(echoName);
    },
    release(name) {
      const left = (counts.get(name) ?? 1) - 1;
      if (left > 0) return void counts.set(name, left);
      counts.delete(name);
      echo.leaveChannel(name);
    },
  };
}

/**
 * Connects after hydration with the public configuration from the layout's loader (no API call of its
 * own). pusher-js reconnects with backoff by itself; when it is back after a drop, the page's loaders run
 * again (revalidate), so whatever was published meanwhile is on screen: nothing is lost.
 */
export function RealtimeProvider({
  config,
  xsrfCookie,
  children,
}: {
  config: RealtimePublicConfig | null;
  xsrfCookie: string;
  children: ReactNode;
}) {
  const [realtime, setRealtime] = useState<Realtime | null>(null);
  const revalidator = useRevalidator();
  const navigationIdle = useNavigation().state === "idle";
  // A navigation under way loads the next page's data itself, and finds an ended login itself (its loaders
  // send to the login page): neither catching up nor the expiry below may overtake it (a logout's own
  // redirect, say, with a "come back to /account" login).
  const catchUp = useEffectEvent(() => {
    if (revalidator.state === "idle" && navigationIdle) void revalidator.revalidate();
  });
  const navigate = useNavigate();
  const sessionExpired = useEffectEvent(() => {
    if (!navigationIdle) return;
    showToast({ type: "error", message: SESSION_EXPIRED });
    void navigate(loginUrl(window.location), { replace: true });
  });
  const configKey = config ? JSON.stringify(config) : null;

  // The server closes a socket whose login is over (logged out elsewhere, password changed, deactivated)
  // with 4009, and pusher-js then stays disconnected. An external Pusher-compatible server closes every
  // socket signed in as a user whose right to listen changed (terminate_connections), with the same code,
  // whether or not this tab's session lives on. Connecting again once no navigation of this tab is under
  // way signs in and authorises each channel anew: a live session gets back what it may still hear, an
  // ended one a 401 (the session expired) — unless the tab itself was logging out, which leaves the layout first.
  const echoRef = useRef<EchoClient | null>(null);
  const [loginCheckDue, setLoginCheckDue] = useState(false);
  useEffect(() => {
    if (!loginCheckDue || !navigationIdle) return;
    setLoginCheckDue(false);
    echoRef.current?.connector.pusher.connect();
  }, [loginCheckDue, navigationIdle]);

  useEffect(() => {
    if (!configKey) return;
    let echo: EchoClient | null = null;
    let closed = false;
    void import("./echo.client").then(({ createEcho }) => {
      if (closed) return;
      echo = createEcho(JSON.parse(configKey) as RealtimePublicConfig, xsrfCookie, () => {
        // Not after leaving the layout: a logout's own answer may overtake a channel authorisation.
        if (!closed) sessionExpired();
      });
      echoRef.current = echo;
      let wasConnected = false;
      let loginEnded = false;
      echo.connector.pusher.connection.bind("error", (event: { error?: { data?: { code?: number } } }) => {
        if (event?.error?.data?.code === LOGIN_ENDED_CLOSE_CODE) loginEnded = true;
      });
      echo.connector.pusher.connection.bind("state_change", ({ current }: { previous: string; current: string }) => {
        if (current === "disconnected" && loginEnded && !closed) {
          loginEnded = false;
          setLoginCheckDue(true);
        }
        if (current !== "connected") return;
        if (wasConnected) catchUp();
        wasConnected = true;
      });
      setRealtime(registry(echo));
    });
    return () => {
      closed = true;
      echoRef.current = null;
      echo?.disconnect();
      setRealtime(null);
    };
  }, [configKey, xsrfCookie]);

  return <RealtimeContext.Provider value={realtime}>{children}</RealtimeContext.Provider>;
}

/** The connected client, or null before it is loaded (SSR, first paint, realtime off). */
export function useRealtime(): Realtime | null {
  return useContext(RealtimeContext);
}

/** pusher-js's own channel under an Echo channel: its subscription state and raw events. */
export interface PusherSubscription {
  subscribed: boolean;
  bind(event: string, callback: () => void): void;
  unbind(event: string, callback: () => void): void;
}

/**
 * Calls `handler` with each `event` on the channel while the component is mounted.
 * `name` null listens to nothing (a screen that does not know its channel yet). `onSubscribed` runs once
 * the server has accepted the subscription (also after a reconnect): the moment to fetch anything
 * published between the page's load and now.
 */
export function useChannel<Event extends RealtimeEvent>(
  name: string | null,
  event: Event,
  handler: (data: RealtimePayloads[Event]) => void,
  options: { onSubscribed?: () => void } = {},
) {
  const realtime = useRealtime();
  const onEvent = useEffectEvent((data: RealtimePayloads[Event]) => handler(data));
  const subscribed = useEffectEvent(() => options.onSubscribed?.());
  useEffect(() => {
    if (!realtime || !name) return;
    const channel = realtime.acquire(name);
    const listener = (data: RealtimePayloads[Event]) => onEvent(data);
    const pusherEvent = echoEventName(event);
    channel.listen(pusherEvent, listener);
    const subscription = (channel as unknown as { subscription: PusherSubscription }).subscription;
    const onSucceeded = () => subscribed();
    subscription.bind("pusher:subscription_succeeded", onSucceeded);
    if (subscription.subscribed) queueMicrotask(onSucceeded);
    return () => {
      subscription.unbind("pusher:subscription_succeeded", onSucceeded);
      channel.stopListening(pusherEvent, listener);
      realtime.release(name);
    };
  }, [realtime, name, event]);
}

/** A client event (`client-<event>`) sent by another browser on a private or presence channel. */
export function useWhisper<T = unknown>(name: string | null, event: string, handler: (data: T) => void) {
  const realtime = useRealtime();
  const onWhisper = useEffectEvent((data: T) => handler(data));
  useEffect(() => {
    if (!realtime || !name) return;
    const channel = realtime.acquire(name);
    const listener = (data: T) => onWhisper(data);
    channel.listenForWhisper(event, listener);
    return () => {
      channel.stopListeningForWhisper(event, listener);
      realtime.release(name);
    };
  }, [realtime, name, event]);
}

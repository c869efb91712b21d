import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { EchoClient } from "./echo.client";
import { useRealtime, type EchoChannel, type PusherSubscription } from "./realtime";

type PresenceEchoChannel = ReturnType<EchoClient["join"]>;

/** Presence channels: who is in them (pusher-js's member list), and whispers to the others there. */

export interface PresenceMember<Info = { name: string }> {
  id: string;
  info: Info;
}

interface PusherMembers<Info> {
  each(callback: (member: PresenceMember<Info>) => void): void;
}
interface PusherPresence<Info> extends PusherSubscription {
  members: PusherMembers<Info>;
}

const MEMBER_EVENTS = ["pusher:subscription_succeeded", "pusher:member_added", "pusher:member_removed"];

function membersOf<Info>(members: PusherMembers<Info>): PresenceMember<Info>[] {
  const list: PresenceMember<Info>[] = [];
  members.each((member) => list.push({ id: String(member.id), info: member.info }));
  return list;
}

/**
 * Joins a presence channel and keeps its member list; `whisper` sends a client event
 * to the other members (Echo's whisper: `client-<event>`). Members are read from pusher-js itself, which
 * knows each member's id (Echo's here/joining/leaving pass only the info).
 */
export function usePresence<Info = { name: string }>(name: string | null) {
  const names = useMemo(() => (name ? [name] : []), [name]);
  const channels = useRef(new Map<string, EchoChannel>());
  const members = usePresences<Info>(names, channels.current).get(name ?? "") ?? [];
  const whisper = useCallback(
    (event: string, data: Record<string, unknown>) => {
      const channel = name ? channels.current.get(name) : undefined;
      if (channel && "whisper" in channel) (channel as PresenceEchoChannel).whisper(event, data);
    },
    [name],
  );
  return { members, whisper };
}

/**
 * Joins every presence channel of `names` and keeps each one's member list. When the list changes, only
 * the channels added are joined and only those dropped are left, so the others keep their subscription.
 * `joined`, when given, holds the Echo channel of each name while it is joined.
 */
export function usePresences<Info = { name: string }>(
  names: readonly string[],
  joined?: Map<string, EchoChannel>,
): ReadonlyMap<string, PresenceMember<Info>[]> {
  const realtime = useRealtime();
  const [members, setMembers] = useState<ReadonlyMap<string, PresenceMember<Info>[]>>(() => new Map());
  const held = useRef(new Map<string, () => void>());
  const key = names.join("\n");
  useEffect(() => {
    if (!realtime) return;
    const join = (name: string) => {
      const channel = realtime.acquire(name);
      joined?.set(name, channel);
      const subscription = (channel as unknown as { subscription: PusherPresence<Info> }).subscription;
      const refresh = () => setMembers((current) => new Map(current).set(name, membersOf(subscription.members)));
      for (const event of MEMBER_EVENTS) subscription.bind(event, refresh);
      // Another component may have joined first: its member list is already there.
      if (subscription.subscribed) queueMicrotask(refresh);
      return () => {
        for (const event of MEMBER_EVENTS) subscription.unbind(event, refresh);
        joined?.delete(name);
        realtime.release(name);
        setMembers((current) => new Map([...current].filter(([kept]) => kept !== name)));
      };
    };
    const wanted = new Set(key ? key.split("\n") : []);
    for (const name of wanted) if (!held.current.has(name)) held.current.set(name, join(name));
    for (const [name, leave] of held.current)
      if (!wanted.has(name)) {
        leave();
        held.current.delete(name);
      }
  }, [realtime, key, joined]);
  // Everything is left on unmount, or when the client is replaced (the effect above joins anew then).
  useEffect(() => {
    const holding = held.current;
    return () => {
      for (const leave of holding.values()) leave();
      holding.clear();
    };
  }, [realtime]);
  return members;
}

/**
 * Many people at once, straight into the database in a few statements (no registration, no password
 * hashing): users with a bearer token each, and one-to-one conversations between them with the activity
 * times a test wants, so "the most recent conversations" are known in advance.
 */
import { apiTokens, users } from "../db/schema.ts";
import { conversationParticipants, conversations } from "../db/realtime-schema.ts";
import type { Api } from "../app.ts";
import type { Db } from "../db/client.ts";
import { randomToken, sha256 } from "../lib/tokens.ts";
import { TestClient } from "./harness.ts";

export interface CrowdMember {
  id: number;
  name: string;
  /** A bearer token of every ability, as POST /sanctum/token gives. */
  token: string;
}

let crowds = 0;

export async function crowd(db: Db, count: number): Promise<CrowdMember[]> {
  const run = `${Date.now().toString(36)}-${++crowds}`;
  const people = Array.from({ length: count }, (_, i) => ({ name: `Crowd ${i}`, email: `crowd.${run}.${i}@example.com` }));
  const rows = await db
    .insert(users)
    .values(people.map((person) => ({ ...person, passwordHash: "not-used" })))
    .returning({ id: users.id, name: users.name });
  const tokens = rows.map(() => randomToken());
  await db.insert(apiTokens).values(rows.map((row, i) => ({ userId: row.id, name: "crowd", tokenHash: sha256(tokens[i]) })));
  return rows.map((row, i) => ({ ...row, token: tokens[i] }));
}

/** A client of `api` calling as the member, with their bearer token. */
export function callingAs(api: Pick<Api, "fetch">, member: CrowdMember): TestClient {
  const client = new TestClient(api, "203.0.113.7");
  client.bearer = member.token;
  return client;
}

/** A conversation between two people, last active at `at` for both. */
export interface Pairing {
  between: [number, number];
  at: Date;
}

/** Writes the conversations; their ids, in the order given. */
export async function converse(db: Db, pairings: readonly Pairing[]): Promise<number[]> {
  const rows = await db
    .insert(conversations)
    .values(pairings.map(({ between: [a, b], at }) => ({ pairKey: `${Math.min(a, b)}:${Math.max(a, b)}`, updatedAt: at })))
    .returning({ id: conversations.id });
  await db
    .insert(conversationParticipants)
    .values(pairings.flatMap(({ between, at }, i) => between.map((userId) => ({ conversationId: rows[i].id, userId, activityAt: at }))));
  return rows.map((row) => row.id);
}

/**
 * Each member in turn through `step`, `size` at a time: a crowd that all connects at once would ask the
 * test server for hundreds of channel authorisations together, more than a busy machine's listen queue
 * takes (pusher-js then sees status 0), which is no part of what the tests measure.
 */
export async function inWaves<T>(members: readonly CrowdMember[], size: number, step: (member: CrowdMember) => Promise<T>): Promise<T[]> {
  const done: T[] = [];
  for (let start = 0; start < members.length; start += size)
    done.push(...(await Promise.all(members.slice(start, start + size).map(step))));
  return done;
}

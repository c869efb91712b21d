/**
 * bench:realtime's chat figure: CHAT_RATE messages/s offered for BENCH_CHAT_SECONDS across
 * 100 conversations, posted through POST /api/v1/admin/conversations/{id}/messages, with live subscribers:
 * both participants of every conversation connected with pusher-js (as the panel is), authorised through
 * /broadcasting/auth, subscribed to the conversation's channel and to their own user channel. The two
 * take turns sending, as people in a chat do (one message per user per second: under the 30 per 10 s limit).
 *
 * Open loop: message n leaves at start + n / rate whatever the answers before it took, so a server that
 * cannot keep up shows as growing latency and a lower achieved rate, not as a slower sender. Counted:
 * every MessageSent frame at every subscriber (each accepted message must reach both participants exactly
 * once: lost and duplicated), POST sent → MessageSent at the other participant (p50/p99), and the answers.
 */
import http from "node:http";
import { performance } from "node:perf_hooks";
import PusherJs, { type Channel } from "pusher-js";
import { openDatabase } from "#api/db/client.ts";
import { conversationParticipants, conversations } from "#api/db/realtime-schema.ts";
import { users } from "#api/db/schema.ts";
import { ensureAccessModel } from "#api/modules/access/service.ts";
import { createApiToken } from "#api/modules/auth/sessions.ts";
import type { MessageSentPayload } from "#schemas/realtime.ts";
import { app, log, ms, percentile, positive, threadCpu } from "./realtime-socket.ts";

export const CONVERSATIONS = 100;
const CHAT_RATE = positive(process.env.BENCH_CHAT_RATE, 200);
const CHAT_SECONDS = positive(process.env.BENCH_CHAT_SECONDS, 30);
/** Sent before the measured run and not counted: the server's JIT and the statements' plans warm up. */
const WARMUP_MESSAGES = 200;
/** How long after the last answer a delivery may still arrive before it counts as lost. */
const GRACE_MS = 5_000;
const TARGET_P99_MS = 150;

interface Participant {
  userId: number;
  token: string;
}
export interface ChatPair {
  conversationId: number;
  people: [Participant, Participant];
}

/** 200 users in 100 pairs, each pair a conversation, each user a bearer token: straight into the database. */
export async function prepareChat(where: { dataDir?: string; databaseUrl?: string }): Promise<ChatPair[]> {
  const database = await openDatabase(where);
  try {
    await database.migrate();
    await ensureAccessModel(database.db);
    const rows = await database.db
      .insert(users)
      .values(
        Array.from({ length: CONVERSATIONS * 2 }, (_, i) => ({
          name: `Bench User ${i}`,
          email: `bench.${i}@example.com`,
          passwordHash: "not-used",
        })),
      )
      .returning({ id: users.id });
    const pairs: ChatPair[] = [];
    for (let i = 0; i < CONVERSATIONS; i++) {
      const [a, b] = [rows[2 * i].id, rows[2 * i + 1].id];
      const [conversation] = await database.db
        .insert(conversations)
        .values({ pairKey: `${a}:${b}` })
        .returning({ id: conversations.id });
      await database.db.insert(conversationParticipants).values([a, b].map((userId) => ({ conversationId: conversation.id, userId })));
      const person = async (userId: number) => ({ userId, token: await createApiToken(database.db, userId, "bench") });
      pairs.push({ conversationId: conversation.id, people: [await person(a), await person(b)] });
    }
    return pairs;
  } finally {
    await database.close();
  }
}

/** A pusher-js client of one user, subscribed to the conversation's channel and their own. */
async function liveClient(
  baseUrl: string,
  pair: ChatPair,
  person: Participant,
  onMessage: (messageId: number, at: number) => void,
): Promise<PusherJs> {
  const { port } = new URL(baseUrl);
  const client = new PusherJs(app.key, {
    cluster: "bench",
    wsHost: "127.0.0.1",
    wsPort: Number(port),
    forceTLS: false,
    enabledTransports: ["ws"],
    disableStats: true,
    channelAuthorization: {
      endpoint: `${baseUrl}/broadcasting/auth`,
      transport: "ajax",
      headers: { Authorization: `Bearer ${person.token}` },
    },
  });
  const subscribed = (name: string) =>
    new Promise<Channel>((resolve, reject) => {
      const channel = client.subscribe(name);
      channel.bind("pusher:subscription_succeeded", () => resolve(channel));
      channel.bind("pusher:subscription_error", (error: unknown) =>
        reject(new Error(`bench: subscribing to ${name} failed: ${JSON.stringify(error)}`)),
      );
    });
  const [chat] = await Promise.all([
    subscribed(`private-chat.${pair.conversationId}`),
    subscribed(`private-App.Models.User.${person.userId}`),
  ]);
  chat.bind("App.Events.MessageSent", (data: MessageSentPayload) => onMessage(data.message_id, performance.now()));
  return client;
}

/**
 * A POST through a keep-alive pool (node:http: fetch's own cost in this process would slow the clients): its
 * status, and the message's id from a 201.
 */
function post(agent: http.Agent, url: string, token: string, body: string): Promise<{ status: number | string; id?: number }> {
  return new Promise((resolve) => {
    const request = http.request(
      url,
      {
        method: "POST",
        agent,
        headers: {
          Authorization: `Bearer ${token}`,
          "Content-Type": "application/json",
          Accept: "application/json",
          "Content-Length": Buffer.byteLength(body),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => {
          const status = response.statusCode ?? 0;
          resolve(
            status === 201
              ? { status, id: (JSON.parse(Buffer.concat(chunks).toString()) as { data: { id: number } }).data.id }
              : { status },
          );
        });
        response.on("error", (error) => resolve({ status: `error ${error.message}` }));
      },
    );
    request.on("error", (error: NodeJS.ErrnoException) => resolve({ status: `error ${error.code ?? error.message}` }));
    request.end(body);
  });
}

export async function chat(baseUrl: string, pairs: ChatPair[], serverPid?: number) {
  const total = CHAT_RATE * CHAT_SECONDS;
  const sentAt = new Map<number, number>();
  /** Per message, the MessageSent frames each participant got: [first, second]. */
  const received = new Map<number, [number, number]>();
  const latencies: number[] = [];
  const clients: PusherJs[] = [];
  // Warm-up messages are numbered below zero: the same turns by absolute number.
  const pairOf = (seq: number) => pairs[Math.abs(seq) % pairs.length];
  const senderOf = (seq: number) => Math.floor(Math.abs(seq) / pairs.length) % 2;
  const count = (seq: number, side: 0 | 1, at: number) => {
    const counts = received.get(seq) ?? [0, 0];
    counts[side]++;
    received.set(seq, counts);
    // Latency is the other participant's: the sender's own copy is only counted.
    if (counts[side] === 1 && side !== senderOf(seq) && sentAt.has(seq)) latencies.push(at - sentAt.get(seq)!);
  };
  // Events name the message by id, which its POST's answer tells: one may arrive before that answer.
  const seqOfMessage = new Map<number, number>();
  const early = new Map<number, { side: 0 | 1; at: number }[]>();
  const identified = (seq: number, messageId: number) => {
    seqOfMessage.set(messageId, seq);
    for (const arrival of early.get(messageId) ?? []) count(seq, arrival.side, arrival.at);
    early.delete(messageId);
  };
  for (const pair of pairs) {
    for (const side of [0, 1] as const) {
      const onMessage = (messageId: number, at: number) => {
        const seq = seqOfMessage.get(messageId);
        if (seq === undefined) early.set(messageId, [...(early.get(messageId) ?? []), { side, at }]);
        else count(seq, side, at);
      };
      clients.push(await liveClient(baseUrl, pair, pair.people[side], onMessage));
    }
  }
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const send = (seq: number) => {
    const pair = pairOf(seq);
    return post(
      agent,
      `${baseUrl}/api/v1/admin/conversations/${pair.conversationId}/messages`,
      pair.people[senderOf(seq)].token,
      JSON.stringify({ body: `bench ${seq}` }),
    ).then((answer) => {
      if (answer.id !== undefined) identified(seq, answer.id);
      return answer.status;
    });
  };
  // Warm-up, one message per conversation at a time, numbered below the measured ones.
  for (let i = 0; i < WARMUP_MESSAGES; i += pairs.length) await Promise.all(pairs.map((_, j) => send(-1 - i - j)));

  log(
    `chat: ${pairs.length} conversations, ${clients.length} pusher-js subscribers (conversation + own channel each); ` +
      `offering ${CHAT_RATE}/s for ${CHAT_SECONDS} s…`,
  );
  const statuses = new Map<number | string, number>();
  const accepted = new Set<number>();
  const answerTimes: number[] = [];
  let maxLag = 0;
  const posts: Promise<void>[] = [];
  const serverBefore = serverPid ? threadCpu(serverPid) : new Map<number, number>();
  const clientBefore = process.cpuUsage();
  const start = performance.now();
  for (let seq = 0; seq < total; seq++) {
    const due = start + (seq * 1000) / CHAT_RATE;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    const at = performance.now();
    maxLag = Math.max(maxLag, at - due);
    sentAt.set(seq, at);
    posts.push(
      send(seq).then((status) => {
        answerTimes.push(performance.now() - at);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        if (status === 201) accepted.add(seq);
      }),
    );
  }
  const sending = (performance.now() - start) / 1000;
  await Promise.all(posts);
  const answered = (performance.now() - start) / 1000;
  const delivered = (seq: number) => {
    const counts = received.get(seq);
    return counts !== undefined && counts[0] > 0 && counts[1] > 0;
  };
  const deadline = performance.now() + GRACE_MS;
  while ([...accepted].some((seq) => !delivered(seq)) && performance.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 100));
  const serverAfter = serverPid ? threadCpu(serverPid) : new Map<number, number>();
  const clientCpu = process.cpuUsage(clientBefore);
  for (const client of clients) client.disconnect();
  agent.destroy();

  let lost = 0;
  let duplicated = 0;
  for (const seq of accepted) {
    const counts = received.get(seq) ?? [0, 0];
    lost += counts.filter((n) => n === 0).length;
    duplicated += counts.filter((n) => n > 1).length;
  }
  latencies.sort((a, b) => a - b);
  answerTimes.sort((a, b) => a - b);
  const p99 = percentile(latencies, 99);
  const achieved = accepted.size / answered;
  const sustained = accepted.size === total && answered - sending < 1;
  const met = sustained && lost === 0 && duplicated === 0 && p99 <= TARGET_P99_MS;
  log(
    `chat: offered ${total} in ${sending.toFixed(1)} s (${(total / sending).toFixed(0)}/s, ` +
      `sender at most ${ms(maxLag)} behind schedule); answers ${JSON.stringify(Object.fromEntries(statuses))}`,
  );
  log(
    `chat: achieved ${achieved.toFixed(0)} accepted/s (${accepted.size} accepted, ` +
      `the last answer ${(answered - sending).toFixed(1)} s after the last send): ` +
      `${sustained ? "the offered rate was sustained" : "the offered rate was NOT sustained"}`,
  );
  log(`chat: POST answered in p50 ${ms(percentile(answerTimes, 50))}, p99 ${ms(percentile(answerTimes, 99))}`);
  log(
    `chat: ${lost} lost, ${duplicated} duplicated (of ${accepted.size * 2} deliveries owed to the 2 participants); ` +
      `POST → delivery at the other participant p50 ${ms(percentile(latencies, 50))}, p99 ${ms(p99)}, max ${ms(latencies.at(-1) ?? NaN)}`,
  );
  const perMessage = (cpuMs: number) => `${(cpuMs / Math.max(1, accepted.size)).toFixed(2)} ms`;
  const threads = [...serverAfter].map(([tid, cpu]) => ({ tid, cpu: cpu - (serverBefore.get(tid) ?? 0) })).sort((a, b) => b.cpu - a.cpu);
  const main = threads.find((t) => t.tid === serverPid)?.cpu ?? 0;
  const [busiest, ...rest] = threads.filter((t) => t.tid !== serverPid);
  if (threads.length) {
    log(
      `chat: CPU per accepted message: server main thread ${perMessage(main)}, ` +
        `its busiest other thread (the database's, on the embedded one) ${perMessage(busiest?.cpu ?? 0)}, ` +
        `its other threads ${perMessage(rest.reduce((sum, t) => sum + t.cpu, 0))}; ` +
        `these clients ${perMessage((clientCpu.user + clientCpu.system) / 1000)}`,
    );
  }
  log(`chat: target ${CHAT_RATE}/s sustained, 0 lost, 0 duplicated, p99 ≤ ${TARGET_P99_MS} ms: ${met ? "met" : "NOT met"}`);
}

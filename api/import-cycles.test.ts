/**
 * Who depends on whom in the API: no file may reach itself through its imports, and two modules
 * (api/modules/<name>/) may not import each other, but for the pairs listed below, which came before this
 * check. A module that has to learn of another's change reads a record the other hands over (as mail reads
 * a notification's NotificationMailInput), rather than both knowing each other.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { posix } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("..", import.meta.url));

/** Pairs of modules that import each other today, each with what ties them; a pair untied leaves the list. */
const KNOWN_MUTUAL_MODULES: Record<string, string> = {
  "coupons <-> event-forms": "a form a coupon points at is not deleted under it, and a coupon checks that the form is the caller's",
  "applications <-> billing": "an application shows its billing, and a payment or refund moves the waitlist",
  "applications <-> check-ins": "a ticket is its application's code, and whether it admits is the application's status",
  "applications <-> event-pages": "a form as applicants see it carries its public page's address, and the page shows that form",
  "applications <-> event-forms": "applications check who manages a form, and a deleted form takes its applications' documents",
  "account-links <-> auth": "mailed links end sessions, and registration and an email change send links",
  "event-forms <-> meetings": "a form's meeting is made and moved with the form, and is only the caller's form's",
  "event-forms <-> event-pages": "a form's answer carries its public page's address, and the page reads the form",
  "auth <-> broadcasting": "a login or logout rechecks the user's subscriptions, and a channel grant checks the session",
  "auth <-> two-factor": "the second step of a sign-in finishes the login",
  "auth <-> settings": "the signed-in user's answer carries their settings, and the settings routes need the caller",
};

const IMPORT = /(?:^|[\s;])(?:import|export)\s+(?:type\s+)?(?:[^'";]*?\sfrom\s+)?["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;

/** Each API source file (tests left out) with the API files it imports, type-only imports included. */
export function importGraph(): Map<string, Set<string>> {
  const files = execFileSync("git", ["ls-files", "api"], { cwd: root, encoding: "utf8" })
    .split("\n")
    .filter((file) => /\.(ts|tsx|mjs)$/.test(file) && !/\.test\.tsx?$/.test(file));
  const graph = new Map<string, Set<string>>();
  for (const file of files) {
    const targets = new Set<string>();
    for (const match of readFileSync(`${root}${file}`, "utf8").matchAll(IMPORT)) {
      const spec = match[1] ?? match[2];
      if (spec.startsWith(".")) targets.add(posix.normalize(posix.join(posix.dirname(file), spec)));
      else if (spec.startsWith("#api/")) targets.add(`api/${spec.slice("#api/".length)}`);
    }
    graph.set(file, targets);
  }
  return graph;
}

/** The groups of nodes that reach each other (Tarjan's strongly connected components), only those of two or more. */
export function cycles(graph: Map<string, Set<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (!graph.has(next)) continue;
      if (!index.has(next)) visit(next);
      if (stack.includes(next)) low.set(node, Math.min(low.get(node)!, low.get(next)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      group.push(member);
    } while (member !== node);
    if (group.length > 1) found.push(group.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

const moduleOf = (file: string) => /^api\/modules\/([^/]+)\//.exec(file)?.[1];

describe("the API's imports", () => {
  const graph = importGraph();

  it("form no cycle between files", () => {
    expect(graph.size).toBeGreaterThan(250);
    expect(cycles(graph)).toEqual([]);
  });

  it("leave no two modules importing each other but the known pairs", () => {
    const edges = new Set<string>();
    for (const [file, targets] of graph) {
      for (const target of targets) {
        const [from, to] = [moduleOf(file), moduleOf(target)];
        if (from && to && from !== to) edges.add(`${from} -> ${to}`);
      }
    }
    const mutual = [...edges]
      .map((edge) => edge.split(" -> "))
      .filter(([from, to]) => from < to && edges.has(`${to} -> ${from}`))
      .map(([from, to]) => `${from} <-> ${to}`);
    expect(mutual.sort()).toEqual(Object.keys(KNOWN_MUTUAL_MODULES).sort());
    expect(mutual).not.toContain("notification-mail <-> notifications");
  });

  it("let a change tell nobody itself: only the record's readers reach the notifications and their mail", () => {
    // What tells people of a change: its notification (with its mail and live update) and the event mails.
    const TELLING = [
      "api/modules/notifications/causes.ts",
      "api/modules/notifications/payment-causes.ts",
      "api/modules/notifications/announcement-cause.ts",
      "api/modules/notifications/comment-cause.ts",
      "api/modules/notifications/notify.ts",
    ];
    const telling = (target: string) =>
      TELLING.includes(target) || /^api\/modules\/notification-mail\/(event-mail|notification)\.ts$/.test(target);
    // Besides the two modules themselves and their readers: a chat message writes its notification in its own
    // statement (its row is the record of it); an edited form or a cancelled application keeps its queued mail
    // in step (a reminder is the form's content at a time); the event page offers the calendar file.
    const ALLOWED = new Set([
      "api/modules/conversations/send.ts",
      "api/modules/conversations/messages.ts",
      "api/modules/event-forms/service.ts",
      "api/modules/applications/waitlist.ts",
      "api/modules/applications/my-applications.ts",
      "api/modules/event-pages/routes.ts",
    ]);
    const callers = [...graph]
      .filter(([, targets]) => [...targets].some(telling))
      .map(([file]) => file)
      .filter((file) => !["notifications", "notification-mail"].includes(moduleOf(file) ?? "") && !ALLOWED.has(file));
    expect(callers).toEqual([]);
    expect(graph.get("api/lib/activity.ts")).toContain("api/modules/notifications/readers.ts");
  });

  it("finds a cycle however long, and none in a chain", () => {
    const graphOf = (edges: Record<string, string[]>) => new Map(Object.entries(edges).map(([node, next]) => [node, new Set(next)]));
    expect(cycles(graphOf({ a: ["b"], b: ["c"], c: ["a"], d: ["a"] }))).toEqual([["a", "b", "c"]]);
    expect(cycles(graphOf({ a: ["b"], b: ["c"], c: [] }))).toEqual([]);
  });
});

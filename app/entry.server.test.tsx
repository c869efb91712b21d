import { Suspense, use, type ReactNode } from "react";
import type { EntryContext, RouterContextProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

// The page the entry renders, set per test: React Router's own router needs a whole build to run.
let page: () => ReactNode = () => null;
vi.mock("react-router", async (original) => ({ ...(await original<typeof import("react-router")>()), ServerRouter: () => page() }));

const { default: handleRequest, streamTimeout } = await import("./entry.server");

const never = new Promise<never>(() => {});
function Stuck() {
  return <>{use(never)}</>;
}

function render(userAgent = "Mozilla/5.0") {
  const request = new Request("http://localhost/account", { headers: { "user-agent": userAgent } });
  const loadContext = { get: () => ({ cspNonce: "nonce" }) } as unknown as RouterContextProvider;
  return handleRequest(request, 200, new Headers(), { isSpaMode: false } as EntryContext, loadContext);
}

/**
 * The deadlines the entry sets (the only timers of that length) and which of them are still pending. The
 * clock's own timer count is no measure: test files share a worker, and an earlier file's server may set a
 * timer of its own while this one runs. The clock's functions are wrapped by hand and put back before the
 * clock goes: a spy on a global would be restored once more when the file ends, to the fake clock.
 */
function watchDeadlines() {
  const set: ReturnType<typeof setTimeout>[] = [];
  const done = new Set<unknown>();
  const setTimer = globalThis.setTimeout;
  const clearTimer = globalThis.clearTimeout;
  globalThis.setTimeout = ((run: () => void, ms: number, ...args: unknown[]) => {
    if (ms !== streamTimeout + 1_000) return setTimer(run, ms, ...args);
    const id = setTimer(() => {
      done.add(id);
      run();
    }, ms);
    set.push(id);
    return id;
  }) as typeof setTimeout;
  globalThis.clearTimeout = ((id: Parameters<typeof clearTimeout>[0]) => {
    done.add(id);
    clearTimer(id);
  }) as typeof clearTimeout;
  return {
    set,
    pending: () => set.filter((id) => !done.has(id)),
    stop() {
      globalThis.setTimeout = setTimer;
      globalThis.clearTimeout = clearTimer;
    },
  };
}

describe("the panel's server entry", () => {
  let deadlines: ReturnType<typeof watchDeadlines>;
  // Only the timers the entry sets are faked: React schedules its own work with setImmediate.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    deadlines = watchDeadlines();
  });
  afterEach(() => {
    deadlines.stop();
    vi.useRealTimers();
  });

  it("leaves no deadline behind once the page is written, so nothing holds a finished render", async () => {
    page = () => <p>Account</p>;
    const response = await render();
    expect(await response.text()).toContain("<p>Account</p>");
    expect(deadlines.set).toHaveLength(1);
    expect(deadlines.pending()).toEqual([]);
  });

  it("the same for a bot, which gets the whole page at once", async () => {
    page = () => <p>Account</p>;
    const response = await render("Googlebot/2.1");
    expect(await response.text()).toContain("<p>Account</p>");
    expect(deadlines.set).toHaveLength(1);
    expect(deadlines.pending()).toEqual([]);
  });

  it("still cuts a page whose data never arrives at the deadline", async () => {
    page = () => (
      <main>
        <h1>Account</h1>
        <Suspense fallback={<p>Loading</p>}>
          <Stuck />
        </Suspense>
      </main>
    );
    const response = render();
    // React's own short timers (revealing boundaries) and the entry's deadline, all run out.
    await vi.advanceTimersByTimeAsync(streamTimeout + 1_000);
    const html = await (await response).text();
    expect(deadlines.set).toHaveLength(1);
    expect(deadlines.pending()).toEqual([]);
    expect(html).toContain("<h1>Account</h1>");
    expect(html).toContain("Loading");
  });

  it("sends a long page in one piece rather than in React's 4 KB pieces, and every byte of it", async () => {
    const rows = Array.from({ length: 600 }, (_, i) => `Row ${i} — ${"x".repeat(90)}`);
    page = () => (
      <ul>
        {rows.map((row) => (
          <li key={row}>{row}</li>
        ))}
      </ul>
    );
    const response = await render();
    const reader = response.body!.getReader();
    const chunks: Uint8Array[] = [];
    for (let next = await reader.read(); !next.done; next = await reader.read()) chunks.push(next.value);
    const html = new TextDecoder().decode(Buffer.concat(chunks));
    expect(html.length).toBeGreaterThan(60_000);
    expect(html).toContain("<li>Row 599 — ");
    expect(chunks).toHaveLength(1);
  });
});

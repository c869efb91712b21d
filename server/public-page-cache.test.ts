import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApi } from "#api/app.ts";
import { createTestApi, TestClient, type TestApi } from "#api/testing/harness.ts";
import { PublicPageCache, sharedPageKey } from "./public-page-cache.ts";

const PAGE = "http://localhost/e/demo-day-7";

/** A page as the panel draws it: the nonce in its scripts, and a count of how often it was drawn. */
function drawer(status = 200, headers: Record<string, string> = {}) {
  const drawn = { count: 0 };
  const draw = (nonce: string) => async () => {
    drawn.count++;
    await Promise.resolve();
    return new Response(`<p>Demo Day ${drawn.count}</p><script nonce="${nonce}"></script><script nonce="${nonce}"></script>`, {
      status,
      headers: { "Content-Type": "text/html; charset=utf-8", ...headers },
    });
  };
  return { drawn, draw };
}

describe("sharedPageKey", () => {
  it("names an event's page asked for by a reader without cookies, and nothing else", () => {
    expect(sharedPageKey(new Request(PAGE))).toBe("/e/demo-day-7");
    for (const request of [
      new Request(PAGE, { headers: { Cookie: "launchpad_session=abc" } }),
      new Request(`${PAGE}?utm_source=mail`),
      new Request(`${PAGE}.data`),
      new Request(`${PAGE}/calendar.ics`),
      new Request(PAGE, { method: "POST", body: "x=1" }),
      new Request(PAGE, { method: "HEAD" }),
      new Request("http://localhost/events"),
      new Request("http://localhost/e/"),
    ])
      expect(sharedPageKey(request), `${request.method} ${request.url}`).toBeNull();
  });
});

describe("PublicPageCache", () => {
  it("draws a page once for readers without cookies, each getting it with their own nonce", async () => {
    const cache = new PublicPageCache(10_000);
    const { drawn, draw } = drawer();
    const first = await cache.serve(new Request(PAGE), "nonceAAAAAAAAAAAAAAAAA==", draw("nonceAAAAAAAAAAAAAAAAA=="));
    const second = await cache.serve(new Request(PAGE), "nonceBBBBBBBBBBBBBBBBB==", draw("nonceBBBBBBBBBBBBBBBBB=="));
    expect(drawn.count).toBe(1);
    expect(await first.text()).toBe(
      '<p>Demo Day 1</p><script nonce="nonceAAAAAAAAAAAAAAAAA=="></script><script nonce="nonceAAAAAAAAAAAAAAAAA=="></script>',
    );
    expect(await second.text()).toBe(
      '<p>Demo Day 1</p><script nonce="nonceBBBBBBBBBBBBBBBBB=="></script><script nonce="nonceBBBBBBBBBBBBBBBBB=="></script>',
    );
    expect(second.status).toBe(200);
    expect(second.headers.get("content-type")).toBe("text/html; charset=utf-8");
  });

  it("twenty readers at once share one drawing", async () => {
    const cache = new PublicPageCache(10_000);
    const { drawn, draw } = drawer();
    const nonces = Array.from({ length: 20 }, (_, i) => `nonce${String(i).padStart(2, "0")}AAAAAAAAAAAAAAA==`);
    const pages = await Promise.all(nonces.map((nonce) => cache.serve(new Request(PAGE), nonce, draw(nonce))));
    expect(drawn.count).toBe(1);
    const bodies = await Promise.all(pages.map((page) => page.text()));
    bodies.forEach((body, i) => expect(body).toContain(`nonce="${nonces[i]}"`));
  });

  it("a reader with a cookie or a query string gets a page drawn for them", async () => {
    const cache = new PublicPageCache(10_000);
    const { drawn, draw } = drawer();
    await cache.serve(new Request(PAGE), "n1", draw("n1"));
    await cache.serve(new Request(PAGE, { headers: { Cookie: "theme=dark" } }), "n2", draw("n2"));
    await cache.serve(new Request(`${PAGE}?ref=x`), "n3", draw("n3"));
    expect(drawn.count).toBe(3);
    expect(cache.size).toBe(1);
  });

  it("keeps no 404 and no page that sets a cookie, and hands neither to another reader", async () => {
    for (const [status, headers] of [
      [404, {}],
      [200, { "Set-Cookie": "XSRF-TOKEN=mine; Path=/" }],
    ] as const) {
      const cache = new PublicPageCache(10_000);
      const { drawn, draw } = drawer(status, headers);
      const pages = await Promise.all(["n1", "n2", "n3"].map((nonce) => cache.serve(new Request(PAGE), nonce, draw(nonce))));
      expect(drawn.count, `${status}`).toBe(3);
      expect(cache.size).toBe(0);
      expect(pages.map((page) => page.status)).toEqual([status, status, status]);
    }
  });

  it("draws the page again after a write empties it, and after its time", async () => {
    let now = 0;
    const cache = new PublicPageCache(10_000, 1_000, () => now);
    const { drawn, draw } = drawer();
    await cache.serve(new Request(PAGE), "n1", draw("n1"));
    cache.invalidate();
    expect(await (await cache.serve(new Request(PAGE), "n2", draw("n2"))).text()).toContain("Demo Day 2");
    now = 10_001;
    // Past its time the kept page is still served while the next one is drawn.
    expect(await (await cache.serve(new Request(PAGE), "n3", draw("n3"))).text()).toContain("Demo Day 2");
    await expect.poll(async () => (await cache.serve(new Request(PAGE), "n4", draw("n4"))).text()).toContain("Demo Day 3");
    expect(drawn.count).toBe(3);
  });
});

describe("the API empties the public pages with its own caches", () => {
  let t: TestApi;
  beforeAll(async () => {
    t = await createTestApi();
  });
  afterAll(() => t.close());

  it("at a write it is asked to make, and not at a read", async () => {
    const cache = new PublicPageCache(60_000);
    const api = createApi({ db: t.database.db, config: t.config, log: () => {}, dependentCaches: [cache] });
    const { draw } = drawer();
    await cache.serve(new Request(PAGE), "n1", draw("n1"));
    const client = new TestClient(api, "203.0.113.7");
    await client.get("/api/v1/public/events/no-such-event-1");
    expect(cache.size).toBe(1);
    await client.post("/api/login", { email: "nobody@example.com", password: "wrong password" });
    expect(cache.size).toBe(0);
  });
});

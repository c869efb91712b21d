import { describe, expect, it } from "vitest";
import { livePath, livePaths } from "./live-paths.ts";

const LISTS: Record<string, unknown> = {
  "/forms": { data: [{ id: 7, title: "Newest" }, { id: 3 }] },
  "/forms/7/tickets": { data: [{ application_id: 9, ticket_code: "AB-12" }] },
  "/startups": [{ username: "acme robots", id: 4 }],
  "/guides": { categories: [], guides: [{ slug: "pitching" }] },
  "/empty": { data: [] },
};

describe("live paths", () => {
  it("fills each parameter from the first item of the list the path before it answers, and leaves 1 where none does", async () => {
    const read: string[] = [];
    const routes = [
      "/forms/:id",
      "/forms/:id/tickets/:code",
      "/forms/:id/responses/:applicationId",
      "/startups/:username",
      "/guides/:slug",
      "/empty/:id",
      "/flags/:file{[a-z]{2}\\.svg}",
    ].map((pattern) => ({ method: "GET", pattern }));
    const live = await livePaths(routes, async (path) => (read.push(path), LISTS[path] ?? null));
    expect(Object.fromEntries(live.paths)).toEqual({
      "/forms/:id": "/forms/7",
      "/forms/:id/tickets/:code": "/forms/7/tickets/AB-12",
      "/forms/:id/responses/:applicationId": "/forms/7/responses/1",
      "/startups/:username": "/startups/acme%20robots",
      "/guides/:slug": "/guides/pitching",
      "/empty/:id": "/empty/1",
      "/flags/:file{[a-z]{2}\\.svg}": "/flags/1",
    });
    expect(live.filled).toBe(4);
    expect(live.unfilled).toEqual(["/forms/7/responses/:applicationId", "/empty/:id", "/flags/:file{[a-z]{2}\\.svg}"]);
    // Each list is read once, however many routes start with it.
    expect(read.filter((path) => path === "/forms")).toHaveLength(1);
    expect(livePath(live, { method: "POST", pattern: "/other/:id" })).toBe("/other/1");
  });
});

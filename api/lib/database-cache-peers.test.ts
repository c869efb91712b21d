/**
 * Instances on one database keep their own answer caches: a write through one is counted, and the others
 * empty theirs at their next request, before answering from them.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createApi } from "../app.ts";
import { eventForms } from "../db/events-schema.ts";
import { ownerWithForm } from "../testing/application-fixtures.ts";
import { createTestApi, testApiConfig, type TestApi } from "../testing/harness.ts";
import type { WriteScope } from "./answer-caches.ts";
import { databaseCachePeers } from "./database-cache-peers.ts";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

/** An instance's peers, with what it was told to empty. */
function instance() {
  const peers = databaseCachePeers(t.database.db);
  const emptied: WriteScope[] = [];
  peers.onInvalidate((scope) => emptied.push(scope));
  return { peers, emptied };
}

it("another instance's write empties this one's caches at its next request; its own writes and quiet spells do not", async () => {
  const [writer, reader] = [instance(), instance()];
  await reader.peers.catchUp!();
  await reader.peers.catchUp!();
  expect(reader.emptied).toEqual([]);

  await writer.peers.invalidate("any");
  await reader.peers.catchUp!();
  expect(reader.emptied).toEqual(["any"]);
  await reader.peers.catchUp!();
  expect(reader.emptied).toEqual(["any"]);

  await writer.peers.invalidate("check-ins");
  await reader.peers.catchUp!();
  expect(reader.emptied).toEqual(["any", "check-ins"]);

  // Both kinds since the last look: everything goes.
  await writer.peers.invalidate("check-ins");
  await writer.peers.invalidate("any");
  await reader.peers.catchUp!();
  expect(reader.emptied).toEqual(["any", "check-ins", "any"]);
});

it("through the API: an event page one instance keeps is read afresh after a write through another", async () => {
  const config = { ...testApiConfig, publicPageCacheMs: 60_000 };
  const [first, second] = [0, 1].map(() =>
    createApi({ db: t.database.db, config, log: () => {}, cachePeers: databaseCachePeers(t.database.db) }),
  );
  const { form } = await ownerWithForm(t, { status: "published", title: "Kept page" });
  const readTitle = async () =>
    (
      (await (await second.fetch(new Request(`http://localhost/api/v1/public/events/kept-page-${form.id}`))).json()) as {
        event: { title: string };
      }
    ).event.title;
  expect(await readTitle()).toBe(form.title);
  // The change lands in the database; the second instance still answers from what it kept.
  await t.database.db.update(eventForms).set({ title: "Renamed elsewhere" }).where(eq(eventForms.id, form.id));
  expect(await readTitle()).toBe(form.title);
  // Any write request through the first one (whatever its outcome) is counted: the second reads afresh.
  await first.fetch(new Request("http://localhost/api/logout", { method: "POST" }));
  expect(await readTitle()).toBe("Renamed elsewhere");
});

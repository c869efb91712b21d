/**
 * Reading the audit log: only the caller's organization, only for owners and admins, newest first, filtered
 * by member, kind, event form and days (on the reader's clock), in pages and as CSV. The record itself
 * cannot be edited or deleted, even by the database's own users.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ActivityKind } from "#schemas/activity.ts";
import { activities } from "#api/db/organization-schema.ts";
import { userSettings } from "#api/db/settings-schema.ts";
import { startupOwner } from "#api/testing/application-fixtures.ts";
import { AUDIT_LOG, auditLog, memberAs } from "#api/testing/audit-fixtures.ts";
import { parseCsv } from "#api/testing/csv.ts";
import { createTestApi, type TestApi } from "#api/testing/harness.ts";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

interface Written {
  actor: { id: number; name: string } | null;
  kind: ActivityKind;
  at: string;
  form?: number;
  label?: string;
  changes?: Record<string, { from: unknown; to: unknown }>;
}

/** Entries as the record holds them, at the moments given (the writers always say "now"). */
async function write(organizationId: number, entries: Written[]) {
  const rows = await t.database.db
    .insert(activities)
    .values(
      entries.map((e) => ({
        organizationId,
        actorId: e.actor?.id ?? null,
        actorName: e.actor?.name ?? null,
        kind: e.kind,
        subjectType: e.kind.startsWith("event_form") ? ("event_form" as const) : ("coupon" as const),
        subjectId: e.form ?? 7,
        subjectLabel: e.label ?? "Subject",
        eventFormId: e.form ?? null,
        changes: e.changes ?? {},
        at: new Date(e.at),
      })),
    )
    .returning({ id: activities.id });
  return rows.map((r) => r.id);
}

/** An organization with three entries by two people over three days, and another organization's entry. */
async function organizationWithHistory() {
  const owner = await startupOwner(t, "Olu Owner");
  const organizationId = owner.startup.id;
  const ada = { id: owner.id, name: "Olu Owner" };
  const bo = { id: 999_001, name: "Bo Former" };
  const [first, second, third] = await write(organizationId, [
    { actor: ada, kind: "coupon.created", at: "2030-01-10T12:00:00Z", label: "SPRING" },
    {
      actor: bo,
      kind: "event_form.updated",
      at: "2030-01-11T12:00:00Z",
      form: 501,
      label: "Demo day",
      changes: { title: { from: "Demo", to: "Demo day" } },
    },
    {
      actor: ada,
      kind: "event_form.published",
      at: "2030-01-12T23:30:00Z",
      form: 501,
      label: "Demo day",
      changes: { status: { from: "draft", to: "published" } },
    },
  ]);
  const other = await startupOwner(t, "Other Owner");
  await write(other.startup.id, [
    { actor: { id: other.id, name: "Other Owner" }, kind: "coupon.deleted", at: "2030-01-11T08:00:00Z", form: 501 },
  ]);
  return { owner, other, organizationId, ada, bo, ids: { first, second, third } };
}

describe("reading the log", () => {
  it("answers the organization's entries newest first, with who and which forms the filters offer", async () => {
    const { owner, ada, bo, ids } = await organizationWithHistory();
    const log = await auditLog(owner.client);
    expect(log.data.map((e) => e.id)).toEqual([ids.third, ids.second, ids.first]);
    expect(log.data[1]).toEqual({
      id: ids.second,
      at: "2030-01-11T12:00:00.000Z",
      actor: bo,
      kind: "event_form.updated",
      subject: { type: "event_form", id: 501, label: "Demo day" },
      changes: { title: { from: "Demo", to: "Demo day" } },
    });
    expect(log.meta).toMatchObject({ total: 3, current_page: 1, last_page: 1 });
    // A member who has left is still offered, by the name the record kept.
    expect(log.actors).toEqual([bo, ada]);
    expect(log.event_forms).toEqual([{ id: 501, name: "Demo day" }]);
  });

  it("filters by member, kind, event form and days, and pages", async () => {
    const { owner, bo, ids } = await organizationWithHistory();
    const idsOf = async (query: string) => (await auditLog(owner.client, query)).data.map((e) => e.id);
    expect(await idsOf(`actor_id=${bo.id}`)).toEqual([ids.second]);
    expect(await idsOf("kind=event_form.published")).toEqual([ids.third]);
    expect(await idsOf("event_form_id=501")).toEqual([ids.third, ids.second]);
    expect(await idsOf("from=2030-01-11&to=2030-01-11")).toEqual([ids.second]);
    expect(await idsOf("from=2030-01-11")).toEqual([ids.third, ids.second]);
    expect(await idsOf("to=2030-01-10")).toEqual([ids.first]);
    expect(await idsOf("kind=event_form.updated&actor_id=" + owner.id)).toEqual([]);
    // Blank filters are no filters, as an untouched form sends them.
    expect(await idsOf("actor_id=&kind=&event_form_id=&from=&to=")).toHaveLength(3);

    const first = await auditLog(owner.client, "per_page=2");
    expect(first.data.map((e) => e.id)).toEqual([ids.third, ids.second]);
    expect(first.meta).toMatchObject({ total: 3, last_page: 2, from: 1, to: 2 });
    expect(first.links.next).toContain("page=2");
    const second = await auditLog(owner.client, "per_page=2&page=2");
    expect(second.data.map((e) => e.id)).toEqual([ids.first]);
  });

  it("reads the days on the reader's clock", async () => {
    const { owner, ids } = await organizationWithHistory();
    // 23:30 UTC on the 12th is 00:30 on the 13th in Lagos.
    await t.database.db.insert(userSettings).values({ userId: owner.id, timeZone: "Africa/Lagos" });
    expect((await auditLog(owner.client, "from=2030-01-13&to=2030-01-13")).data.map((e) => e.id)).toEqual([ids.third]);
    expect((await auditLog(owner.client, "from=2030-01-12&to=2030-01-12")).data).toEqual([]);
  });

  it("refuses a filter that is not one, on its field", async () => {
    const { owner } = await organizationWithHistory();
    const refused = async (query: string, field: string, message: string) => {
      const res = await owner.client.get(`${AUDIT_LOG}?${query}`);
      expect(res.status).toBe(422);
      expect(res.body.errors[field]).toEqual([message]);
    };
    await refused("actor_id=abc", "actor_id", "The selected member is invalid.");
    await refused("kind=event_form.renamed", "kind", "The selected kind is invalid.");
    await refused("event_form_id=0", "event_form_id", "The selected event form is invalid.");
    await refused("from=2030-02-30", "from", "The from date must be a date (YYYY-MM-DD).");
    await refused("to=yesterday", "to", "The to date must be a date (YYYY-MM-DD).");
    await refused("from=2030-01-12&to=2030-01-11", "to", "The to date must be a date after or equal to the from date.");
    expect((await owner.client.get(`${AUDIT_LOG}.csv?kind=nope`)).status).toBe(422);
  });

  it("exports the filtered entries as CSV, newest first, each change as before → after", async () => {
    const { owner, ids } = await organizationWithHistory();
    const res = await owner.client.get<string>(`${AUDIT_LOG}.csv?event_form_id=501`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toContain("attachment");
    expect(ids.third).toBeGreaterThan(ids.second);
    expect(parseCsv(res.body)).toEqual([
      ["At", "Member", "What", "Subject type", "Subject id", "Subject", "Changes"],
      ["2030-01-12T23:30:00.000Z", "Olu Owner", "Event form published", "event_form", "501", "Demo day", "status: draft → published"],
      ["2030-01-11T12:00:00.000Z", "Bo Former", "Event form updated", "event_form", "501", "Demo day", "title: Demo → Demo day"],
    ]);
  });
});

describe("who may read it", () => {
  it("lets owners and admins read it, and refuses reviewers, door staff and finance (403)", async () => {
    const { organizationId, ids } = await organizationWithHistory();
    const admin = await memberAs(t, organizationId, "admin");
    expect((await auditLog(admin.client)).data.map((e) => e.id)).toEqual([ids.third, ids.second, ids.first]);
    for (const role of ["reviewer", "door", "finance"] as const) {
      const member = await memberAs(t, organizationId, role);
      expect((await member.client.get(AUDIT_LOG)).status).toBe(403);
      expect((await member.client.get(`${AUDIT_LOG}.csv`)).status).toBe(403);
    }
    expect((await t.client().get(AUDIT_LOG)).status).toBe(401);
  });

  it("never shows another organization's entries, whatever the filters name", async () => {
    const { owner, other } = await organizationWithHistory();
    const theirs = await auditLog(other.client);
    expect(theirs.data.map((e) => e.kind)).toEqual(["coupon.deleted"]);
    expect(theirs.actors).toEqual([{ id: other.id, name: "Other Owner" }]);
    // Their entry names the same form id: it is still not ours.
    expect((await auditLog(owner.client, "kind=coupon.deleted")).data).toEqual([]);
    expect((await auditLog(owner.client, `actor_id=${other.id}`)).data).toEqual([]);
    const csv = await owner.client.get<string>(`${AUDIT_LOG}.csv?kind=coupon.deleted`);
    expect(parseCsv(csv.body)).toHaveLength(1);
  });
});

describe("the record", () => {
  it("is refused any update or delete by the database itself", async () => {
    const { ids } = await organizationWithHistory();
    const db = t.database.db;
    await expect(db.update(activities).set({ subjectLabel: "Rewritten" }).where(eq(activities.id, ids.first))).rejects.toThrow();
    await expect(db.delete(activities).where(eq(activities.id, ids.first))).rejects.toThrow();
    const [kept] = await db.select().from(activities).where(eq(activities.id, ids.first));
    expect(kept.subjectLabel).toBe("SPRING");
  });

  it("has no way to change it through the API", async () => {
    const { owner, ids } = await organizationWithHistory();
    for (const method of ["PUT", "PATCH", "DELETE"]) {
      const res = await (await owner.client.prime()).request(method, `${AUDIT_LOG}/${ids.first}`, method === "DELETE" ? undefined : {});
      expect(res.status).toBe(404);
    }
    expect((await auditLog(owner.client)).meta.total).toBe(3);
  });
});

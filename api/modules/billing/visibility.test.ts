/**
 * Who may read a billing is part of the query that loads it, and a path id that cannot name a billing is
 * the billing's own 404 before any query runs.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBilling, paidEventForm, payer } from "#api/testing/billing-fixtures.ts";
import { ownerWithCollection } from "#api/testing/event-fixtures.ts";
import { registered } from "#api/testing/fixtures.ts";
import { createTestApi, type TestApi } from "#api/testing/harness.ts";
import { BILLING_NOT_FOUND } from "./messages.ts";
import { visibleBilling } from "./views.ts";
import { callerAs } from "#api/testing/callers.ts";

const caller = (id: number, startupId: number | null) => callerAs(t.database.db, id, startupId);

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

const BASE = "/api/v1/admin/event_billings";
const NOT_FOUND = { status: 404, message: BILLING_NOT_FOUND };

describe("who may see a billing", () => {
  it("its payer, and a user of the form's startup holding 'event billing read'; anyone else finds nothing", async () => {
    const { owner, form } = await paidEventForm(t);
    const p = await payer(t);
    const { event_billing } = await createBilling(p.client, form.id);
    const db = t.database.db;
    const startupId = (owner.startup as { id: number }).id;

    expect(await visibleBilling(db, await caller(p.id, null), event_billing.id)).toMatchObject({ id: event_billing.id, user_id: p.id });
    const seenByOwner = await visibleBilling(db, await caller(owner.id, startupId), event_billing.id);
    expect(seenByOwner).toMatchObject({ id: event_billing.id, event_form_id: form.id });
    // The API's view: the owning startup's id stays inside the service.
    expect(seenByOwner).not.toHaveProperty("startupId");

    // A user of the same startup without the permission (no role at all) sees nothing.
    const member = await registered(t);
    await expect(visibleBilling(db, await caller(member.id, startupId), event_billing.id)).rejects.toMatchObject(NOT_FOUND);
    // The permission is for one's own startup's forms only.
    const otherOwner = await ownerWithCollection(t);
    await expect(
      visibleBilling(db, await caller(otherOwner.id, (otherOwner.startup as { id: number }).id), event_billing.id),
    ).rejects.toMatchObject(NOT_FOUND);
    // An id nobody has: the same answer, so ids cannot be probed.
    await expect(visibleBilling(db, await caller(owner.id, startupId), 2_147_483_647)).rejects.toMatchObject(NOT_FOUND);
  });
});

describe("billing path ids", () => {
  const NOT_IDS = ["0", "-1", "1.5", "1e3", "2147483648", "99999999999", "abc", "0x1f"];

  it("answer the billing's 404 for anything that is not a positive int4 id, on every billing path", async () => {
    const { owner, form } = await paidEventForm(t);
    const p = await payer(t);
    const { event_billing } = await createBilling(p.client, form.id);
    // Digits only: a number the path merely parses to (12.0) is not the billing's id.
    for (const raw of [...NOT_IDS, `${event_billing.id}.0`]) {
      for (const res of [
        await p.client.get(`${BASE}/${raw}`),
        await p.client.get(`${BASE}/${raw}/single`),
        await p.client.put(`${BASE}/${raw}`, {}),
        await owner.client.put(`${BASE}/${raw}/change_status`, { status: "Cancelled" }),
      ]) {
        expect(res.status, raw).toBe(404);
        expect(res.body, raw).toEqual({ message: BILLING_NOT_FOUND });
      }
    }
  });

  it("answer the form's 404 on a form's billing list and CSV", async () => {
    const { owner } = await paidEventForm(t);
    for (const raw of NOT_IDS) {
      for (const path of [`${BASE}/${raw}/all`, `${BASE}/${raw}/all.csv`]) {
        const res = await owner.client.get(path);
        expect(res.status, path).toBe(404);
        expect(res.body, path).toEqual({ message: "Event form not found" });
      }
    }
  });
});

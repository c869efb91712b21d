/**
 * A member who works the door: they check tickets in and see names, tickets and statuses, never an
 * applicant's address; every check-in and undo is on the organization's record, by whoever did it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CheckInAnswer, CheckInPage } from "#schemas/check-ins.ts";
import type { AuditLogPage } from "#schemas/activity.ts";
import { ownerWithForm, sendApplication } from "#api/testing/application-fixtures.ts";
import { joinOrganization } from "#api/testing/callers.ts";
import { registered } from "#api/testing/fixtures.ts";
import { createTestApi, type TestApi } from "#api/testing/harness.ts";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

describe("the door role", () => {
  it("checks a ticket in and undoes it without seeing addresses; the owner sees them, and both acts are recorded", async () => {
    const { owner, form } = await ownerWithForm(t, { timezone: "UTC" });
    const holder = await registered(t, "Tia Ticket");
    expect((await sendApplication(holder.client, form.id, { full_name: "Tia Ticket", email: holder.email })).status).toBe(201);
    const ticket = (await holder.client.get(`/api/v1/site/event_forms/${form.id}`)).body.my_ticket as { code: string };
    const door = await registered(t, "Dee Door");
    await joinOrganization(t, door.id, owner.startup.id, "door");
    const base = `/api/v1/admin/event_forms/${form.id}/check_ins`;

    const scanned = await door.client.post<CheckInAnswer>(base, { code: ticket.code });
    expect(scanned.status).toBe(201);
    expect(scanned.body.ticket).toMatchObject({ name: "Tia Ticket", email: null, ticket_code: ticket.code });
    const list = await door.client.get<CheckInPage>(base);
    expect(list.body.data).toEqual([expect.objectContaining({ name: "Tia Ticket", email: null })]);
    // Nor can a search tell them an address.
    expect((await door.client.get<CheckInPage>(`${base}?search=${encodeURIComponent(holder.email)}`)).body.data).toEqual([]);
    expect((await owner.client.get<CheckInPage>(base)).body.data).toEqual([expect.objectContaining({ email: holder.email })]);

    expect((await door.client.delete(`${base}/${ticket.code}`)).status).toBe(200);
    const log = await owner.client.get<AuditLogPage>(`/api/v1/admin/audit_log?event_form_id=${form.id}`);
    expect(log.body.data.map((entry) => [entry.kind, entry.actor.name, entry.subject.label])).toEqual([
      ["application.check_in_undone", "Dee Door", "Tia Ticket"],
      ["application.checked_in", "Dee Door", "Tia Ticket"],
    ]);
    // A second door scanning a ticket already in adds nothing to the record.
    await door.client.post(base, { code: ticket.code });
    await owner.client.post(base, { code: ticket.code });
    const after = await owner.client.get<AuditLogPage>(`/api/v1/admin/audit_log?event_form_id=${form.id}&kind=application.checked_in`);
    expect(after.body.data).toHaveLength(2);
  });
});

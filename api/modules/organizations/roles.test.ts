/**
 * What each member may do, read off the role table itself: for every role and every organization
 * permission, one request that needs exactly that permission is allowed when the table says so and
 * answered 403 "Access Forbidden" otherwise; another organization's ids are 404 to everyone; a member
 * limited to some forms reaches only those.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ORGANIZATION_PERMISSIONS,
  ORGANIZATION_ROLES,
  roleAllows,
  type OrganizationPermission,
  type OrganizationRole,
} from "#schemas/organization-roles.ts";
import { paidEventForm } from "#api/testing/billing-fixtures.ts";
import { joinOrganization } from "#api/testing/callers.ts";
import { createEventForm, ownerWithCollection } from "#api/testing/event-fixtures.ts";
import { registered } from "#api/testing/fixtures.ts";
import { createTestApi, type TestApi, type TestClient } from "#api/testing/harness.ts";

let t: TestApi;
let organization: Awaited<ReturnType<typeof paidEventForm>>;
let other: Awaited<ReturnType<typeof paidEventForm>>;
const members = new Map<OrganizationRole, TestClient>();

beforeAll(async () => {
  t = await createTestApi();
  organization = await paidEventForm(t);
  other = await paidEventForm(t);
  members.set("owner", organization.owner.client);
  for (const role of ORGANIZATION_ROLES.filter((r) => r !== "owner")) {
    const account = await registered(t, `A ${role}`);
    await joinOrganization(t, account.id, organization.owner.startup.id, role);
    members.set(role, account.client);
  }
});
afterAll(() => t.close());

const INVITATIONS = "/api/v1/admin/co_founder_invitations";

type Probe = (client: TestClient, formId: number) => Promise<{ status: number }>;

/** One request per permission that needs that permission and no other. */
const PROBES: Record<OrganizationPermission, Probe> = {
  "organization.own": (client) => client.post("/api/v1/admin/team/transfer", { user_id: 0, current_password: "x" }),
  "organization.profile": (client) => client.get("/api/v1/admin/startup_details"),
  "team.manage": (client) => client.get("/api/v1/admin/team_members"),
  "audit.read": (client) => client.get("/api/v1/admin/audit_log"),
  "forms.manage": (client) => client.post("/api/v1/admin/collections", { name: `Season ${Math.random()}` }),
  "forms.read": (client, formId) => client.get(`/api/v1/admin/event_forms/${formId}/responses`),
  check_in: (client, formId) => client.get(`/api/v1/admin/event_forms/${formId}/check_ins`),
  money: (client, formId) => client.get(`/api/v1/admin/event_billings/${formId}/all`),
};

describe("each role may do exactly what the role table says", () => {
  for (const role of ORGANIZATION_ROLES) {
    for (const permission of ORGANIZATION_PERMISSIONS) {
      const allowed = roleAllows(role, permission);
      it(`${role} ${allowed ? "may" : "may not"} use ${permission}`, async () => {
        const res = await PROBES[permission](members.get(role)!, organization.form.id);
        // Allowed: answered on its merits (a transfer to nobody is a 422), never refused or hidden.
        if (allowed) expect([200, 201, 422], JSON.stringify(res)).toContain(res.status);
        else expect(res).toMatchObject({ status: 403, body: { message: "Access Forbidden" } });
      });
    }
  }
});

describe("speaking for the organization's profile", () => {
  it("is for the roles that may edit it: a door volunteer neither invites co-founders nor sees the sent box", async () => {
    for (const role of ORGANIZATION_ROLES) {
      const client = members.get(role)!;
      const sent = await client.get<{ box: string; can_send: boolean }>(`${INVITATIONS}?box=sent`);
      const speaks = roleAllows(role, "organization.profile");
      if (speaks) expect(sent.body, role).toMatchObject({ can_send: true, box: "sent" });
      else expect(sent.status, role).toBe(403);
      if (!speaks) expect((await client.post(INVITATIONS, { co_founder_id: 1 })).status, role).toBe(403);
    }
  });
});

describe("another organization's forms", () => {
  it("are missing to every role of this one, whatever it may do here", async () => {
    for (const role of ORGANIZATION_ROLES) {
      const client = members.get(role)!;
      for (const permission of ["check_in", "money"] as const) {
        if (!roleAllows(role, permission)) continue;
        expect((await PROBES[permission](client, other.form.id)).status, `${role} ${permission}`).toBe(404);
      }
      if (roleAllows(role, "forms.read")) {
        expect((await client.get(`/api/v1/admin/event_forms/${other.form.id}`)).status, role).toBe(404);
      }
    }
  });
});

describe("a member limited to some forms", () => {
  it("sees and reaches only those; the rest of the organization's forms are missing", async () => {
    const owner = await ownerWithCollection(t);
    const demoDay = await createEventForm(owner.client, owner.collection.id, { title: "Demo day" });
    const hidden = await createEventForm(owner.client, owner.collection.id, { title: "Board dinner" });
    const reviewer = await registered(t, "Scoped Reviewer");
    await joinOrganization(t, reviewer.id, owner.startup.id, "reviewer");
    await t.database.db.execute(
      // Limited to the demo day, as the team screen would set it.
      sql`update organization_members set event_form_ids = ${`{${demoDay.id}}`}::int[] where user_id = ${reviewer.id}`,
    );

    const list = await reviewer.client.get<{ data: { id: number }[] }>("/api/v1/admin/event_forms");
    expect(list.body.data.map((form) => form.id)).toEqual([demoDay.id]);
    expect((await reviewer.client.get(`/api/v1/admin/event_forms/${demoDay.id}`)).status).toBe(200);
    expect((await reviewer.client.get(`/api/v1/admin/event_forms/${hidden.id}`)).status).toBe(404);
    expect((await reviewer.client.get(`/api/v1/admin/event_forms/${hidden.id}/responses`)).status).toBe(403);
    expect((await reviewer.client.get(`/api/v1/admin/event_forms/${demoDay.id}/responses`)).status).toBe(200);
    // The owner still sees both.
    const all = await owner.client.get<{ data: { id: number }[] }>("/api/v1/admin/event_forms");
    expect(all.body.data.map((form) => form.id).sort()).toEqual([demoDay.id, hidden.id].sort());
  });
});

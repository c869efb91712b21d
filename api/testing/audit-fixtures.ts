/** Reading the audit log in its tests: the entries a client sees, and a member of another's organization. */
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import type { AuditLogEntry, AuditLogPage } from "#schemas/activity.ts";
import type { OrganizationRole } from "#schemas/organization-roles.ts";
import { organizationMembers } from "#api/db/organization-schema.ts";
import { users } from "#api/db/schema.ts";
import { registered } from "./fixtures.ts";
import type { TestApi, TestClient } from "./harness.ts";

export const AUDIT_LOG = "/api/v1/admin/audit_log";

/** The log's first page as the client sees it (200 expected), with the query string given. */
export async function auditLog(client: TestClient, query = ""): Promise<AuditLogPage> {
  const res = await client.get<AuditLogPage>(`${AUDIT_LOG}${query ? `?${query}` : ""}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

/** The newest entry the client sees, of one kind. */
export async function newest(client: TestClient, kind: AuditLogEntry["kind"]): Promise<AuditLogEntry> {
  const [entry] = (await auditLog(client, `kind=${kind}`)).data;
  expect(entry, `no ${kind} entry`).toBeDefined();
  return entry;
}

/** A new account made a member of the organization with this role, acting for it now. */
export async function memberAs(t: TestApi, organizationId: number, role: OrganizationRole, name = `A ${role}`) {
  const account = await registered(t, name);
  await t.database.db.insert(organizationMembers).values({ organizationId, userId: account.id, role });
  await t.database.db.update(users).set({ startupId: organizationId }).where(eq(users.id, account.id));
  return account;
}

import { expect } from "vitest";
import type { OrganizationRole } from "#schemas/organization-roles.ts";
import { ownerWithCollection } from "./event-fixtures.ts";
import { registered } from "./fixtures.ts";
import type { TestApi, TestClient } from "./harness.ts";
import { mailedToken } from "./mail-fixtures.ts";

export const TEAM_MEMBERS = "/api/v1/admin/team_members";
export const TEAM_INVITATIONS = "/api/v1/admin/team_invitations";

/** Invites the address from the owner's (or an admin's) client and answers the mailed link's token. */
export async function invitedToken(t: TestApi, inviter: TestClient, email: string, role: string, eventFormIds: number[] = []) {
  const res = await inviter.post(TEAM_INVITATIONS, { email, role, event_form_ids: eventFormIds });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return mailedToken(t.database.db, email, "team_invitation", "/team/join/");
}

/** A new account that joined the inviter's organization with this role, by the mailed link. */
export async function joinedMember(t: TestApi, inviter: TestClient, role: Exclude<OrganizationRole, "owner">, eventFormIds: number[] = []) {
  const member = await registered(t, `Member ${role}`);
  const token = await invitedToken(t, inviter, member.email, role, eventFormIds);
  const res = await member.client.post(`/api/v1/team_invitations/${token}/accept`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return member;
}

/** An organization's owner with a collection: the team starts as them alone. */
export const teamOwner = (t: TestApi) =>
  ownerWithCollection(t, `Team ${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`);

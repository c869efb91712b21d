import { describe, expect, it } from "vitest";
import type { UserOrganization } from "#schemas/auth";
import { ROLE_PERMISSIONS, type OrganizationRole } from "#schemas/organization-roles";
import { PERMISSIONS } from "#schemas/permissions";
import { organizationChoices, pageAfterSwitch } from "./organization-switcher";

const acme: UserOrganization = { id: 3, name: "Acme Robotics", account_type: "startup", role: "reviewer" };
const hub: UserOrganization = { id: 5, name: "Lagos Tech Hub", account_type: "organization", role: "admin" };

describe("the header's organization switcher", () => {
  it("is offered only with something to switch between", () => {
    expect(organizationChoices({ organizations: [], current_organization_id: null, co_founder_id: 7 })).toBeNull();
    expect(organizationChoices({ organizations: [acme], current_organization_id: 3, co_founder_id: null })).toBeNull();
  });

  it("lists every organization with the role there, and the account's own profile beside them", () => {
    expect(organizationChoices({ organizations: [acme, hub], current_organization_id: 5, co_founder_id: null })).toEqual({
      current: "5",
      options: [
        { value: "3", label: "Acme Robotics (Reviewer)" },
        { value: "5", label: "Lagos Tech Hub (Admin)" },
      ],
    });
    expect(organizationChoices({ organizations: [acme], current_organization_id: null, co_founder_id: 7 })).toEqual({
      current: "",
      options: [
        { value: "3", label: "Acme Robotics (Reviewer)" },
        { value: "", label: "Myself (co-founder profile)" },
      ],
    });
  });
});

describe("the page a switch lands on", () => {
  const as = (role: OrganizationRole) => ({
    permissions: [...PERMISSIONS],
    startup_id: 3,
    co_founder_id: null,
    organization_permissions: [...ROLE_PERMISSIONS[role]],
  });

  it("is the page it was made on, or the list of a record the organization left, without the old filters", () => {
    expect(pageAfterSwitch("/event-forms", as("reviewer"))).toBe("/event-forms");
    expect(pageAfterSwitch("/event-forms?collection_id=4&page=2", as("admin"))).toBe("/event-forms");
    expect(pageAfterSwitch("/event-forms/edit/12", as("admin"))).toBe("/event-forms");
    expect(pageAfterSwitch("/event-responses/12/form/3", as("admin"))).toBe("/");
    expect(pageAfterSwitch("/dashboard?period=90", as("door"))).toBe("/dashboard");
  });

  it("is home when the role there does not open the screen", () => {
    expect(pageAfterSwitch("/coupon-codes", as("reviewer"))).toBe("/");
    expect(pageAfterSwitch("/event-forms/edit/12", as("door"))).toBe("/");
    expect(pageAfterSwitch("/coupon-codes", as("finance"))).toBe("/coupon-codes");
  });
});

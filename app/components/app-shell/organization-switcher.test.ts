import { describe, expect, it } from "vitest";
import type { UserOrganization } from "#schemas/auth";
import { organizationChoices } from "./organization-switcher";

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

import { describe, expect, it } from "vitest";
import { can, canInOrganization, roleCan } from "./permissions";

describe("can", () => {
  const user = { permissions: ["event form read", "role read"] };

  it("grants only the permissions the user holds", () => {
    expect(can(user, "event form read")).toBe(true);
    expect(can(user, "event form write")).toBe(false);
    expect(can({ permissions: [] }, "role read")).toBe(false);
  });

  it("refuses a permission the access model does not declare, at typecheck", () => {
    // @ts-expect-error: "event forms read" is no permission
    expect(can(user, "event forms read")).toBe(false);
  });
});

describe("canInOrganization", () => {
  it("needs both the account's permission and the member's role there", () => {
    const finance = { permissions: ["coupon code write", "event form write"] as const, organization_permissions: ["money"] as const };
    const user = { permissions: [...finance.permissions], organization_permissions: [...finance.organization_permissions] };
    expect(roleCan(user, "money")).toBe(true);
    expect(canInOrganization(user, "coupon code write", "money")).toBe(true);
    expect(canInOrganization(user, "event form write", "forms.manage")).toBe(false);
    expect(canInOrganization({ ...user, permissions: [] }, "coupon code write", "money")).toBe(false);
  });
});

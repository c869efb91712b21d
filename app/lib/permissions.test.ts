import { describe, expect, it } from "vitest";
import { can } from "./permissions";

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

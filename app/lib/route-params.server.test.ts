import { describe, expect, it } from "vitest";
import { requireId } from "./route-params.server";

function thrownBy(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error("nothing was thrown");
}

describe("requireId", () => {
  it("gives the id a param names", () => {
    expect(requireId("12", "Role not found")).toBe(12);
    expect(requireId("2147483647", "Role not found")).toBe(2_147_483_647);
  });

  it("answers 404 with the resource's message for anything that names no row", () => {
    for (const value of [undefined, null, "", "0", "-1", "12.0", "1e3", " 12", "abc", "2147483648"]) {
      const thrown = thrownBy(() => requireId(value, "Role not found")) as { data: unknown; init: ResponseInit | null };
      expect(thrown).toMatchObject({ data: "Role not found", init: { status: 404 } });
    }
  });
});

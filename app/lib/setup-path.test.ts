import { describe, expect, it } from "vitest";
import { afterSetupPath, setupPathFor } from "./setup-path";

const at = (path: string) => new URL(path, "http://app.test");

describe("setupPathFor", () => {
  it("keeps the event form a new member came for", () => {
    expect(setupPathFor(at("/form-submission?form_id=12"))).toBe("/setup?form_id=12");
    expect(setupPathFor(at("/events"))).toBe("/setup");
  });

  it("sends an invited member back to the invitation, whose joining sets the account up", () => {
    expect(setupPathFor(at("/team/join/abc_DEF-123"))).toBe("/team/join/abc_DEF-123");
    expect(setupPathFor(at("/team/join/abc/more"))).toBe("/setup");
    expect(setupPathFor(at("/team"))).toBe("/setup");
  });
});

describe("afterSetupPath", () => {
  it("goes to the form named in /setup's address, otherwise home", () => {
    expect(afterSetupPath(at("/setup?form_id=3"))).toBe("/form-submission?form_id=3");
    expect(afterSetupPath(at("/setup"))).toBe("/");
  });
});

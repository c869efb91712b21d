import { describe, expect, it } from "vitest";
import { loginUrl, safeRedirect } from "./safe-redirect";

describe("safeRedirect", () => {
  it("keeps same-site paths and refuses everything else", () => {
    expect(safeRedirect("/account?tab=1")).toBe("/account?tab=1");
    expect(safeRedirect("//evil.example")).toBe("/");
    expect(safeRedirect("/\\evil.example")).toBe("/");
    expect(safeRedirect("https://evil.example")).toBe("/");
    expect(safeRedirect(null, "/home")).toBe("/home");
  });
});

describe("loginUrl", () => {
  it("carries the page to come back to", () => {
    expect(loginUrl(new Request("http://x/user-management/users?search=a"))).toBe("/login?redirectTo=%2Fuser-management%2Fusers%3Fsearch%3Da");
    expect(loginUrl(new Request("http://x/"))).toBe("/login");
  });
});

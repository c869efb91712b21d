import { describe, expect, it } from "vitest";
import { loginUrl, safeRedirect } from "./safe-redirect";

/** What a Headers object accepts: visible ASCII only, as a Location header must be. */
const validHeaderValue = (value: string) => {
  expect(() => new Headers({ Location: value })).not.toThrow();
  expect(value).toMatch(/^[\x21-\x7e]*$/);
};

describe("safeRedirect", () => {
  it("keeps same-site paths, with their query and fragment", () => {
    expect(safeRedirect("/account?tab=1")).toBe("/account?tab=1");
    expect(safeRedirect("/user-management/users?search=cole#top")).toBe("/user-management/users?search=cole#top");
    expect(safeRedirect("/form-submission?form_id=12")).toBe("/form-submission?form_id=12");
    expect(safeRedirect("/")).toBe("/");
  });

  it("falls back when there is no target", () => {
    expect(safeRedirect(null, "/home")).toBe("/home");
    expect(safeRedirect(undefined)).toBe("/");
    expect(safeRedirect("")).toBe("/");
    expect(safeRedirect(new File(["x"], "x.txt"))).toBe("/");
  });

  // Each of these resolves, in a browser, to another host or to something that is not a page.
  const attacks = [
    "//evil.example",
    "///evil.example",
    "/\\evil.example",
    "\\\\evil.example",
    "/\\/evil.example",
    "\\/evil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    "/\r\n/evil.example",
    "/\r/evil.example",
    "\t//evil.example",
    " //evil.example",
    "\u0000//evil.example",
    "\u001f//evil.example",
    "/.//evil.example",
    "/a/..//evil.example",
    "/./\\evil.example",
    "https://evil.example",
    "http://evil.example/account",
    "HTTPS://evil.example",
    "https:/evil.example",
    "https:evil.example",
    "ftp://evil.example",
    "javascript:alert(1)",
    "JaVaScRiPt:alert(1)",
    "java\tscript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "blob:http://app.invalid/x",
    "http://app.invalid@evil.example/",
    "//app.invalid@evil.example",
  ];

  it.each(attacks)("refuses %j", (attack) => {
    expect(safeRedirect(attack)).toBe("/");
    expect(safeRedirect(attack, "/home", "http://localhost:3000/login")).toBe("/home");
  });

  // Same-origin targets with characters a header cannot carry as they are: percent-encoded, never a 500.
  const encoded: [string, string][] = [
    ["/%00", "/%00"],
    ["/\u0000x", "/%00x"],
    ["/a\nb", "/ab"],
    ["/a\rb", "/ab"],
    ["/a\u000cb", "/a%0Cb"],
    ["/é", "/%C3%A9"],
    ["/\u00ff", "/%C3%BF"],
    ["/\u2028", "/%E2%80%A8"],
    ["/\u{1F680}", "/%F0%9F%9A%80"],
    ["/a b", "/a%20b"],
    ['/x?q=\u00e9<>"', "/x?q=%C3%A9%3C%3E%22"],
    ['/x#"<>`', "/x#%22%3C%3E%60"],
    ["/%2F%2Fevil.example", "/%2F%2Fevil.example"],
    ["/%5Cevil.example", "/%5Cevil.example"],
    ["/a/../account", "/account"],
    ["account", "/account"],
  ];

  it.each(encoded)("normalises %j to %j", (input, expected) => {
    const result = safeRedirect(input);
    expect(result).toBe(expected);
    validHeaderValue(result);
  });

  it("gives a valid Location value for any input", () => {
    const samples = [...attacks, ...encoded.map(([input]) => input), "/\u0085", "/\ud800", "/x?\u0000=\u0001", "/%%%", "/%zz"];
    for (const sample of samples) validHeaderValue(safeRedirect(sample));
  });

  it("accepts an absolute URL on the app's own origin only when it is named", () => {
    expect(safeRedirect("http://localhost:3000/account?tab=1", "/", "http://localhost:3000/login?redirectTo=x")).toBe("/account?tab=1");
    expect(safeRedirect("http://localhost:3001/account", "/", "http://localhost:3000/login")).toBe("/");
    expect(safeRedirect("https://localhost:3000/account", "/", "http://localhost:3000/login")).toBe("/");
    expect(safeRedirect("http://localhost:3000/account")).toBe("/");
  });

  it("resolves a relative target against the origin's root, not the current page", () => {
    expect(safeRedirect("account", "/", "http://localhost:3000/setup/complete")).toBe("/account");
    expect(safeRedirect("../../account", "/", "http://localhost:3000/setup/complete")).toBe("/account");
  });
});

describe("loginUrl", () => {
  it("carries the page to come back to", () => {
    expect(loginUrl(new URL("http://x/user-management/users?search=a"))).toBe("/login?redirectTo=%2Fuser-management%2Fusers%3Fsearch%3Da");
    expect(loginUrl(new URL("http://x/"))).toBe("/login");
  });

  it("names a target that safeRedirect keeps as it was", () => {
    const back = new URL(loginUrl(new URL("http://x/event-forms?search=caf%C3%A9&page=2")), "http://x").searchParams.get("redirectTo");
    expect(safeRedirect(back)).toBe("/event-forms?search=caf%C3%A9&page=2");
  });
});

import { describe, expect, it } from "vitest";
import { groupModules, type ModuleGraph } from "./chunk-groups.ts";

const ROUTE = "?__react-router-build-client-route";

/**
 * A small app: the client entry and the root route share React; the panel's layout wraps a pathless layout
 * that wraps two pages. Outside the panel, a login page shares a button (and the button's class helper) with
 * it, and a register page the class helper alone.
 */
const imports: Record<string, string[]> = {
  "/dev/entry.client.tsx": ["/nm/react-dom.js", "/nm/react.js"],
  "/nm/react-dom.js": ["/nm/react.js"],
  "/nm/react.js": [],
  [`/app/root.tsx${ROUTE}`]: ["/nm/react.js", "/app/toaster.tsx"],
  "/app/toaster.tsx": [],
  [`/app/admin/layout.tsx${ROUTE}`]: ["/app/sidebar.tsx", "/app/button.tsx", "/app/avatar.tsx"],
  [`/app/admin/pages.tsx${ROUTE}`]: ["/app/header.tsx"],
  "/app/sidebar.tsx": ["/app/toaster.tsx", "/app/avatar.tsx"],
  "/app/header.tsx": [],
  "/app/avatar.tsx": [],
  "/app/button.tsx": ["/app/cx.ts"],
  "/app/cx.ts": [],
  [`/app/dashboard.tsx${ROUTE}`]: ["/app/chart.tsx", "/app/avatar.tsx"],
  "/app/chart.tsx": [],
  [`/app/settings.tsx${ROUTE}`]: ["/app/button.tsx"],
  [`/app/login.tsx${ROUTE}`]: ["/app/button.tsx", "/app/field.tsx"],
  "/app/field.tsx": [],
  [`/app/register.tsx${ROUTE}`]: ["/app/cx.ts"],
};

const graph: ModuleGraph = {
  ids: Object.keys(imports),
  isEntry: (id) => id.endsWith(ROUTE) || id === "/dev/entry.client.tsx",
  imports: (id) => imports[id],
};

const roles = {
  routes: [
    "/app/root.tsx",
    "/app/admin/layout.tsx",
    "/app/admin/pages.tsx",
    "/app/dashboard.tsx",
    "/app/settings.tsx",
    "/app/login.tsx",
    "/app/register.tsx",
  ],
  shell: ["/app/root.tsx"],
  frame: ["/app/admin/layout.tsx", "/app/admin/pages.tsx"],
  outside: ["/app/login.tsx", "/app/register.tsx"],
};

describe("the browser's chunk groups", () => {
  const groups = groupModules(graph, roles);

  it("put what the client entry and the root route import in the shell", () => {
    expect(groups.get("/nm/react.js")).toBe("shell");
    expect(groups.get("/nm/react-dom.js")).toBe("shell");
    expect(groups.get("/app/toaster.tsx")).toBe("shell");
  });

  it("put what the panel's frame imports in the panel, unless the shell has it", () => {
    expect(groups.get("/app/sidebar.tsx")).toBe("panel");
    expect(groups.get("/app/header.tsx")).toBe("panel");
    expect(groups.get("/app/avatar.tsx")).toBe("panel");
  });

  it("group what the frame shares with routes outside the panel by which of those routes load it", () => {
    const button = groups.get("/app/button.tsx");
    const cx = groups.get("/app/cx.ts");
    expect(button).toMatch(/^shared-/);
    expect(cx).toMatch(/^shared-/);
    // The register page needs the helper and not the button, so they cannot share a file.
    expect(button).not.toBe(cx);
  });

  it("leave entries, and what only some pages import, to Rollup", () => {
    for (const id of graph.ids.filter(graph.isEntry)) expect(groups.has(id)).toBe(false);
    expect(groups.has("/app/chart.tsx")).toBe(false);
    expect(groups.has("/app/field.tsx")).toBe(false);
  });
});

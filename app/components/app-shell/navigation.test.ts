import { describe, expect, it } from "vitest";
import { ORGANIZATION_ROLES, ROLE_PERMISSIONS, type OrganizationRole } from "#schemas/organization-roles";
import { PERMISSIONS } from "#schemas/permissions";
import { activeItem, NAVIGATION, navHref, navigationFor, visibleNavigation, visiblePaths } from "./navigation";

const OWNER = [...ROLE_PERMISSIONS.owner];

describe("the sidebar's current item", () => {
  it("is the longest whole-segment match, so one item is marked at a time", () => {
    expect(activeItem("/co-founders/find", NAVIGATION)).toBe("/co-founders/find");
    expect(activeItem("/co-founders", NAVIGATION)).toBe("/co-founders");
    expect(activeItem("/co-founders/edit/3", NAVIGATION)).toBe("/co-founders");
    expect(activeItem("/co-founder-invitations", NAVIGATION)).toBe("/co-founder-invitations");
    expect(activeItem("/", NAVIGATION)).toBe("/");
    expect(activeItem("/chat/12", NAVIGATION)).toBe("/chat");
    expect(activeItem("/notifications", NAVIGATION)).toBe("/notifications");
    expect(activeItem("/nowhere", NAVIGATION)).toBeUndefined();
  });
});

describe("what the sidebar shows", () => {
  const items = (user: Parameters<typeof visibleNavigation>[0]) => visibleNavigation(user).flatMap((s) => s.items.map((i) => i.to));
  it("offers a startup's own screens (details) only to a user with a startup, and the team page to co-founders too", () => {
    const coFounder = items({ permissions: ["co founder read"], startup_id: null, co_founder_id: 7, organization_permissions: [] });
    expect(coFounder).toContain("/co-founder-invitations");
    // A co-founder's team page lists the startup teams they joined.
    expect(coFounder).toContain("/co-founders");
    expect(coFounder).not.toContain("/startup-details");
    const owner = items({ permissions: ["co founder read"], startup_id: 3, co_founder_id: null, organization_permissions: OWNER });
    expect(owner).toEqual(expect.arrayContaining(["/co-founders", "/startup-details", "/co-founder-invitations"]));
  });

  it("sends a co-founder to startups ranked for them under 'Find startups', not to other co-founders", () => {
    const menu = (user: Parameters<typeof visibleNavigation>[0]) => visibleNavigation(user).flatMap((s) => s.items);
    const coFounder = menu({ permissions: ["co founder read"], startup_id: null, co_founder_id: 7, organization_permissions: [] });
    const find = coFounder.find((item) => item.label === "Find startups");
    expect(find && navHref(find)).toBe("/startups?type=startup&sort=match");
    expect(coFounder.map((item) => item.label)).not.toContain("Find co-founders");
    expect(coFounder.filter((item) => item.to === "/startups")).toHaveLength(1);
    const owner = menu({ permissions: ["co founder read"], startup_id: 3, co_founder_id: null, organization_permissions: OWNER }).map(
      (item) => item.label,
    );
    expect(owner).toEqual(expect.arrayContaining(["Startups", "Find co-founders"]));
    expect(owner).not.toContain("Find startups");
  });

  it("offers events, collections and coupons only with a startup to hold them, whatever the permissions", () => {
    const permissions = ["event form read", "event form write", "coupon code read"] as const;
    const admin = items({ permissions: [...permissions], startup_id: null, co_founder_id: null, organization_permissions: [] });
    for (const path of ["/collections", "/event-forms", "/coupon-codes"]) expect(admin).not.toContain(path);
    const owner = items({ permissions: [...permissions], startup_id: 3, co_founder_id: null, organization_permissions: OWNER });
    expect(owner).toEqual(expect.arrayContaining(["/collections", "/event-forms", "/coupon-codes"]));
  });
});

describe("the mail outbox", () => {
  const items = (user: Parameters<typeof visibleNavigation>[0]) => visibleNavigation(user).flatMap((s) => s.items.map((i) => i.to));
  it("is offered to super admins only, whatever permissions another role has", () => {
    const all = ["user read", "user write", "role read", "role write"];
    expect(
      items({ permissions: all, roles: ["super admin"], startup_id: null, co_founder_id: null, organization_permissions: [] }),
    ).toContain("/user-management/outbox");
    expect(
      items({ permissions: all, roles: ["admin"], startup_id: null, co_founder_id: null, organization_permissions: [] }),
    ).not.toContain("/user-management/outbox");
    expect(items({ permissions: all, startup_id: null, co_founder_id: null, organization_permissions: [] })).not.toContain(
      "/user-management/outbox",
    );
  });
});

describe("messages and notifications", () => {
  it("are offered to every set-up user, whatever their permissions", () => {
    const anyone = visibleNavigation({ permissions: [], startup_id: null, co_founder_id: null, organization_permissions: [] }).flatMap(
      (s) => s.items.map((i) => i.to),
    );
    expect(anyone).toEqual(expect.arrayContaining(["/chat", "/notifications"]));
  });
});

describe("what the layout sends and the menu built from it", () => {
  it("sends only addresses, and rebuilds the sections in the menu's order without empty ones", () => {
    const paths = visiblePaths({ permissions: [], startup_id: null, co_founder_id: null, organization_permissions: [] });
    expect(paths.every((path) => typeof path === "string" && path.startsWith("/"))).toBe(true);
    const sections = navigationFor(paths);
    expect(sections.map((s) => s.title)).not.toContain("User management");
    expect(sections.flatMap((s) => s.items.map(navHref))).toEqual(paths);
    expect(sections[0].items[0]).toMatchObject({ to: "/", label: "Home" });
  });
});

describe("what a member's role shows", () => {
  // Every feature an account-wide startup role has: only the role in the organization tells the members apart.
  const FEATURES = PERMISSIONS.filter((p) => !p.startsWith("user ") && !p.startsWith("role "));
  const member = (role: OrganizationRole) =>
    visiblePaths({ permissions: FEATURES, startup_id: 3, co_founder_id: null, organization_permissions: [...ROLE_PERMISSIONS[role]] });
  const ORGANIZATION_LINKS: Record<OrganizationRole, string[]> = {
    owner: [
      "/collections",
      "/event-forms",
      "/reviews",
      "/coupon-codes",
      "/audit-log",
      "/integration",
      "/webhooks",
      "/co-founders",
      "/co-founder-invitations",
      "/startup-details",
    ],
    admin: [
      "/collections",
      "/event-forms",
      "/reviews",
      "/coupon-codes",
      "/audit-log",
      "/integration",
      "/webhooks",
      "/co-founders",
      "/co-founder-invitations",
      "/startup-details",
    ],
    reviewer: ["/collections", "/event-forms", "/reviews"],
    door: [],
    finance: ["/coupon-codes"],
  };
  const gated = NAVIGATION.flatMap((s) => s.items).filter((item) => item.organization);

  it("shows each role exactly the organization's links its permissions allow, and the same personal links to all", () => {
    const personal = member("door");
    for (const role of ORGANIZATION_ROLES) {
      const paths = member(role);
      expect(paths.filter((path) => gated.some((item) => navHref(item) === path)).sort(), role).toEqual(
        [...ORGANIZATION_LINKS[role]].sort(),
      );
      for (const item of gated)
        expect(paths.includes(navHref(item)), `${role} ${item.to}`).toBe(ROLE_PERMISSIONS[role].some((p) => p === item.organization));
      expect(
        paths.filter((path) => !gated.some((item) => navHref(item) === path)),
        role,
      ).toEqual(personal);
    }
  });

  it("gives a door volunteer no payments, coupons or forms to manage, but their dashboard and their own screens", () => {
    const door = member("door");
    for (const path of ["/coupon-codes", "/event-forms", "/collections", "/integration", "/startup-details"])
      expect(door).not.toContain(path);
    // Their team page too: their role there, and the way to leave.
    expect(door).toEqual(expect.arrayContaining(["/", "/dashboard", "/events", "/event-applications", "/chat", "/team"]));
  });

  it("still asks the account-wide permission: a role that allows it does not show a feature the account may not use", () => {
    const paths = visiblePaths({ permissions: ["co founder read"], startup_id: 3, co_founder_id: null, organization_permissions: OWNER });
    for (const path of ["/event-forms", "/collections", "/coupon-codes", "/integration"]) expect(paths).not.toContain(path);
  });

  it("asks nothing of a role when the account acts as itself, with its own co-founder profile", () => {
    const paths = visiblePaths({ permissions: ["co founder read"], startup_id: null, co_founder_id: 7, organization_permissions: [] });
    expect(paths).toEqual(expect.arrayContaining(["/co-founders", "/co-founder-invitations"]));
  });
});

import { describe, expect, it } from "vitest";
import { ROLE_PERMISSIONS } from "#schemas/organization-roles";
import { visibleNavigation } from "../app-shell/navigation";
import { TOUR_MAX_STEPS, tourSteps } from "./tour-steps";

const titles = (user: Parameters<typeof visibleNavigation>[0]) => tourSteps(visibleNavigation(user)).map((step) => step.title);
type Permissions = Parameters<typeof visibleNavigation>[0]["permissions"];
const STARTUP_PERMISSIONS: Permissions = ["event form read", "event form write", "coupon code read", "co founder read"];

describe("the onboarding tour", () => {
  it("is at most seven steps, a welcome and the first screens of the user's own tasks", () => {
    expect(
      titles({
        permissions: STARTUP_PERMISSIONS,
        startup_id: 3,
        co_founder_id: null,
        organization_permissions: [...ROLE_PERMISSIONS.owner],
      }),
    ).toEqual(["Welcome to Launchpad", "Event forms", "Find co-founders", "Discover events", "My applications", "Startups", "Messages"]);
    expect(titles({ permissions: ["co founder read"], startup_id: null, co_founder_id: 7, organization_permissions: [] })).toEqual([
      "Welcome to Launchpad",
      "Discover events",
      "My applications",
      "Find startups",
      "Messages",
      "Dashboard",
      "Invitations",
    ]);
    const superAdmin = titles({
      permissions: [...STARTUP_PERMISSIONS, "user read"],
      startup_id: null,
      co_founder_id: null,
      organization_permissions: [],
      roles: ["super admin"],
    });
    expect(superAdmin.length).toBeLessThanOrEqual(TOUR_MAX_STEPS);
    expect(superAdmin[1]).toBe("Users");
  });

  it("points every step but the welcome at a menu item the user has", () => {
    const navigation = visibleNavigation({ permissions: [], startup_id: null, co_founder_id: null, organization_permissions: [] });
    const steps = tourSteps(navigation);
    expect(steps.length).toBeGreaterThan(1);
    const targets = navigation.flatMap((section) =>
      section.items.map((item) => `[data-tour="nav-${item.to.slice(1).replace(/\//g, "-") || "home"}"]`),
    );
    for (const step of steps.slice(1)) expect(targets).toContain(step.attachTo?.element);
  });
});

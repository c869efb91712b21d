import type { CurrentUser } from "~/lib/types";

export interface NavItem {
  to: string;
  label: string;
  /** Needed to see the item; none means every set-up user. */
  permission?: string;
  /** What the onboarding tour says about it. */
  tour: string;
}

export interface NavSection {
  title: string | null;
  items: NavItem[];
}

/** Every screen the panel has. An item shows only when its screen exists and the user may open it. */
export const NAVIGATION: NavSection[] = [
  {
    title: null,
    items: [
      { to: "/", label: "Home", tour: "Home shows your profile at a glance and what to do next." },
      { to: "/account", label: "Account", tour: "Change your name, email, avatar and password here." },
    ],
  },
  {
    title: "Events",
    items: [
      { to: "/events", label: "Discover events", tour: "Find events from the community and apply to them." },
      { to: "/event-applications", label: "My applications", tour: "Follow the events you applied to, or cancel an application." },
      { to: "/collections", label: "Collections", permission: "event form read", tour: "Group your event forms, for example by programme." },
      { to: "/event-forms", label: "Event forms", permission: "event form read", tour: "Build free or paid application forms and review who applied." },
      { to: "/coupon-codes", label: "Coupon codes", permission: "coupon code read", tour: "Create discount codes for your paid events." },
    ],
  },
  {
    title: "User management",
    items: [
      { to: "/user-management/users", label: "Users", permission: "user read", tour: "Find users, assign their roles, and deactivate accounts." },
      { to: "/user-management/roles", label: "Roles", permission: "role read", tour: "Decide what each role may do by ticking its permissions." },
    ],
  },
];

export function visibleNavigation(user: Pick<CurrentUser, "permissions">): NavSection[] {
  return NAVIGATION.map((section) => ({
    ...section,
    items: section.items.filter((item) => !item.permission || user.permissions.includes(item.permission)),
  })).filter((section) => section.items.length > 0);
}

export const tourTarget = (to: string) => `nav-${to === "/" ? "home" : to.slice(1).replace(/\//g, "-")}`;

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

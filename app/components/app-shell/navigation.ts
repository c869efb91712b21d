import { SUPER_ADMIN, type Permission } from "#schemas/permissions";
import type { CurrentUser } from "#schemas/auth";
import type { OrganizationPermission } from "#schemas/organization-roles";
import { can, roleCan } from "~/lib/permissions";

export interface NavItem {
  to: string;
  /** The query the screen opens with, on the link itself: the bare address only redirects to it. */
  search?: string;
  label: string;
  /** Needed to see the item; none means every set-up user. */
  permission?: Permission;
  /**
   * Needed of the member's role in the organization the account acts for, when it acts for one (both this and
   * `permission` must allow): a door volunteer sees no payments, a reviewer no coupons.
   */
  organization?: OrganizationPermission;
  /** Shown to super admins only (what no permission grants: the mail outbox). */
  superAdmin?: boolean;
  /**
   * Shown only to a user with a startup or a co-founder profile ("account": co-founder
   * invitations), or with a startup or organization ("startup": its details, and its events, collections
   * and coupons, which belong to it).
   */
  needs?: "account" | "startup";
  /**
   * "only": shown only to a co-founder (a co-founder profile and no startup), who looks for startups;
   * "never": not shown to them (what they would look for is offered under another item).
   */
  coFounder?: "only" | "never";
  /** What the onboarding tour says about it. */
  tour: string;
}

export interface NavSection {
  title: string | null;
  items: NavItem[];
}

/** Every screen the panel has. An item shows only when its screen exists and the user may open it. */
/** Where an item's link goes: its screen, with the query that screen opens with. */
export const navHref = (item: NavItem) => item.to + (item.search ?? "");

const FIND_STARTUPS_SEARCH = "?type=startup&sort=match";
/** Where a co-founder finds the startups ranked for them (the "Find startups" item's link). */
export const FIND_STARTUPS_HREF = `/startups${FIND_STARTUPS_SEARCH}`;

export const NAVIGATION: NavSection[] = [
  {
    title: null,
    items: [
      { to: "/", label: "Home", tour: "Home shows your profile at a glance and what to do next." },
      { to: "/dashboard", label: "Dashboard", tour: "Your figures at a glance: applications, payments, followers and what is coming up." },
      {
        to: "/drafts",
        label: "Drafts",
        tour: "Everything you started and have not finished: application drafts and unpublished event forms.",
      },
      { to: "/account", label: "Account", tour: "Change your name, email, avatar and password here." },
      { to: "/settings", label: "Settings", tour: "Your time zone, date format, theme, layout and which notifications you get." },
      {
        to: "/notifications",
        label: "Notifications",
        tour: "New followers, invitations, applications, payments and messages; the bell above shows the latest.",
      },
    ],
  },
  {
    title: "Events",
    items: [
      { to: "/events", label: "Discover events", tour: "Find events from the community and apply to them." },
      { to: "/event-applications", label: "My applications", tour: "Follow the events you applied to, or cancel an application." },
      {
        to: "/collections",
        label: "Collections",
        permission: "event form read",
        needs: "startup",
        organization: "forms.read",
        tour: "Group your event forms, for example by programme.",
      },
      {
        to: "/event-forms",
        label: "Event forms",
        permission: "event form read",
        needs: "startup",
        organization: "forms.read",
        tour: "Build free or paid application forms and review who applied.",
      },
      {
        to: "/reviews",
        label: "Reviews",
        permission: "event response read",
        needs: "startup",
        organization: "forms.read",
        tour: "The applications given to you to review: score them against the rubric, one after the other, from the keyboard.",
      },
      {
        to: "/coupon-codes",
        label: "Coupon codes",
        permission: "coupon code read",
        needs: "startup",
        organization: "money",
        tour: "Create discount codes for your paid events.",
      },
      {
        to: "/audit-log",
        label: "Audit log",
        needs: "startup",
        organization: "audit.read",
        tour: "Who changed what and when in your organization: forms, statuses, payments and coupons.",
      },
      {
        to: "/integration",
        label: "Integrations",
        permission: "event form write",
        organization: "forms.manage",
        tour: "Connect Zoom or Google Meet to create meetings for your online events.",
      },
      {
        to: "/webhooks",
        label: "Webhooks",
        needs: "startup",
        organization: "team.manage",
        tour: "Tell your other tools (a CRM, Slack, a spreadsheet) when someone applies, pays or checks in.",
      },
    ],
  },
  {
    title: "Community",
    items: [
      {
        to: "/startups",
        search: "?type=startup",
        label: "Startups",
        coFounder: "never",
        tour: "Browse startups and organizations, follow them and save favorites.",
      },
      {
        to: "/startups",
        search: FIND_STARTUPS_SEARCH,
        label: "Find startups",
        coFounder: "only",
        tour: "Startups ranked by how much of what they look for you offer, with the reasons; follow them and save favorites.",
      },
      {
        to: "/co-founders/find",
        label: "Find co-founders",
        permission: "co founder read",
        coFounder: "never",
        tour: "Search co-founder profiles, best matches for your startup first.",
      },
      {
        to: "/co-founders",
        label: "Co-founders",
        permission: "co founder read",
        needs: "account",
        organization: "organization.profile",
        tour: "Your startup's team, or the startup teams you joined as a co-founder.",
      },
      {
        to: "/co-founder-invitations",
        label: "Invitations",
        needs: "account",
        organization: "organization.profile",
        tour: "Co-founder invitations you sent or received.",
      },
      { to: "/chat", label: "Messages", tour: "Chat one to one with startups and co-founders; start from their profile's Message button." },
      { to: "/favorites", label: "Favorites", tour: "The startups, people and events you saved." },
      {
        to: "/team",
        label: "Team",
        // Every member: there they see their role and may leave; owners and admins also manage the team.
        needs: "startup",
        tour: "Who is in your organization and what each may do; owners and admins invite people there.",
      },
      {
        to: "/startup-details",
        label: "Startup details",
        needs: "startup",
        organization: "organization.profile",
        tour: "Tell the community about your startup, one category at a time.",
      },
      {
        to: "/resource-center",
        label: "Resource center",
        permission: "resource center read",
        tour: "Guides for founders, and frameworks such as the Lean Canvas to fill in, version and export.",
      },
    ],
  },
  {
    title: "User management",
    items: [
      {
        to: "/user-management/users",
        label: "Users",
        permission: "user read",
        tour: "Find users, assign their roles, and deactivate accounts.",
      },
      {
        to: "/user-management/roles",
        label: "Roles",
        permission: "role read",
        tour: "Decide what each role may do by ticking its permissions.",
      },
      {
        to: "/user-management/outbox",
        label: "Mail outbox",
        superAdmin: true,
        tour: "Every email Launchpad sends or keeps: read a message, see why one failed, or send yourself a test.",
      },
    ],
  },
];

/** A co-founder with no startup of their own: looking for a startup to join, so "Find startups" is theirs. */
export const looksForStartups = (user: Pick<CurrentUser, "startup_id" | "co_founder_id">) =>
  Boolean(user.co_founder_id && !user.startup_id);

/** What decides which items a user sees; without `roles`, no super-admin item. */
type NavUser = Pick<CurrentUser, "permissions" | "startup_id" | "co_founder_id" | "organization_permissions"> &
  Partial<Pick<CurrentUser, "roles">>;

/**
 * The links (navHref) of the items `user` may see. This is what the admin layout's loader sends: the labels
 * and tour texts are in the browser's bundle already, so every page's data need not carry them again. Two
 * items may open the same screen in different ways ("Startups", "Find startups"): the link tells them apart.
 */
export function visiblePaths(user: NavUser): string[] {
  const has = { account: Boolean(user.startup_id || user.co_founder_id), startup: Boolean(user.startup_id) };
  const coFounder = looksForStartups(user);
  const superAdmin = Boolean(user.roles?.includes(SUPER_ADMIN));
  return NAVIGATION.flatMap((section) =>
    section.items
      .filter(
        (item) =>
          (!item.permission || can(user, item.permission)) &&
          (!item.organization || !user.startup_id || roleCan(user, item.organization)) &&
          (!item.needs || has[item.needs]) &&
          (!item.superAdmin || superAdmin) &&
          (!item.coFounder || (item.coFounder === "only") === coFounder),
      )
      .map(navHref),
  );
}

/** The menu's sections with only the items whose links are in `paths`, in the menu's order; empty sections left out. */
export function navigationFor(paths: readonly string[]): NavSection[] {
  const shown = new Set(paths);
  return NAVIGATION.map((section) => ({ ...section, items: section.items.filter((item) => shown.has(navHref(item))) })).filter(
    (section) => section.items.length > 0,
  );
}

export const visibleNavigation = (user: NavUser): NavSection[] => navigationFor(visiblePaths(user));

/**
 * The item a path belongs to: the one whose address is the longest whole-segment prefix of it, so that
 * /co-founders/find marks "Find co-founders" only, while /co-founders/edit/3 still marks "Co-founders".
 */
export function activeItem(pathname: string, sections: readonly NavSection[]): string | undefined {
  let best: string | undefined;
  for (const { to } of sections.flatMap((section) => section.items)) {
    const matches = to === "/" ? pathname === "/" : pathname === to || pathname.startsWith(`${to}/`);
    if (matches && (!best || to.length > best.length)) best = to;
  }
  return best;
}

export const tourTarget = (to: string) => `nav-${to === "/" ? "home" : to.slice(1).replace(/\//g, "-")}`;

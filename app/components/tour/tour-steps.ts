import type { NavSection } from "../app-shell/navigation";
import { tourTarget } from "../app-shell/navigation";

/** The spec's storage flag: set to "true" once the tour is finished or left, so it starts only once. */
export const INTRO_FLAG = "introComplete";
/** How much the tour's overlay darkens the page; app.css gives shepherd's overlay the same value. */
export const TOUR_OVERLAY_OPACITY = 0.6;
/** The welcome and at most six screens: a first look, not a walk through every menu item. */
export const TOUR_MAX_STEPS = 7;
/** Sent on window by the user menu's "Take the tour" to start it again. */
export const TOUR_START_EVENT = "launchpad:tour";

/**
 * The screens of a first visit's tasks, most telling first: running the platform (a super admin), building an
 * event form and finding a co-founder (a startup), then what everyone does. A user sees the first six their
 * menu has, so each role gets its own tour.
 */
const FIRST_TASKS = [
  "/user-management/users",
  "/event-forms",
  "/co-founders/find",
  "/events",
  "/event-applications",
  "/startups",
  "/chat",
  "/dashboard",
  "/co-founder-invitations",
  "/resource-center",
  "/account",
];

export interface TourStep {
  id: string;
  title: string;
  text: string;
  /** The menu item it points at; the welcome points at nothing. */
  attachTo?: { element: string; on: "right" };
}

export function tourSteps(navigation: NavSection[]): TourStep[] {
  const items = navigation.flatMap((section) => section.items);
  const screens = FIRST_TASKS.flatMap((path) => items.filter((item) => item.to === path)).slice(0, TOUR_MAX_STEPS - 1);
  return [
    { id: "welcome", title: "Welcome to Launchpad", text: "A quick look at where to start. Take it again any time from your menu." },
    ...screens.map((item) => ({
      id: tourTarget(item.to),
      title: item.label,
      text: item.tour,
      attachTo: { element: `[data-tour="${tourTarget(item.to)}"]`, on: "right" as const },
    })),
  ];
}

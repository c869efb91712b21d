import { useEffect, useRef } from "react";
import type { NavSection } from "../app-shell/navigation";
import { INTRO_FLAG, TOUR_START_EVENT, tourSteps } from "./tour-steps";

/**
 * On the first visit, a shepherd.js tour over the real navigation (tour-steps.ts picks the screens). Finishing
 * or leaving it stores introComplete = "true" so it never starts again by itself in this browser; the user
 * menu's "Take the tour" starts it again.
 */
/**
 * The step's title is shepherd's h3, drawn after the page's own headings; it is announced as a level-2 heading
 * so the page's outline does not jump from its h1 to a third level.
 */
function titleAtLevelTwo(this: { getElement(): HTMLElement | null | undefined }) {
  this.getElement()?.querySelector(".shepherd-title")?.setAttribute("aria-level", "2");
}

/** Whether this browser has seen the tour. Storage the browser refuses counts as seen: nothing starts by itself. */
function tourSeen(): boolean {
  try {
    return Boolean(localStorage.getItem(INTRO_FLAG));
  } catch {
    return true;
  }
}

const loadShepherd = () => import("shepherd.js");
// A first visit shows the tour as soon as the page runs: its code is fetched while the page hydrates, not
// after (the import below then finds it loaded). Read as the module loads, so it must never throw.
if (typeof window !== "undefined" && !tourSeen()) void loadShepherd();

export function OnboardingTour({ navigation }: { navigation: NavSection[] }) {
  // Read once: revalidations hand over a new (equal) list, which must not restart the tour.
  const navigationRef = useRef(navigation);
  useEffect(() => {
    let cancelled = false;
    let stop = () => {};
    const start = () => {
      void loadShepherd().then(({ default: Shepherd }) => {
        if (cancelled) return;
        stop();
        const tour = new Shepherd.Tour({
          useModalOverlay: true,
          exitOnEsc: true,
          defaultStepOptions: { scrollTo: false, cancelIcon: { enabled: false }, classes: "launchpad-tour" },
        });
        const steps = tourSteps(navigationRef.current);
        steps.forEach((step, index) => {
          const last = index === steps.length - 1;
          tour.addStep({
            ...step,
            when: { show: titleAtLevelTwo },
            buttons: [
              ...(last ? [] : [{ text: "Skip", action: () => tour.cancel(), secondary: true, classes: "shepherd-button-secondary" }]),
              last ? { text: "Done", action: () => tour.complete() } : { text: "Next", action: () => tour.next() },
            ],
          });
        });
        const finish = () => localStorage.setItem(INTRO_FLAG, "true");
        tour.on("complete", finish);
        tour.on("cancel", finish);
        stop = () => tour.isActive() && tour.hide();
        void tour.start();
      });
    };
    if (!tourSeen()) start();
    window.addEventListener(TOUR_START_EVENT, start);
    return () => {
      cancelled = true;
      window.removeEventListener(TOUR_START_EVENT, start);
      stop();
    };
  }, []);
  return null;
}

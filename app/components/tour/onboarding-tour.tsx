import { useEffect, useRef } from "react";
import type { NavSection } from "../app-shell/navigation";
import { tourTarget } from "../app-shell/navigation";

export const INTRO_FLAG = "introComplete";
/** How much the tour's overlay darkens the page; app.css gives shepherd's overlay the same value. */
export const TOUR_OVERLAY_OPACITY = 0.6;

/**
 * On the first visit, a shepherd.js tour over the real navigation. Finishing or
 * leaving it stores introComplete = "true" so it never starts again in this browser.
 */
export function OnboardingTour({ navigation }: { navigation: NavSection[] }) {
  // Read once: revalidations hand over a new (equal) list, which must not restart the tour.
  const navigationRef = useRef(navigation);
  useEffect(() => {
    const navigation = navigationRef.current;
    if (localStorage.getItem(INTRO_FLAG)) return;
    let cancelled = false;
    let stop = () => {};
    void import("shepherd.js").then(({ default: Shepherd }) => {
      if (cancelled) return;
      const tour = new Shepherd.Tour({
        useModalOverlay: true,
        exitOnEsc: true,
        defaultStepOptions: { scrollTo: false, cancelIcon: { enabled: false }, classes: "launchpad-tour" },
      });
      const items = navigation.flatMap((section) => section.items);
      const steps = [
        { id: "welcome", title: "Welcome to Launchpad", text: "A quick look around the panel. It takes under a minute." },
        ...items.map((item) => ({
          id: tourTarget(item.to),
          title: item.label,
          text: item.tour,
          attachTo: { element: `[data-tour="${tourTarget(item.to)}"]`, on: "right" as const },
        })),
      ];
      steps.forEach((step, index) => {
        const last = index === steps.length - 1;
        tour.addStep({
          ...step,
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
    return () => {
      cancelled = true;
      stop();
    };
  }, []);
  return null;
}

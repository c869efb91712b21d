import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import type { UpcomingEvent } from "#schemas/dashboard";
import type { ApplicationsPerDay } from "#schemas/dashboard";
import type { RenderedChart } from "./chart";
import { ApplicationsPerDayCard, UpcomingCard } from "./owner-cards";

const event = (capacity: number | null, taken: number): UpcomingEvent => ({
  id: 1,
  title: "Demo day",
  starts_at: "2026-12-01T09:00:00.000Z",
  ends_at: "2026-12-01T11:00:00.000Z",
  timezone: "UTC",
  capacity,
  places_taken: taken,
  checked_in: 0,
});

const markup = (Component: () => React.ReactNode) => {
  const Stub = createRoutesStub([{ path: "/", Component }]);
  return renderToStaticMarkup(<Stub initialEntries={["/"]} />).replace(/<!-- -->/g, "");
};

function upcomingText(
  events: UpcomingEvent[],
  opens?: "responses" | "check-in",
  total = events.length,
  canCreate = opens !== "check-in",
): string {
  return markup(() => <UpcomingCard card={{ ok: true, data: { total, events } }} opens={opens} canCreate={canCreate} />);
}

describe("the upcoming events card", () => {
  it("counts places with the capacity's plural", () => {
    expect(upcomingText([event(1, 1)])).toContain("1 of 1 place taken (100 %)");
    expect(upcomingText([event(1, 0)])).toContain("0 of 1 place taken (0 %)");
    expect(upcomingText([event(40, 2)])).toContain("2 of 40 places taken (5 %)");
    expect(upcomingText([event(null, 1)])).toContain("1 application, no capacity limit");
  });

  it("opens each event's responses, or its check-in screen for a member who only checks people in", () => {
    expect(upcomingText([event(10, 1)], undefined, 5)).toContain('href="/event-responses/1"');
    const door = upcomingText([event(10, 1)], "check-in", 5);
    expect(door).toContain('href="/event-forms/check-in/1"');
    expect(door).not.toContain("/event-forms?");
    expect(upcomingText([], "check-in")).not.toContain("Create an event form");
  });
});

describe("a member who may not build forms", () => {
  it("is told there is nothing yet, and not offered to build a form", () => {
    const noForms: ApplicationsPerDay = {
      ...{ period: 30, time_zone: "UTC", from: "2026-11-01", to: "2026-11-30" },
      ...{ event_form: null, total: 0, days: [], forms: [] },
    };
    // With nothing counted the card draws no chart: the first step stands in its place.
    const chart = { data: [], widths: [] } as unknown as RenderedChart;
    const perDay = (canCreate: boolean) =>
      markup(() => <ApplicationsPerDayCard card={{ ok: true, data: { ...noForms, chart } }} canCreate={canCreate} />);
    expect(perDay(true)).toContain("Create an event form");
    expect(perDay(false)).toContain("No applications yet: you have no event forms.");
    expect(perDay(false)).not.toContain("Create an event form");
    expect(upcomingText([], "responses", 0, false)).not.toContain("Create an event form");
    expect(upcomingText([], "responses", 0, true)).toContain("Create an event form");
  });
});

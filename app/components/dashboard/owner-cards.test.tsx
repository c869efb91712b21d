import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import type { UpcomingEvent } from "#schemas/dashboard";
import { UpcomingCard } from "./owner-cards";

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

function upcomingText(events: UpcomingEvent[], opens?: "responses" | "check-in", total = events.length): string {
  const Stub = createRoutesStub([
    { path: "/", Component: () => <UpcomingCard card={{ ok: true, data: { total, events } }} opens={opens} /> },
  ]);
  return renderToStaticMarkup(<Stub initialEntries={["/"]} />).replace(/<!-- -->/g, "");
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

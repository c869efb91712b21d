import { describe, expect, it } from "vitest";
import type { UpcomingEvent } from "#schemas/dashboard";
import type { DashboardData } from "~/routes/dashboard/data.server";
import { headlineFigures } from "./headline-figures";

const event = (id: number, taken: number): UpcomingEvent => ({
  id,
  title: `Event ${id}`,
  starts_at: "2026-12-01T09:00:00.000Z",
  ends_at: "2026-12-01T11:00:00.000Z",
  timezone: "UTC",
  capacity: 40,
  places_taken: taken,
  checked_in: 0,
});

const withUpcoming = (total: number, events: UpcomingEvent[]) =>
  ({ upcoming: { ok: true, data: { total, events } } }) as unknown as DashboardData;

describe("the upcoming events figure", () => {
  it("counts the places of the events it lists, and says so when more are coming than it lists", () => {
    const five = [1, 2, 3, 4, 5].map((id) => event(id, 2));
    expect(headlineFigures(withUpcoming(7, five), 30)).toEqual([
      { label: "Upcoming events", value: "7", note: "10 places taken in the next 5" },
    ]);
    expect(headlineFigures(withUpcoming(2, [event(1, 1), event(2, 0)]), 30)).toEqual([
      { label: "Upcoming events", value: "2", note: "1 place taken" },
    ]);
  });
});

import { describe, expect, it } from "vitest";
import { eventFormSchema } from "./events";
import { instantToZoned, instantWithOffset, zonedToInstant } from "./time";

const base = {
  collection_id: "1",
  title: "Demo day",
  description: "Pitches",
  category: "Demo day",
  nature: "in_person",
  timezone: "Africa/Lagos",
  starts_at: "2026-12-01T18:00",
  ends_at: "2026-12-01T21:00",
  venue: "Hub, Yaba",
  venue_country: "NG",
  venue_city: "Lagos",
  type_of_event: "free",
};

describe("zoned times", () => {
  it("converts wall-clock times in a zone to instants and back, across daylight saving", () => {
    expect(zonedToInstant("2026-12-01T18:00", "Africa/Lagos").toISOString()).toBe("2026-12-01T17:00:00.000Z");
    expect(zonedToInstant("2026-07-01T09:00", "America/New_York").toISOString()).toBe("2026-07-01T13:00:00.000Z");
    expect(zonedToInstant("2026-01-01T09:00", "America/New_York").toISOString()).toBe("2026-01-01T14:00:00.000Z");
    expect(instantToZoned("2026-07-01T13:00:00Z", "America/New_York")).toBe("2026-07-01T09:00");
  });

  it("writes an instant on the zone's clock with its own offset, not Z", () => {
    expect(instantWithOffset("2026-12-05T09:00:00Z", "Asia/Tokyo")).toBe("2026-12-05T18:00:00+09:00");
    expect(instantWithOffset("2026-07-01T13:00:00Z", "America/New_York")).toBe("2026-07-01T09:00:00-04:00");
    expect(instantWithOffset("2026-01-01T14:00:00Z", "America/New_York")).toBe("2026-01-01T09:00:00-05:00");
    expect(instantWithOffset("2026-03-01T12:00:00Z", "Asia/Kolkata")).toBe("2026-03-01T17:30:00+05:30");
    expect(instantWithOffset("2026-03-01T12:00:00Z", "UTC")).toBe("2026-03-01T12:00:00+00:00");
  });
});

describe("eventFormSchema", () => {
  it("accepts a complete free in-person form and fills the defaults", () => {
    const form = eventFormSchema.parse(base);
    expect(form.questions.full_name).toEqual({ enabled: false, required: false });
    expect(form.custom_questions).toEqual([]);
  });

  it("requires what the event's nature and type need", () => {
    const result = eventFormSchema.safeParse({
      ...base,
      nature: "hybrid",
      venue: "",
      venue_country: "",
      venue_city: " ",
      type_of_event: "paid",
      ends_at: "2026-12-01T17:00",
    });
    expect(result.success).toBe(false);
    const paths = result.error!.issues.map((i) => i.path.join("."));
    expect(paths).toEqual(
      expect.arrayContaining(["ends_at", "venue", "venue_country", "venue_city", "online_link", "paid_event_information.price"]),
    );
    // An online event needs no venue, nor its city.
    expect(
      eventFormSchema.safeParse({
        ...base,
        nature: "online",
        online_link: "https://meet.example.com/x",
        venue: "",
        venue_country: "",
        venue_city: "",
      }).success,
    ).toBe(true);
  });

  it("takes choice options one per line and needs at least two", () => {
    const ok = eventFormSchema.parse({ ...base, custom_questions: [{ label: "Track", type: "dropdown", options: "AI\nFintech\n\nAI" }] });
    expect(ok.custom_questions[0].options).toEqual(["AI", "Fintech"]);
    const bad = eventFormSchema.safeParse({ ...base, custom_questions: [{ label: "Track", type: "single_choice", options: "Only" }] });
    expect(bad.error!.issues[0].path).toEqual(["custom_questions", 0, "options"]);
  });

  it("a required standard field is always shown", () => {
    const form = eventFormSchema.parse({ ...base, questions: { email: { required: "on" } } });
    expect(form.questions.email).toEqual({ enabled: true, required: true });
  });
});

describe("eventFormSchema with malformed parts", () => {
  it("reports a bad zone or time on its field instead of throwing", () => {
    const zone = eventFormSchema.safeParse({ ...base, timezone: "Mars/Olympus" });
    expect(zone.error!.issues.map((i) => i.path.join("."))).toContain("timezone");
    const time = eventFormSchema.safeParse({ ...base, starts_at: "tomorrow" });
    expect(time.error!.issues.map((i) => i.path.join("."))).toContain("starts_at");
  });

  it("gives a bad price one message", () => {
    const result = eventFormSchema.safeParse({ ...base, type_of_event: "paid", paid_event_information: { price: "abc", currency: "USD" } });
    expect(result.error!.issues.filter((i) => i.path.join(".") === "paid_event_information.price")).toHaveLength(1);
  });
});

describe("impossible times", () => {
  it("refuses a date that does not exist and a clock time past 23:59", () => {
    for (const starts_at of ["2026-02-31T10:00", "2026-12-01T25:00", "2026-12-01T10:99", "0050-01-01T10:00"]) {
      const result = eventFormSchema.safeParse({ ...base, starts_at });
      expect(
        result.error!.issues.map((i) => i.path.join(".")),
        starts_at,
      ).toContain("starts_at");
    }
  });
});

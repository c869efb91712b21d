import { describe, expect, it } from "vitest";
import { z } from "zod";
import { parseSubmission } from "~/lib/submission.server";
import type { CurrentUser } from "#schemas/auth";
import { DEFAULT_SETTINGS } from "#schemas/settings";
import type { ApiClient } from "~/lib/api.server";
import { newFormTimeZone, refusedLocally } from "./event-form.server";

const schema = z.object({ title: z.string().min(3), custom_questions: z.array(z.object({ label: z.string().min(1) })).default([]) });

function refused(entries: [string, string][]) {
  const body = new FormData();
  for (const [key, value] of entries) body.append(key, value);
  const submission = parseSubmission(body, { schema });
  expect(submission.status).toBe("error");
  return refusedLocally(submission as Parameters<typeof refusedLocally>[0]);
}

describe("a create or update refused before it reaches the API", () => {
  it("names the refused fields in the banner", () => {
    const answer = refused([
      ["title", "x"],
      ["custom_questions[0].label", ""],
    ]);
    expect(answer.init?.status).toBe(422);
    expect(answer.data.failure).toBe("Validation fails for title, questions");
  });

  it("shows no 'Validation fails' banner for a body that could not be read: its form-level message names no field", () => {
    const answer = refused([
      ["title", "A title"],
      ["__intent__", "x"],
    ]);
    expect(answer.init?.status).toBe(422);
    expect(answer.data.failure).toBeNull();
    expect(answer.data.result.error?.[""]).toHaveLength(1);
  });
});

describe("a new form's time zone", () => {
  // An owner the city list cannot place: GET /api/location answers a place of nulls.
  const unplaced = {
    request: async () => ({
      ok: true,
      status: 200,
      body: { cityName: null, country_code: null, latitude: null, longitude: null, timezone: null },
    }),
  };
  const reader = (time_zone?: string) => ({ settings: time_zone ? { ...DEFAULT_SETTINGS, time_zone } : undefined }) as CurrentUser;

  it("is the reader's own zone from their settings when their city gives none, else UTC", async () => {
    expect(await newFormTimeZone(unplaced as unknown as ApiClient, reader("Asia/Tokyo"))).toBe("Asia/Tokyo");
    expect(await newFormTimeZone(unplaced as unknown as ApiClient, reader())).toBe("UTC");
  });
});

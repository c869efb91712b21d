import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_SETTINGS } from "#schemas/settings.ts";
import { registered } from "#api/testing/fixtures.ts";
import { createTestApi, expectEveryCallRefused, type TestApi } from "#api/testing/harness.ts";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

const BASE = "/api/v1/admin/settings";
const VALID = {
  time_zone: "Africa/Lagos",
  date_format: "iso",
  theme: "dark",
  layout: "compact",
  notifications: ["new_follower", "message_received"],
};

describe("settings", () => {
  it("answers 401 without a login", async () => {
    const anonymous = t.client();
    await expectEveryCallRefused(
      anonymous,
      [
        ["GET", BASE],
        ["PUT", BASE, VALID],
      ],
      401,
      { message: "Unauthenticated." },
    );
  });

  it("shows the defaults until the user saves, then what they saved, to them alone", async () => {
    const { client } = await registered(t, "Settler");
    const before = await client.get(BASE);
    expect(before.status).toBe(200);
    expect(before.body).toEqual({ data: DEFAULT_SETTINGS });
    const saved = await client.put(BASE, VALID);
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ message: "Settings saved", data: VALID });
    expect((await client.get(BASE)).body).toEqual({ data: VALID });
    const other = await registered(t, "Neighbour");
    expect((await other.client.get(BASE)).body).toEqual({ data: DEFAULT_SETTINGS });
    // Saving again replaces the row rather than adding one.
    const again = await client.put(BASE, { ...VALID, theme: "light", notifications: [] });
    expect(again.body).toMatchObject({ data: { theme: "light", notifications: [] } });
  });

  it("reads a plain form post: repeated boxes as a list, one box as a list of one, none as none", async () => {
    const { client } = await registered(t, "Form Poster");
    const form = (boxes: string[]) => {
      const body = new URLSearchParams({ time_zone: "Europe/Berlin", date_format: "day-month", theme: "system", layout: "auto" });
      for (const box of boxes) body.append("notifications", box);
      return client.request("PUT", BASE, undefined, { "content-type": "application/x-www-form-urlencoded" }, body.toString());
    };
    await client.prime();
    expect((await form(["new_follower", "invitation_received"])).body).toMatchObject({
      data: { notifications: ["new_follower", "invitation_received"] },
    });
    expect((await form(["message_received"])).body).toMatchObject({ data: { notifications: ["message_received"] } });
    expect((await form([])).body).toMatchObject({ data: { time_zone: "Europe/Berlin", notifications: [] } });
  });

  it("refuses each bad field with its own message and keeps the old settings", async () => {
    const { client } = await registered(t, "Bad Input");
    await client.put(BASE, VALID);
    const bad = await client.put(BASE, {
      time_zone: "Mars/Olympus",
      date_format: "roman",
      theme: "neon",
      layout: "tiny",
      notifications: ["gossip"],
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({
      time_zone: ["Choose a time zone from the list."],
      date_format: ["Choose a date format from the list."],
      theme: ["Choose light, dark or the same as your device."],
      layout: ["Choose a layout from the list."],
      "notifications.0": ["Choose notification types from the list."],
    });
    expect((await client.put(BASE, {})).body.errors).toMatchObject({ time_zone: ["Choose a time zone."] });
    expect((await client.get(BASE)).body).toEqual({ data: VALID });
  });
});

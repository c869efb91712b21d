/** The door's scans under the member's limit (CHECK_IN_MAX_PER_MEMBER): ticket codes cannot be tried by the hundred. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { waitTime } from "#schemas/plural.ts";
import { defaultApiConfig } from "#api/config.ts";
import { ownerWithForm } from "#api/testing/application-fixtures.ts";
import { createTestApi, type TestApi } from "#api/testing/harness.ts";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

const { checkInMaxPerMember: max, checkInWindowSeconds: window } = defaultApiConfig;

describe("scans per member", () => {
  it(`${max + 20} guesses at once: ${max} are looked up, the rest get 429 with Retry-After, and the member's next scan too`, async () => {
    const { owner, form } = await ownerWithForm(t);
    const scan = (code: string) => owner.client.post(`/api/v1/admin/event_forms/${form.id}/check_ins`, { code });
    const results = await Promise.all(Array.from({ length: max + 20 }, (_, i) => scan(`GUESS${String(i).padStart(3, "0")}`)));
    expect(results.filter((r) => r.status === 404)).toHaveLength(max);
    const refused = results.filter((r) => r.status === 429);
    expect(refused).toHaveLength(20);
    for (const answer of refused) {
      const seconds = Number(answer.headers.get("retry-after"));
      expect(seconds).toBeGreaterThan(0);
      expect(seconds).toBeLessThanOrEqual(window);
      expect(answer.body.message).toBe(
        `Too many tickets scanned: at most ${max} tickets in ${waitTime(window)} per member. Please try again in ${waitTime(seconds)}.`,
      );
      expect(answer.body.errors).toEqual({ code: [answer.body.message] });
    }
    expect((await scan("ANOTHER1")).status).toBe(429);
    // The limit is the member's: another door keeps scanning.
    const other = await ownerWithForm(t);
    expect((await other.owner.client.post(`/api/v1/admin/event_forms/${other.form.id}/check_ins`, { code: "ANOTHER1" })).status).toBe(404);
  });
});

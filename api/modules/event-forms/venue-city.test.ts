/** An event's venue city: a country and a city of it from the app's list, checked like setup's and billing's. */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventForms } from "#api/db/events-schema.ts";
import type { FieldErrors } from "#api/lib/errors.ts";
import {
  createEventForm,
  eventFormData,
  ownerWithCollection,
  setEventFormStatus,
  validEventFormFields,
} from "#api/testing/event-fixtures.ts";
import { registered } from "#api/testing/fixtures.ts";
import { createTestApi, type TestApi } from "#api/testing/harness.ts";
import type { EventFormView } from "#schemas/event-form-views.ts";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

type Answer = { event_form: EventFormView; message: string; errors: FieldErrors };
const BASE = "/api/v1/admin/event_forms";

async function storedPlace(id: number) {
  const [row] = await t.database.db
    .select({ country: eventForms.venueCountry, city: eventForms.venueCity })
    .from(eventForms)
    .where(eq(eventForms.id, id));
  return row;
}

describe("an event form's venue country and city", () => {
  it("stores a city of the country as the list spells it, and shows it to owner and applicants", async () => {
    const { client, collection } = await ownerWithCollection(t);
    const res = await client.post<Answer>(
      BASE,
      validEventFormFields(collection.id, { nature: "in_person", venue_country: "ng", venue_city: "  ikeja " }),
    );
    expect(res.status).toBe(201);
    expect(res.body.event_form).toMatchObject({ venue: "Yaba Tech Hub, Lagos", venue_country: "NG", venue_city: "Ikeja" });
    expect(await storedPlace(res.body.event_form.id)).toEqual({ country: "NG", city: "Ikeja" });
    // Accents need not be typed: the list's spelling is kept.
    const accented = await client.post<Answer>(
      BASE,
      eventFormData(validEventFormFields(collection.id, { venue_country: "BR", venue_city: "sao paulo" })),
    );
    expect(accented.body.event_form).toMatchObject({ venue_country: "BR", venue_city: "São Paulo" });

    await setEventFormStatus(client, res.body.event_form.id, "published");
    const { client: applicant } = await registered(t, "Applicant");
    const site = await applicant.get(`/api/v1/site/event_forms/${res.body.event_form.id}`);
    expect(site.body.event_form).toMatchObject({ venue: "Yaba Tech Hub, Lagos", venue_country: "NG", venue_city: "Ikeja" });
  });

  it("refuses a city that is not in the list for that country: 422 with suggestions, as setup says", async () => {
    const { client, collection } = await ownerWithCollection(t);
    const res = await client.post<Answer>(BASE, validEventFormFields(collection.id, { venue_country: "NG", venue_city: "Lagoss" }));
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      message: "The city is not one we know in Nigeria. Did you mean Lagos?",
      errors: { venue_city: ["The city is not one we know in Nigeria. Did you mean Lagos?"] },
    });
    // A real city, but of another country.
    const elsewhere = await client.post<Answer>(BASE, validEventFormFields(collection.id, { venue_country: "KE", venue_city: "Lagos" }));
    expect(elsewhere.status).toBe(422);
    expect(elsewhere.body.errors.venue_city[0]).toMatch(/^The city is not one we know in Kenya\./);
    const unknownCountry = await client.post<Answer>(
      BASE,
      validEventFormFields(collection.id, { venue_country: "XX", venue_city: "Lagos" }),
    );
    expect(unknownCountry.status).toBe(422);
    expect(unknownCountry.body.errors).toEqual({ venue_country: ["The selected venue country is invalid."] });
    expect((await client.get<{ meta: { total: number } }>(BASE)).body.meta.total).toBe(0);
  });

  it("requires the country and the city for an in-person or hybrid event", async () => {
    const { client, collection } = await ownerWithCollection(t);
    for (const nature of ["in_person", "hybrid"]) {
      const res = await client.post<Answer>(
        BASE,
        validEventFormFields(collection.id, { nature, venue_country: "", venue_city: undefined }),
      );
      expect(res.status, nature).toBe(422);
      expect(res.body.errors, nature).toEqual({
        venue_country: ["The venue country field is required for an in-person or hybrid event."],
        venue_city: ["The venue city field is required for an in-person or hybrid event."],
      });
    }
    const badCode = await client.post<Answer>(BASE, validEventFormFields(collection.id, { venue_country: "Nigeria" }));
    expect(badCode.body.errors).toEqual({ venue_country: ["The selected venue country is invalid."] });
  });

  it("keeps no venue city for an online event, whatever the form still held", async () => {
    const { client, collection } = await ownerWithCollection(t);
    const res = await client.post<Answer>(
      BASE,
      validEventFormFields(collection.id, { nature: "online", venue: "", venue_country: "NG", venue_city: "Atlantis" }),
    );
    expect(res.status).toBe(201);
    expect(res.body.event_form).toMatchObject({ venue_country: null, venue_city: null });
  });

  it("checks the city on an update too, and a refused update leaves the stored one", async () => {
    const { client, collection } = await ownerWithCollection(t);
    const form = await createEventForm(client, collection.id);
    const refused = await client.put<Answer>(
      `${BASE}/${form.id}`,
      validEventFormFields(collection.id, { venue_country: "GH", venue_city: "Acraa" }),
    );
    expect(refused.status).toBe(422);
    expect(refused.body.errors.venue_city[0]).toMatch(/^The city is not one we know in Ghana\. Did you mean .*Accra/);
    expect(await storedPlace(form.id)).toEqual({ country: "NG", city: "Lagos" });
    const moved = await client.put<Answer>(
      `${BASE}/${form.id}`,
      validEventFormFields(collection.id, { venue_country: "GH", venue_city: "accra" }),
    );
    expect(moved.status).toBe(200);
    expect(moved.body.event_form).toMatchObject({ venue_country: "GH", venue_city: "Accra" });
  });
});

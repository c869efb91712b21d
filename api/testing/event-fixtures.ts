import { toApiMultipart } from "#schemas/api-multipart.ts";
import type { TestApi, TestClient } from "./harness.ts";
import { users } from "../db/schema.ts";
import { eventApplications, type ApplicationStatus } from "../db/events-schema.ts";
import { registered, setUpStartupProfile, uniqueEmail } from "./fixtures.ts";
import type { CollectionView, EventFormView } from "#schemas/event-form-views.ts";

let counter = 0;
const unique = () => `${Date.now().toString(36)}-${++counter}`;

/** A startup owner, logged in, with one collection of their own. */
export async function ownerWithCollection(t: TestApi, name = `Events ${unique()}`) {
  const account = await registered(t, "Event Owner");
  const startup = await setUpStartupProfile(account.client);
  const res = await account.client.post("/api/v1/admin/collections", { name });
  if (res.status !== 201) throw new Error(`create collection failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { ...account, startup, collection: res.body.collection as CollectionView };
}

export type EventFormFields = Record<string, unknown>;

/**
 * A complete, valid event form as a JSON body: a free hybrid meetup on 1 June 2035, 18:00–21:00 in Lagos,
 * asking for name and email and one custom choice question. `overrides` replace fields one by one.
 */
export function validEventFormFields(collectionId: number, overrides: EventFormFields = {}): EventFormFields {
  return {
    collection_id: collectionId,
    title: "Founders meetup",
    description: "An evening of demos and conversations.",
    category: "Meetup",
    nature: "hybrid",
    timezone: "Africa/Lagos",
    starts_at: "2035-06-01T18:00",
    ends_at: "2035-06-01T21:00",
    venue: "Yaba Tech Hub, Lagos",
    venue_country: "NG",
    venue_city: "Lagos",
    online_link: "https://meet.example.com/founders",
    capacity: 120,
    application_deadline: "2035-05-30T23:59",
    type_of_event: "free",
    questions: {
      full_name: { enabled: true, required: true },
      email: { enabled: true, required: true },
      company: { enabled: true, required: false },
    },
    custom_questions: [
      { label: "What are you building?", type: "long_text", required: true },
      { label: "How did you hear about us?", type: "single_choice", required: false, options: ["Friend", "Social media", "Other"] },
    ],
    ...overrides,
  };
}

/** The same fields as a multipart body: nested values as JSON text, files as they are. */
export function eventFormData(fields: EventFormFields): FormData {
  return toApiMultipart(fields);
}

/** Creates a valid form (a draft) through the API and returns its resource. */
export async function createEventForm(client: TestClient, collectionId: number, overrides: EventFormFields = {}): Promise<EventFormView> {
  const res = await client.post("/api/v1/admin/event_forms", validEventFormFields(collectionId, overrides));
  if (res.status !== 201) throw new Error(`create event form failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.event_form;
}

/** Moves a form to another status (e.g. "published" so people can apply) and returns its resource. */
export async function setEventFormStatus(
  client: TestClient,
  formId: number,
  status: "draft" | "published" | "closed",
): Promise<EventFormView> {
  const res = await client.put(`/api/v1/admin/event_form_statuses/${formId}`, { status });
  if (res.status !== 200) throw new Error(`status change failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.event_form;
}

/** A published form, ready for applications. */
export async function publishedEventForm(client: TestClient, collectionId: number, overrides: EventFormFields = {}) {
  const form = await createEventForm(client, collectionId, overrides);
  return setEventFormStatus(client, form.id, "published");
}

/** An application straight in the database, for modules that only need one to exist. */
export async function insertApplication(t: TestApi, formId: number, status: ApplicationStatus) {
  const [user] = await t.database.db
    .insert(users)
    .values({ name: "Applicant", email: uniqueEmail("applicant"), passwordHash: "not-a-real-hash" })
    .returning({ id: users.id });
  const [application] = await t.database.db
    .insert(eventApplications)
    .values({
      eventFormId: formId,
      userId: user.id,
      status,
      applicantName: "Applicant",
      applicantEmail: "applicant@example.com",
      submittedAt: status === "draft" ? null : new Date(),
    })
    .returning({ id: eventApplications.id, userId: eventApplications.userId });
  return application;
}

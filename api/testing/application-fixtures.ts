import { collections, eventForms, type CustomQuestion } from "../db/events-schema.ts";
import { registered, setUpStartupProfile } from "./fixtures.ts";
import type { TestApi, TestClient } from "./harness.ts";

type FormInsert = typeof eventForms.$inferInsert;
export type EventFormRow = typeof eventForms.$inferSelect;

const DAY = 24 * 60 * 60 * 1000;
export const daysFromNow = (days: number) => new Date(Date.now() + days * DAY);

/** A logged-in startup owner (registered and set up), with the startup as the API returned it. */
export async function startupOwner(t: TestApi, name = "Owner") {
  const account = await registered(t, name);
  const startup = await setUpStartupProfile(account.client);
  return { ...account, startup: startup as { id: number; name: string; username: string } };
}

/**
 * Inserts a collection and an event form for the startup straight into the database (the event-forms
 * API is not needed to test applications). By default: published, online, free, a week away, asking
 * for the full name and email.
 */
export async function insertEventForm(t: TestApi, startupId: number, overrides: Partial<FormInsert> = {}): Promise<EventFormRow> {
  const db = t.database.db;
  const [collection] = await db.insert(collections).values({ startupId, name: "Season one" }).returning({ id: collections.id });
  const startsAt = overrides.startsAt ?? daysFromNow(7);
  const [form] = await db
    .insert(eventForms)
    .values({
      startupId,
      collectionId: collection.id,
      title: "Demo day",
      description: "Founders pitch to investors.",
      category: "Demo day",
      nature: "online",
      startsAt,
      endsAt: new Date(startsAt.getTime() + 3 * 60 * 60 * 1000),
      timezone: "Africa/Lagos",
      onlineLink: "https://meet.example.com/demo",
      typeOfEvent: "free",
      questions: { full_name: { enabled: true, required: true }, email: { enabled: true, required: true } },
      customQuestions: [],
      status: "published",
      ...overrides,
    })
    .returning();
  return form;
}

/** A startup owner with one event form. */
export async function ownerWithForm(t: TestApi, overrides: Partial<FormInsert> = {}) {
  const owner = await startupOwner(t);
  const form = await insertEventForm(t, owner.startup.id, overrides);
  return { owner, form };
}

/** One custom question of every type, all required, with stable ids `q-<type>`. */
export const EVERY_TYPE_QUESTIONS: CustomQuestion[] = [
  { id: "q-short", label: "Pitch in a line", help_text: null, type: "short_text", required: true, options: [] },
  { id: "q-long", label: "Tell us more", help_text: null, type: "long_text", required: true, options: [] },
  { id: "q-number", label: "Team size", help_text: null, type: "number", required: true, options: [] },
  { id: "q-email", label: "Billing email", help_text: null, type: "email", required: true, options: [] },
  { id: "q-url", label: "Deck link", help_text: null, type: "url", required: true, options: [] },
  { id: "q-phone", label: "Mobile", help_text: null, type: "phone", required: true, options: [] },
  { id: "q-date", label: "Founded on", help_text: null, type: "date", required: true, options: [] },
  { id: "q-single", label: "Stage", help_text: null, type: "single_choice", required: true, options: ["Idea", "Seed", "Series A"] },
  { id: "q-multi", label: "Interests", help_text: null, type: "multiple_choice", required: true, options: ["AI", "Fintech", "Health"] },
  { id: "q-dropdown", label: "Country", help_text: null, type: "dropdown", required: true, options: ["Nigeria", "Kenya"] },
  { id: "q-yesno", label: "Need a visa?", help_text: null, type: "yes_no", required: true, options: [] },
  { id: "q-file", label: "Deck", help_text: null, type: "file", required: true, options: [] },
];

/** Answers valid for EVERY_TYPE_QUESTIONS, except the file (JSON cannot carry one). */
export const VALID_TYPED_ANSWERS = {
  "q-short": "Robots for farms",
  "q-long": "We build robots.",
  "q-number": "12",
  "q-email": "billing@acme.example.com",
  "q-url": "https://acme.example.com/deck",
  "q-phone": "+234 (801) 234-5678",
  "q-date": "2021-02-28",
  "q-single": "Seed",
  "q-multi": ["AI", "Health"],
  "q-dropdown": "Kenya",
  "q-yesno": "yes",
};

/** Sends an application as JSON. */
export const sendApplication = (
  client: TestClient,
  formId: number,
  answers: Record<string, unknown>,
  intent: "draft" | "submit" = "submit",
) => client.post(`/api/v1/admin/event_forms/${formId}/applications`, { intent, answers });

/** Sends an application as multipart: `answers[<key>]` fields, lists as repeated fields, files as files. */
export function applicationForm(answers: Record<string, string | string[] | File>, intent: "draft" | "submit" = "submit") {
  const form = new FormData();
  form.set("intent", intent);
  for (const [key, value] of Object.entries(answers)) {
    for (const item of Array.isArray(value) ? value : [value]) form.append(`answers[${key}]`, item);
  }
  return form;
}

/** A minimal file starting with the PDF signature. */
export const pdfFile = (name = "deck.pdf") =>
  new File([new TextEncoder().encode("%PDF-1.4\n1 0 obj\n<<>>\nendobj\n%%EOF\n")], name, { type: "application/pdf" });

/** A PDF-signed upload of exactly `size` bytes (for the size limit). */
export function largePdfFile(size: number, name = "big.pdf") {
  const bytes = new Uint8Array(size);
  bytes.set(new TextEncoder().encode("%PDF-"));
  return new File([bytes], name, { type: "application/pdf" });
}

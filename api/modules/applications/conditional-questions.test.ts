import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventApplications, type CustomQuestion } from "#api/db/events-schema.ts";
import { ownerWithForm, sendApplication, startupOwner, type EventFormRow } from "#api/testing/application-fixtures.ts";
import { registered } from "#api/testing/fixtures.ts";
import { createTestApi, type TestApi } from "#api/testing/harness.ts";
import { parseCsv } from "#api/testing/csv.ts";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

/** Track decides whether the portfolio is asked; the portfolio's answer decides the link; visa stands alone. */
const RULED: CustomQuestion[] = [
  { id: "q-track", label: "Track", help_text: null, type: "dropdown", required: true, options: ["Design", "Engineering", "Research"] },
  {
    id: "q-portfolio",
    label: "Do you have a portfolio?",
    help_text: null,
    type: "yes_no",
    required: true,
    options: [],
    show_if: { question_id: "q-track", values: ["Design", "Research"] },
  },
  {
    id: "q-link",
    label: "Portfolio link",
    help_text: null,
    type: "url",
    required: true,
    options: [],
    show_if: { question_id: "q-portfolio", values: ["Yes"] },
  },
  { id: "q-why", label: "Why?", help_text: null, type: "short_text", required: false, options: [] },
];

let owner: Awaited<ReturnType<typeof startupOwner>>;
let form: EventFormRow;
beforeAll(async () => {
  ({ owner, form } = await ownerWithForm(t, { questions: { full_name: { enabled: true, required: true } }, customQuestions: RULED }));
});

const storedAnswers = async (id: number) =>
  (await t.database.db.select({ answers: eventApplications.answers }).from(eventApplications).where(eq(eventApplications.id, id)))[0]
    .answers;

describe("applying to a form with conditional questions", () => {
  it("does not require a hidden required question, and drops the answer given to it", async () => {
    const { client } = await registered(t);
    const res = await sendApplication(client, form.id, {
      full_name: "Ada",
      "q-track": "Engineering",
      // Both hidden: the track does not show the portfolio, so neither does the portfolio show the link.
      "q-portfolio": "yes",
      "q-link": "https://ada.example.com",
      "q-why": "To learn",
    });
    expect(res.status).toBe(201);
    expect(res.body.event_application.answers).toEqual({ full_name: "Ada", "q-track": "Engineering", "q-why": "To learn" });
    expect(await storedAnswers(res.body.event_application.id)).toEqual({ full_name: "Ada", "q-track": "Engineering", "q-why": "To learn" });
  });

  it("keeps a shown required question required, down the chain", async () => {
    const { client } = await registered(t);
    const missing = await sendApplication(client, form.id, { full_name: "Grace", "q-track": "Design" });
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({ "answers.q-portfolio": ["This question is required."] });

    const noLink = await sendApplication(client, form.id, { full_name: "Grace", "q-track": "Design", "q-portfolio": "yes" });
    expect(noLink.status).toBe(422);
    expect(noLink.body.errors).toEqual({ "answers.q-link": ["This question is required."] });

    const whole = await sendApplication(client, form.id, {
      full_name: "Grace",
      "q-track": "Research",
      "q-portfolio": "yes",
      "q-link": "https://grace.example.com",
    });
    expect(whole.status).toBe(201);
    expect(whole.body.event_application.answers).toEqual({
      full_name: "Grace",
      "q-track": "Research",
      "q-portfolio": true,
      "q-link": "https://grace.example.com",
    });
  });

  it("does not check an answer to a hidden question (a bad one is dropped, not refused)", async () => {
    const { client } = await registered(t);
    const res = await sendApplication(client, form.id, {
      full_name: "Linus",
      "q-track": "Design",
      "q-portfolio": "no",
      "q-link": "not a url",
    });
    expect(res.status).toBe(201);
    expect(res.body.event_application.answers).toEqual({ full_name: "Linus", "q-track": "Design", "q-portfolio": false });
  });

  it("hides every conditional question when the question it depends on is left blank (a draft)", async () => {
    const { client } = await registered(t);
    const res = await sendApplication(client, form.id, { full_name: "Draft", "q-portfolio": "yes" }, "draft");
    expect(res.status).toBe(201);
    expect(res.body.event_application.answers).toEqual({ full_name: "Draft" });
  });
});

describe("responses show only what applied", () => {
  it("leaves out, in the list, the detail and the CSV, an answer kept before its question got a rule", async () => {
    const { client } = await registered(t);
    const sent = await sendApplication(client, form.id, { full_name: "Mary", "q-track": "Engineering", "q-why": "Curious" });
    expect(sent.status).toBe(201);
    const id = sent.body.event_application.id as number;
    // As if kept before the portfolio question was made conditional.
    await t.database.db
      .update(eventApplications)
      .set({ answers: { full_name: "Mary", "q-track": "Engineering", "q-portfolio": true, "q-why": "Curious" } })
      .where(eq(eventApplications.id, id));

    const detail = await owner.client.get(`/api/v1/admin/event_forms/${form.id}/responses/${id}`);
    expect(detail.status).toBe(200);
    expect(detail.body.event_application.answers).toEqual({ full_name: "Mary", "q-track": "Engineering", "q-why": "Curious" });

    const list = await owner.client.get(`/api/v1/admin/event_forms/${form.id}/responses?search=Mary`);
    expect(list.body.data.map((a: { answers: unknown }) => a.answers)).toEqual([
      { full_name: "Mary", "q-track": "Engineering", "q-why": "Curious" },
    ]);

    const csv = parseCsv((await owner.client.get(`/api/v1/admin/event_forms/${form.id}/responses.csv?search=Mary`)).body as string);
    const header = csv[0];
    const row = csv.find((cells) => cells.includes("Mary"))!;
    const cellOf = (label: string) => row[header.indexOf(label)];
    expect(cellOf("Track")).toBe("Engineering");
    expect(cellOf("Do you have a portfolio?")).toBe("");
    expect(cellOf("Portfolio link")).toBe("");
    expect(cellOf("Why?")).toBe("Curious");
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "#api/db/schema.ts";
import { eventApplications } from "#api/db/events-schema.ts";
import {
  applicationForm,
  ownerWithForm,
  pdfFile,
  sendApplication,
  startupOwner,
  type EventFormRow,
} from "#api/testing/application-fixtures.ts";
import { grantRole, registered, registeredAs, uniqueEmail } from "#api/testing/fixtures.ts";
import { createTestApi, type TestApi } from "#api/testing/harness.ts";
import { parseCsv } from "#api/testing/csv.ts";
import { formatTicketCode } from "#schemas/check-ins.ts";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

type Owner = Awaited<ReturnType<typeof startupOwner>>;
const responsesOf = (formId: number, query = "") => `/api/v1/admin/event_forms/${formId}/responses${query}`;

/** A submitted application by a new user; answers default to the user's own name and email. */
async function applied(formId: number, name: string, extra: Record<string, unknown> = {}) {
  const email = uniqueEmail(name.toLowerCase().replace(/[^a-z]/g, "") || "x");
  const applicant = await registeredAs(t, name, email);
  const res = await sendApplication(applicant.client, formId, { full_name: name, email, ...extra });
  if (res.status !== 201) throw new Error(`apply failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { ...applicant, application: res.body.event_application };
}

describe("guards", () => {
  let owner: Owner;
  let form: EventFormRow;
  let applicationId: number;
  beforeAll(async () => {
    ({ owner, form } = await ownerWithForm(t));
    applicationId = (await applied(form.id, "Guarded")).application.id;
  });

  it("answers 401 to every owner call without a login", async () => {
    const guest = await t.client().prime();
    for (const path of [responsesOf(form.id), responsesOf(form.id, ".csv"), responsesOf(form.id, `/${applicationId}`)]) {
      const res = await guest.get(path);
      expect(res.status, path).toBe(401);
      expect(res.body).toEqual({ message: "Unauthenticated." });
    }
    const status = await guest.put(`/api/v1/admin/event_applications/${applicationId}/status`, { status: "accepted" });
    expect(status.status).toBe(401);
  });

  it("answers 403 to a co-founder without event response read or write", async () => {
    const coFounder = await registered(t, "Co Founder");
    await grantRole(t, coFounder.id, "co-founder");
    for (const path of [responsesOf(form.id), responsesOf(form.id, ".csv"), responsesOf(form.id, `/${applicationId}`)]) {
      const res = await coFounder.client.get(path);
      expect(res.status, path).toBe(403);
      expect(res.body).toEqual({ message: "Access Forbidden" });
    }
    const status = await coFounder.client.put(`/api/v1/admin/event_applications/${applicationId}/status`, { status: "accepted" });
    expect(status.status).toBe(403);
    expect(status.body).toEqual({ message: "Access Forbidden" });
  });

  it("answers 403 to another startup's owner, and 404 on their status change", async () => {
    const other = await startupOwner(t, "Rival");
    for (const path of [responsesOf(form.id), responsesOf(form.id, ".csv"), responsesOf(form.id, `/${applicationId}`)]) {
      const res = await other.client.get(path);
      expect(res.status, path).toBe(403);
      expect(res.body).toEqual({ message: "Access Forbidden" });
    }
    const status = await other.client.put(`/api/v1/admin/event_applications/${applicationId}/status`, { status: "accepted" });
    expect(status.status).toBe(404);
    expect(status.body).toEqual({ message: "Event Application not found" });
  });

  it("answers 404 Event form not found for a missing form", async () => {
    for (const path of [responsesOf(999999), responsesOf(999999, ".csv"), responsesOf(999999, `/${applicationId}`), responsesOf(0)]) {
      const res = await owner.client.get(path);
      expect(res.status, path).toBe(404);
      expect(res.body).toEqual({ message: "Event form not found" });
    }
  });

  it("answers 404 Event Application not found for a missing application, a draft, or one of another form", async () => {
    const drafter = await registered(t);
    const draft = await sendApplication(drafter.client, form.id, {}, "draft");
    const otherForm = (await ownerWithForm(t)).form;
    const elsewhere = await applied(otherForm.id, "Elsewhere");
    for (const id of [999999, draft.body.event_application.id, elsewhere.application.id]) {
      const res = await owner.client.get(responsesOf(form.id, `/${id}`));
      expect(res.status, String(id)).toBe(404);
      expect(res.body).toEqual({ message: "Event Application not found" });
    }
    const missing = await owner.client.put("/api/v1/admin/event_applications/999999/status", { status: "accepted" });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ message: "Event Application not found" });
  });
});

describe("responses", () => {
  let owner: Owner;
  let form: EventFormRow;
  const people: Record<string, Awaited<ReturnType<typeof applied>>> = {};
  beforeAll(async () => {
    ({ owner, form } = await ownerWithForm(t, {
      customQuestions: [{ id: "q-why", label: "Why?", help_text: null, type: "long_text", required: false, options: [] }],
    }));
    for (const name of ["Charlie 100% Real", "alice under_score", "Bob Plain"]) people[name] = await applied(form.id, name);
    // Drafts are not responses.
    const drafter = await registeredAs(t, "Draft Dora", uniqueEmail("dora"));
    await sendApplication(drafter.client, form.id, { full_name: "Draft Dora" }, "draft");
  });

  it("lists submitted applications newest first, with the form beside them", async () => {
    const res = await owner.client.get(responsesOf(form.id));
    expect(res.status).toBe(200);
    expect(res.body.meta).toMatchObject({ total: 3, current_page: 1, per_page: 15, from: 1, to: 3 });
    expect(res.body.links).toMatchObject({ prev: null, next: null });
    expect(res.body.data.map((a: { applicant_name: string }) => a.applicant_name)).toEqual([
      "Bob Plain",
      "alice under_score",
      "Charlie 100% Real",
    ]);
    expect(res.body.data[0]).toMatchObject({ status: "pending", event_form_id: form.id, answers: { full_name: "Bob Plain" } });
    expect(res.body.event_form).toEqual({
      id: form.id,
      title: "Demo day",
      starts_at: form.startsAt.toISOString(),
      ends_at: form.endsAt.toISOString(),
      timezone: "Africa/Lagos",
      status: "published",
      type_of_event: "free",
      capacity: null,
      questions: form.questions,
      custom_questions: form.customQuestions,
    });
  });

  it("searches by name or email with % and _ taken literally", async () => {
    const names = async (query: string) =>
      (await owner.client.get(responsesOf(form.id, query))).body.data.map((a: { applicant_name: string }) => a.applicant_name);
    expect(await names("?search=%25")).toEqual(["Charlie 100% Real"]);
    expect(await names("?search=_")).toEqual(["alice under_score"]);
    expect(await names("?search=PLAIN")).toEqual(["Bob Plain"]);
    expect(await names(`?search=${encodeURIComponent(people["Bob Plain"].email)}`)).toEqual(["Bob Plain"]);
    expect(await names("?search=dora")).toEqual([]);
  });

  it("sorts by name, status and submission, and pages", async () => {
    const byName = await owner.client.get(responsesOf(form.id, "?sort_by=applicant_name&sort_order=asc"));
    expect(byName.body.data.map((a: { applicant_name: string }) => a.applicant_name)).toEqual([
      "alice under_score",
      "Bob Plain",
      "Charlie 100% Real",
    ]);
    const oldest = await owner.client.get(responsesOf(form.id, "?sort_by=submitted_at&sort_order=asc&per_page=2&page=2"));
    expect(oldest.body.meta).toMatchObject({ total: 3, last_page: 2, from: 3, to: 3 });
    expect(oldest.body.data.map((a: { applicant_name: string }) => a.applicant_name)).toEqual(["Bob Plain"]);
  });

  it("shows one response with its form", async () => {
    const id = people["Bob Plain"].application.id;
    const res = await owner.client.get(responsesOf(form.id, `/${id}`));
    expect(res.status).toBe(200);
    expect(res.body.event_application).toEqual(people["Bob Plain"].application);
    expect(res.body.event_form.id).toBe(form.id);
  });

  it("changes status, filters by it, and the applicant sees the change", async () => {
    const alice = people["alice under_score"];
    const res = await owner.client.put(`/api/v1/admin/event_applications/${alice.application.id}/status`, { status: "shortlisted" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ message: "Status updated.", event_application: { id: alice.application.id, status: "shortlisted" } });
    await owner.client.put(`/api/v1/admin/event_applications/${alice.application.id}/status`, { status: "accepted" });

    const accepted = await owner.client.get(responsesOf(form.id, "?status=accepted"));
    expect(accepted.body.data.map((a: { id: number }) => a.id)).toEqual([alice.application.id]);
    const mine = await alice.client.get("/api/v1/admin/event_applications");
    expect(mine.body.data.find((a: { id: number }) => a.id === alice.application.id).status).toBe("accepted");
    const one = await alice.client.get(`/api/v1/admin/event_applications/${alice.application.id}`);
    expect(one.body.event_application.status).toBe("accepted");
  });

  it("refuses an unknown status, and status changes of drafts and cancelled applications", async () => {
    const bob = people["Bob Plain"];
    for (const status of ["approved", "draft", "cancelled", ""]) {
      const res = await owner.client.put(`/api/v1/admin/event_applications/${bob.application.id}/status`, { status });
      expect(res.status, status).toBe(422);
      expect(Object.keys(res.body.errors)).toEqual(["status"]);
    }
    const bad = await owner.client.put(`/api/v1/admin/event_applications/${bob.application.id}/status`, { status: "approved" });
    expect(bad.body.errors).toEqual({ status: ["The selected status is invalid."] });

    const drafter = await registered(t);
    const draft = await sendApplication(drafter.client, form.id, {}, "draft");
    const draftRes = await owner.client.put(`/api/v1/admin/event_applications/${draft.body.event_application.id}/status`, {
      status: "accepted",
    });
    // A draft is invisible on the owner's side: its status cannot even be probed.
    expect(draftRes.status).toBe(404);
    expect(draftRes.body).toEqual({ message: "Event Application not found" });

    const quitter = await applied(form.id, "Quitter");
    await quitter.client.put(`/api/v1/admin/event_applications/${quitter.application.id}/cancel_apply`);
    const cancelledRes = await owner.client.put(`/api/v1/admin/event_applications/${quitter.application.id}/status`, {
      status: "accepted",
    });
    expect(cancelledRes.status).toBe(422);
    expect(cancelledRes.body.errors).toEqual({ status: ["Only a submitted application can change status."] });
    // A cancelled application stays among the responses, marked as such.
    const cancelled = await owner.client.get(responsesOf(form.id, "?status=cancelled"));
    expect(cancelled.body.data.map((a: { id: number }) => a.id)).toEqual([quitter.application.id]);
  });

  it("answers 403 to a user holding the permission without owning the form's startup", async () => {
    const helper = await registered(t, "Helper");
    await grantRole(t, helper.id, "startup");
    const res = await helper.client.get(responsesOf(form.id));
    expect(res.status).toBe(403);
  });
});

describe("CSV export", () => {
  let owner: Owner;
  let form: EventFormRow;
  beforeAll(async () => {
    ({ owner, form } = await ownerWithForm(t, {
      questions: {
        full_name: { enabled: true, required: true },
        email: { enabled: true, required: true },
        company: { enabled: true, required: false },
        phone: { enabled: true, required: false },
      },
      customQuestions: [
        {
          id: "q-multi",
          label: "Interests",
          help_text: null,
          type: "multiple_choice",
          required: false,
          options: ["AI", "Fintech", "Health"],
        },
        { id: "q-yes", label: "Need a visa?", help_text: null, type: "yes_no", required: false, options: [] },
        { id: "q-file", label: "Deck", help_text: null, type: "file", required: false, options: [] },
        { id: "q-size", label: "Team size", help_text: null, type: "number", required: false, options: [] },
        { id: "q-note", label: '=Note, "quoted"', help_text: null, type: "long_text", required: false, options: [] },
      ],
    }));
  });

  it("exports every submitted response with labels, joined choices, file URLs, Yes/No, quoting and no formulas", async () => {
    const first = await registered(t);
    const sent = await first.client.post(
      `/api/v1/admin/event_forms/${form.id}/applications`,
      applicationForm({
        full_name: '=HYPERLINK("http://evil")',
        email: "first@example.com",
        company: 'Acme, Inc. "The best"',
        phone: "+234 801 234 5678",
        "q-multi": ["AI", "Health"],
        "q-yes": "yes",
        "q-file": pdfFile(),
        "q-size": "-5",
        "q-note": "line one\nline two",
      }),
    );
    expect(sent.status).toBe(201);
    const fileId = sent.body.event_application.answers["q-file"].file_id;
    const firstTicket = (await first.client.get(`/api/v1/site/event_forms/${form.id}`)).body.my_ticket.code as string;
    const second = await registered(t);
    await sendApplication(second.client, form.id, { full_name: "@Second", email: "second@example.com", "q-yes": false });
    const drafter = await registered(t);
    await sendApplication(drafter.client, form.id, { full_name: "Draft" }, "draft");

    // The owner may download the applicant's document (it is private to the two of them).
    const document = await owner.client.get(`/api/v1/admin/event_applications/${sent.body.event_application.id}/files/${fileId}`);
    expect(document.status).toBe(200);
    expect(document.headers.get("content-type")).toBe("application/pdf");

    const res = await owner.client.get(responsesOf(form.id, ".csv"));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="responses-${form.id}.csv"`);
    const text = res.body as string;
    expect(text.split("\r\n")[0]).toBe(
      'Submitted at,Status,Name,Email,Ticket,Checked in at,Phone,Company,Interests,Need a visa?,Deck,Team size,"\'=Note, ""quoted"""',
    );
    expect(text).toContain('"\'=HYPERLINK(""http://evil"")"');
    expect(text).toContain('"Acme, Inc. ""The best"""');
    expect(text).toContain('"line one\nline two"');

    const rows = parseCsv(text);
    expect(rows).toHaveLength(3);
    const [, a, b] = rows;
    expect(a).toEqual([
      sent.body.event_application.submitted_at,
      "pending",
      '\'=HYPERLINK("http://evil")',
      "first@example.com",
      // The code as the screens show it (the applicant's ticket, the door's list).
      expect.stringMatching(/^[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$/),
      "",
      "'+234 801 234 5678",
      'Acme, Inc. "The best"',
      "AI; Health",
      "Yes",
      `/api/v1/admin/event_applications/${sent.body.event_application.id}/files/${fileId}`,
      // A negative number stays a number: a spreadsheet sums it, and it runs nothing.
      "-5",
      "line one\nline two",
    ]);
    expect(b.slice(1, 4)).toEqual(["pending", "'@Second", "second@example.com"]);
    expect(a[4]).toBe(formatTicketCode(firstTicket));
    expect(b[9]).toBe("No");
    expect(b[10]).toBe("");

    const filtered = parseCsv((await owner.client.get(responsesOf(form.id, ".csv?search=second"))).body);
    expect(filtered.map((r) => r[3])).toEqual(["Email", "second@example.com"]);
    const none = parseCsv((await owner.client.get(responsesOf(form.id, ".csv?status=accepted"))).body);
    expect(none).toHaveLength(1);
  });

  it("streams more than one 1,000-row page", async () => {
    const { owner: bigOwner, form: big } = await ownerWithForm(t, { questions: { full_name: { enabled: true, required: true } } });
    const db = t.database.db;
    const total = 1005;
    const people = await db
      .insert(users)
      .values(Array.from({ length: total }, (_, i) => ({ name: `Bulk ${i}`, email: `bulk.${big.id}.${i}@example.com`, passwordHash: "x" })))
      .returning({ id: users.id });
    await db.insert(eventApplications).values(
      people.map((p, i) => ({
        eventFormId: big.id,
        userId: p.id,
        status: "pending" as const,
        answers: { full_name: `Bulk ${i}` },
        applicantName: `Bulk ${i}`,
        applicantEmail: `bulk.${i}@example.com`,
        submittedAt: new Date(Date.UTC(2030, 0, 1, 0, 0, i)),
      })),
    );
    const res = await bigOwner.client.get(responsesOf(big.id, ".csv"));
    const rows = parseCsv(res.body);
    expect(rows).toHaveLength(total + 1);
    expect(rows[1][2]).toBe("Bulk 0");
    expect(rows[total][2]).toBe(`Bulk ${total - 1}`);
    expect(new Set(rows.slice(1).map((r) => r[2])).size).toBe(total);
  });
});

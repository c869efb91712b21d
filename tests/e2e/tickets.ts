import type { Browser } from "@playwright/test";
import { apiCall, registerUser, setUpCoFounder } from "./fixtures";

/** An applicant of `formId` in their own browser, with the ticket their page shows. */
export async function applicantWithTicket(browser: Browser, baseURL: string, formId: number, name: string) {
  const context = await browser.newContext({ baseURL });
  await registerUser(context, name);
  await setUpCoFounder(context);
  const { event_form: form } = await (await context.request.get(`/api/v1/site/event_forms/${formId}`)).json();
  await apiCall(context, "POST", `/api/v1/admin/event_forms/${formId}/applications`, {
    intent: "submit",
    answers: { full_name: name, email: `${name.toLowerCase().replace(/\s+/g, ".")}@example.com`, [form.custom_questions[0].id]: "Robots" },
  });
  const { my_ticket: ticket } = await (await context.request.get(`/api/v1/site/event_forms/${formId}`)).json();
  return { context, ticket: ticket as { code: string; token: string } };
}

import { data } from "react-router";
import { counted } from "#schemas/plural";
import { API } from "#schemas/contract/index";
import { DECISION_STATUSES, type DecisionStatus, type ReviewSort } from "#schemas/reviews";
import type { ApiClient } from "~/lib/api.server";
import { redirectWithToast } from "~/lib/flash.server";
import type { RequestEnv } from "~/lib/request-env";
import { MAKE_DECISION, MAX_TOP, PREVIEW_DECISION, type DecisionAnswer } from "./decision-fields";

const PAST: Record<DecisionStatus, string> = { accepted: "accepted", waitlisted: "waitlisted", rejected: "rejected" };
const TOP_REFUSED = `The number of top applications must be a whole number from 1 to ${MAX_TOP}.`;

const refused = (message: string, status = 422) => data<DecisionAnswer>({ decision: null, decisionError: message }, { status });

/** The form's best applications by normalized score: the first `top` of them that have one. */
async function topIds(api: ApiClient, formId: number, top: number): Promise<string[]> {
  const sort: ReviewSort = "normalized_score";
  const page = await api.answer(API.listResponses, { params: { id: formId }, query: { sort_by: sort, sort_order: "desc", per_page: top } });
  return page.data.filter((a) => a.review?.normalized_score != null).map((a) => String(a.id));
}

/**
 * The responses list's bulk decision, for its action (null for any other intent): Preview asks the API what
 * would change (the chosen rows, or the top N by normalized score) and shows it; Confirm makes it.
 */
export async function decisionAction(api: ApiClient, env: RequestEnv, formId: number, formData: FormData, backTo: string) {
  const intent = formData.get("intent");
  if (intent !== PREVIEW_DECISION && intent !== MAKE_DECISION) return null;
  const status = DECISION_STATUSES.find((s) => s === formData.get("status"));
  if (!status) return refused("Choose accept, waitlist or reject.");
  let ids = formData.getAll("application_ids").map(String);
  const top = String(formData.get("top") ?? "").trim();
  if (intent === PREVIEW_DECISION && top) {
    const n = Number(top);
    if (!Number.isInteger(n) || n < 1 || n > MAX_TOP) return refused(TOP_REFUSED);
    ids = await topIds(api, formId, n);
  }
  if (!ids.length) return refused(top ? "No application has a normalized score yet." : "Select the applications to decide on.");
  const notify = formData.get("notify") === "on";
  const result = await api.request(API.decideApplications, {
    params: { id: formId },
    body: { application_ids: ids, status, notify, preview: intent === PREVIEW_DECISION },
  });
  if (!result.ok) {
    const errors = Object.values(result.body.errors ?? {}).flat();
    return refused(errors[0] ?? result.body.message, result.status);
  }
  if (intent === PREVIEW_DECISION && result.body.preview)
    return data<DecisionAnswer>({ decision: { ids, status, notify, ...result.body.preview }, decisionError: null });
  return redirectWithToast(env, backTo, { type: "success", message: `${counted(result.body.updated, "application")} ${PAST[status]}.` });
}

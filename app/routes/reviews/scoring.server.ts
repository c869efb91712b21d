import { API } from "#schemas/contract/index";
import { scoringFormSchema } from "#schemas/review-queue";
import type { ApiClient } from "~/lib/api.server";
import { redirectWithToast } from "~/lib/flash.server";
import { replyInvalid, replyWithApiErrors } from "~/lib/forms.server";
import type { RequestEnv } from "~/lib/request-env";
import { parseSubmission } from "~/lib/submission.server";

/** What the scoring screen shows: the API's reading of the review, and the application as the caller may read it. */
export async function loadScoring(api: ApiClient, applicationId: number) {
  const reading = await api.answer(API.readReview, { params: { id: applicationId } });
  // The response screen's own answer: blind where the caller reads it blind, by the API's one rule.
  const detail = await api.answer(API.showResponse, { params: { id: reading.event_form_id, applicationId } });
  return { reading, detail };
}

const REVIEW_MESSAGES = { draft: "Draft saved.", submit: "Review submitted." } as const;

/**
 * The scoring form's buttons: keep a draft, submit, or declare a conflict (a plain post, so they work without
 * JavaScript, then back to the screen with a toast). The draft kept as the reviewer types (`autosave`, sent
 * by the browser) answers with when it was saved, no redirect.
 */
export async function scoringAction(api: ApiClient, env: RequestEnv, applicationId: number, formData: FormData) {
  const submission = parseSubmission(formData, { schema: scoringFormSchema });
  if (submission.status !== "success") return replyInvalid(submission);
  const { intent, scores, note, recommendation } = submission.value;
  if (intent === "conflict") {
    const result = await api.request(API.declareConflict, { params: { id: applicationId } });
    if (!result.ok) return replyWithApiErrors(submission, result);
    return redirectWithToast(env, "/reviews", { type: "success", message: result.body.message });
  }
  const result = await api.request(API.saveReview, {
    params: { id: applicationId },
    body: { scores, note: note ?? null, recommendation: recommendation ?? null, submit: intent === "submit" },
  });
  if (!result.ok) return replyWithApiErrors(submission, result);
  if (intent === "autosave") return { saved: result.body.review.updated_at };
  return redirectWithToast(env, `/reviews/${applicationId}`, { type: "success", message: REVIEW_MESSAGES[intent] });
}

import type { ApiClient } from "~/lib/api.server";
import { redirectWithToast } from "~/lib/flash.server";
import type { RequestEnv } from "~/lib/request-env";
import { API } from "#schemas/contract/index";

/**
 * "Save to library" on a form's question: the question as the form last saved it (what the owner sees
 * asked) goes to the organization's library. Null when the submission is something else.
 */
export async function saveToLibraryAction(api: ApiClient, env: RequestEnv, formId: number, formData: FormData) {
  if (formData.get("intent") !== "library-save") return null;
  const back = `/event-forms/edit/${formId}`;
  const { event_form } = await api.answer(API.showEventForm, { params: { id: formId } });
  const question = event_form.custom_questions.find((q) => q.id === formData.get("question_id"));
  if (!question) return redirectWithToast(env, back, { type: "error", message: "Save the form first: that question is not in it yet." });
  const result = await api.request(API.saveQuestion, {
    body: {
      label: question.label,
      help_text: question.help_text ?? "",
      type: question.type,
      required: question.required,
      options: question.options,
    },
  });
  return redirectWithToast(env, back, { type: result.ok ? "success" : "error", message: result.body.message });
}

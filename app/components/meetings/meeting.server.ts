import { data } from "react-router";
import { API } from "#schemas/contract/index";
import type { FormMeetingView, MeetingProviderKey } from "#schemas/meetings";
import type { ApiClient } from "~/lib/api.server";
import { redirectWithToast } from "~/lib/flash.server";
import type { RequestEnv } from "~/lib/request-env";

/** The edit page's meeting section, or null where the API has none (an upstream without meetings). */
export async function loadFormMeeting(api: ApiClient, formId: number): Promise<FormMeetingView | null> {
  const result = await api.request(API.showFormMeeting, { params: { id: formId } });
  return result.ok ? result.body : null;
}

export const MEETING_INTENTS = ["create-meeting", "update-meeting"] as const;

/**
 * The meeting section's two buttons, for the edit page's action: create a meeting with the chosen provider,
 * or send the form's time again. Null for any other intent (the page's own forms).
 */
export async function meetingAction(api: ApiClient, env: RequestEnv, formId: number, formData: FormData) {
  const intent = formData.get("intent");
  if (intent !== "create-meeting" && intent !== "update-meeting") return null;
  const params = { id: formId };
  const result =
    intent === "create-meeting"
      ? // An unknown provider is the API's to refuse, with its message.
        await api.request(API.createFormMeeting, {
          params,
          body: { provider: String(formData.get("provider") ?? "") as MeetingProviderKey },
        })
      : await api.request(API.updateFormMeeting, { params });
  if (!result.ok) {
    const meetingError = result.body.errors?.provider?.[0] ?? result.body.message;
    return data({ result: undefined, failure: null, meetingError }, { status: result.status });
  }
  return redirectWithToast(env, `/event-forms/edit/${formId}`, { type: "success", message: result.body.message });
}
